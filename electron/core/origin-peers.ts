import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often an active process says it is still calling, and re-counts the others. */
const HEARTBEAT_MS = 250;
/** A peer not heard from for this long has stopped calling (idle, or gone). */
const LIVE_MS = 1_000;
/** A peer file this old belongs to a process that died without removing it. */
const DEAD_MS = 30_000;
/** After this long with nothing to do, a process stops counting as a caller of the origin. */
const IDLE_MS = 1_000;

/**
 * The processes of this user calling one API origin right now: the app and each `cdb` run. The
 * API's limit is per source IP (spec "Limits": 20/s, bursts of 35), so they must share it rather
 * than each take all of it (DESIGN.md, "Limiter"). Each process with work keeps a heartbeat file
 * in a folder of the data folder shared by all of them; the count of fresh files is the share.
 * The files hold nothing (their name and time say it all); the calls are synchronous because
 * they are few, tiny and made at most four times a second, and the limiter's scheduling is.
 */
export class OriginPeers {
  private readonly file: string;
  private timer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private peers = 1;
  private readonly listeners = new Set<(count: number) => void>();

  constructor(private readonly dir: string) {
    this.file = join(dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** Processes calling the origin now, this one included; 1 while this one is idle. */
  get count(): number {
    return this.peers;
  }

  /** True while this process has said it is calling the origin. */
  get active(): boolean {
    return this.timer !== undefined;
  }

  /** Counts this process as calling (it has work); true if it joins others already calling. */
  join(): boolean {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.active) return false;
    this.setActive(true);
    return this.peers > 1;
  }

  /** Stops counting this process after a quiet second, if `stillIdle()` still says so then. */
  leaveWhenIdle(stillIdle: () => boolean): void {
    if (this.idleTimer || !this.active) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (stillIdle()) this.setActive(false);
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  /** Says this process now has requests to make (true), or has stopped (false). */
  setActive(active: boolean): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (active === this.active) return;
    if (active) {
      try {
        mkdirSync(this.dir, { recursive: true });
        writeFileSync(this.file, '');
      } catch {
        // No shared folder (read-only data folder): this process alone keeps below the limit.
        return;
      }
      this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
      this.timer.unref();
      this.beat();
    } else {
      clearInterval(this.timer);
      this.timer = undefined;
      rmSync(this.file, { force: true });
      this.update(1);
    }
  }

  /** Calls `listener` with the new count whenever it changes. */
  onChange(listener: (count: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private beat(): void {
    const now = Date.now();
    let live = 0;
    try {
      const time = new Date(now);
      try {
        utimesSync(this.file, time, time);
      } catch {
        writeFileSync(this.file, '');
      }
      for (const name of readdirSync(this.dir)) {
        const path = join(this.dir, name);
        const stat = statSync(path, { throwIfNoEntry: false });
        if (!stat) continue;
        const age = now - stat.mtimeMs;
        if (age < LIVE_MS) live++;
        else if (age > DEAD_MS) rmSync(path, { force: true });
      }
    } catch {
      // The folder went away meanwhile: count this process alone until the next beat.
    }
    this.update(Math.max(1, live));
  }

  private update(count: number): void {
    if (count === this.peers) return;
    this.peers = count;
    for (const listener of this.listeners) listener(count);
  }
}
