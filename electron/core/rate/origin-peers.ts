import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, opendirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ownerIn, stillRunning, thisProcess } from '../store/process-owner.js';
import { PRIVATE_FOLDER } from '../store/data-file.js';

/** How often an active process says it is still calling, and re-counts the others. */
const HEARTBEAT_MS = 250;
/** A peer not heard from for this long (or dated this far ahead) is not calling now. */
const LIVE_MS = 1_000;
/** After this long with nothing to do, a process stops counting as a caller of the origin. */
const IDLE_MS = 1_000;
/**
 * Peers counted at most: whatever files the folder holds, this process keeps a sixteenth of the
 * origin's rate (the user does not run more processes than that against one API).
 */
const MOST_PEERS = 16;
/**
 * Files of the folder looked at per beat, and the largest read: a beat runs on the main thread four
 * times a second, so a folder flooded with files (or one huge file) costs it a bounded moment.
 */
const MOST_FILES_LOOKED_AT = 256;
const LARGEST_HEARTBEAT_BYTES = 1_024;
/** A heartbeat's name: the pid of its process and a random part. */
const HEARTBEAT_NAME = /^(\d+)-[0-9a-f]{8}$/;

/**
 * The processes of this user calling one API origin right now: the app and each `cdb` run. The
 * API's limit is per source IP (spec "Limits": 20/s, bursts of 35), so they must share it rather
 * than each take all of it (docs/architecture.md, "Files shared between processes"). Each process
 * with work keeps a heartbeat file in a folder of the data folder shared by all of them, naming
 * the process (process-owner.ts). A file counts while its process runs and has touched it within
 * the last second: one dated in the future, or whose process is gone, does not (the latter is
 * removed); a file that cannot be removed is passed over. The calls are synchronous because they
 * are few, tiny and made at most four times a second, and the limiter's scheduling is.
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
        // The user's alone, as every folder the app makes (its files name this computer's processes).
        mkdirSync(this.dir, { recursive: true, mode: PRIVATE_FOLDER });
        writeFileSync(this.file, JSON.stringify(thisProcess()), { mode: 0o600 });
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
    let names: string[] = [];
    try {
      const time = new Date(now);
      try {
        utimesSync(this.file, time, time);
      } catch {
        writeFileSync(this.file, JSON.stringify(thisProcess()), { mode: 0o600 });
      }
      names = firstNames(this.dir, MOST_FILES_LOOKED_AT);
    } catch {
      // The folder went away meanwhile: count this process alone until the next beat.
    }
    let live = 1;
    for (const name of names) {
      const path = join(this.dir, name);
      if (path === this.file) continue;
      const peer = peerState(path, name, now);
      if (peer === 'calling') live++;
      else if (peer === 'gone') removeIfAble(path);
    }
    this.update(Math.min(MOST_PEERS, live));
  }

  private update(count: number): void {
    if (count === this.peers) return;
    this.peers = count;
    for (const listener of this.listeners) listener(count);
  }
}

/**
 * What a file of the folder says of its process: calling now, quiet (running, not calling, or
 * dated ahead), gone (its process does not run: the file may be removed), or not a heartbeat.
 */
function peerState(path: string, name: string, now: number): 'calling' | 'quiet' | 'gone' | 'other' {
  const pid = HEARTBEAT_NAME.exec(name)?.[1];
  if (pid === undefined) return 'other';
  let text: string;
  let modified: number;
  try {
    const stat = lstatSync(path);
    if (!stat.isFile() || stat.size > LARGEST_HEARTBEAT_BYTES) return 'other';
    modified = stat.mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch {
    return 'other';
  }
  // An older version's heartbeat is empty: its name still gives the pid.
  const owner = ownerIn(text) ?? { pid: Number(pid), host: hostname() };
  if (stillRunning(owner) === false) return 'gone';
  return Math.abs(now - modified) < LIVE_MS ? 'calling' : 'quiet';
}

/** The names of at most `most` entries of `dir`, read one by one (never the whole of a flooded folder). */
function firstNames(dir: string, most: number): string[] {
  const names: string[] = [];
  const handle = opendirSync(dir);
  try {
    for (let entry = handle.readSync(); entry && names.length < most; entry = handle.readSync()) {
      names.push(entry.name);
    }
  } finally {
    handle.closeSync();
  }
  return names;
}

/** Removes a dead process's heartbeat; one that cannot be removed (permissions) stays, passed over. */
function removeIfAble(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Not counted either way: the next beat passes over it again.
  }
}
