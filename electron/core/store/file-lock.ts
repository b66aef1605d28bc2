import { randomUUID } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { processOwnerSchema, stillRunning, thisProcess } from './process-owner.js';
import { PRIVATE_FOLDER } from './data-file.js';
import { readSmallFile } from './small-file.js';

/** How long a caller waits for another process to finish with a file before giving up. */
const DEFAULT_WAIT_MS = 30_000;
/**
 * A lock that names no owner is taken over once its folder is this far from now, either way (its
 * owner died between making it and naming itself, or an older version of the app left it): a
 * modification time in the future cannot make a lock last forever.
 */
const UNNAMED_STALE_MS = 10_000;
/** Short, growing, jittered waits between tries: these locks are held for milliseconds, a token request at most. */
const FIRST_RETRY_MS = 5;
const LONGEST_RETRY_MS = 100;
/** How often a holder says it still holds its lock (the count in its beats file goes up). */
const BEAT_MS = 2_000;
/**
 * A lock whose owner this machine cannot judge (another host, or a pid whose start time the system
 * does not tell: macOS, Windows) is taken over when a waiter has seen no beat of it for this long:
 * the holder's liveness, observed on this process's own clock, never the file's.
 */
const SILENT_STALE_MS = 20_000;

/** The tokens of the locks this process holds now: a lock naming this process with another token was left behind. */
const heldHere = new Set<string>();
/** How many times a release tries again while a waiter has the lock aside for a moment. */
const RELEASE_TRIES = 20;

/** Another process held the lock for longer than the caller would wait. */
export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

/** What a lock's owner file says: the process, this acquisition's token, and its beats so far. */
const lockOwnerSchema = processOwnerSchema.extend({
  token: z.string().optional(),
  beats: z.number().int().nonnegative().optional(),
});
type LockOwner = z.infer<typeof lockOwnerSchema>;

/** How a caller may tune the wait (tests shorten the silence after which a lock is taken over). */
export interface FileLockOptions {
  waitMs?: number;
  silentStaleMs?: number;
}

/**
 * Runs `task` holding the cross-process lock of `path`, so the app and every `cdb` run of the user
 * can read-modify-write one file without losing each other's changes. The lock is a folder beside
 * the file (`<path>.lock`) holding the name of the process that holds it (process-owner.ts), put in
 * place whole by a rename, so it is never seen unnamed. A lock is taken over when its owner no
 * longer runs (docs/architecture.md, "Files shared between processes"), or, where this machine
 * cannot tell, when its holder has stopped beating for SILENT_STALE_MS; never because of its
 * folder's clock. Taking over renames the lock aside (atomic: of several waiters one wins), and a
 * holder releases only the lock its own acquisition made.
 */
export async function withFileLock<T>(
  path: string,
  task: () => Promise<T>,
  { waitMs = DEFAULT_WAIT_MS, silentStaleMs = SILENT_STALE_MS }: FileLockOptions = {},
): Promise<T> {
  const lock = `${path}.lock`;
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
  const giveUpAt = performance.now() + waitMs;
  const silence = new Silence(silentStaleMs);
  let held: Holding | undefined;
  for (let attempt = 0; !(held = await tryToTake(lock, silence)); attempt++) {
    if (performance.now() >= giveUpAt) {
      throw new FileLockError(
        `another process of this app kept ${path} locked for over ${Math.max(1, Math.round(waitMs / 1000))} s; try again, or if no other window of the app nor cdb runs, remove the folder ${lock}`,
      );
    }
    await sleep(Math.random() * Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 1.5 ** attempt));
  }
  const holding = held;
  const beat = setInterval(() => void holding.beat(), BEAT_MS);
  beat.unref();
  try {
    return await task();
  } finally {
    clearInterval(beat);
    await holding.release();
    heldHere.delete(holding.token);
  }
}

/** This acquisition of a lock: it beats while held, and releases only what it made. */
interface Holding {
  token: string;
  beat(): Promise<void>;
  release(): Promise<void>;
}

/** Takes the lock if it is free, or held by nobody alive: this acquisition, or undefined. */
async function tryToTake(lock: string, silence: Silence): Promise<Holding | undefined> {
  const owner: LockOwner = { ...thisProcess(), token: randomUUID(), beats: 0 };
  const token = owner.token ?? '';
  const made = `${lock}.${token}.new`;
  await mkdir(made, { mode: 0o700 });
  try {
    await writeOwner(made, owner);
    // Known as held here before it is in place: another caller of this process judging it in the
    // moment after the rename must not take it for one left behind.
    heldHere.add(token);
    try {
      await rename(made, lock);
    } catch (error) {
      heldHere.delete(token);
      if (!isTaken(error)) throw error;
      await takeOverIfAbandoned(lock, silence);
      return undefined;
    }
  } finally {
    await rm(made, { recursive: true, force: true }).catch(() => undefined);
  }
  return {
    token,
    // Beats go to a file named by this acquisition's token, never to the owner file: a beat that
    // lands in a lock taken over meanwhile (checked, then written) then touches no other holder's.
    beat: async () => {
      owner.beats = (owner.beats ?? 0) + 1;
      await writeWhole(join(lock, beatFileOf(token)), String(owner.beats)).catch(() => undefined);
    },
    release: () => release(lock, token),
  };
}

/** Whether a rename failed because something stands at the lock's name. */
function isTaken(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === 'EEXIST' || code === 'ENOTEMPTY' || code === 'ENOTDIR' || code === 'EPERM' || code === 'EISDIR'
  );
}

/**
 * Puts what stands at the lock's name aside when it belongs to nobody alive: renamed first (of
 * several waiters, one succeeds), then removed. A live lock moved aside by a waiter that judged an
 * older one (its owner's token differs) is put back.
 */
async function takeOverIfAbandoned(lock: string, silence: Silence): Promise<void> {
  const judged = await abandoned(lock, silence);
  if (!judged) return;
  const aside = await putAside(lock, false);
  if (!aside || judged === true) {
    if (aside) await rm(aside, { recursive: true, force: true }).catch(() => undefined);
    return;
  }
  const moved = await ownerOf(aside);
  if (moved?.token === judged.token) await rm(aside, { recursive: true, force: true }).catch(() => undefined);
  else await putBack(aside, lock);
}

/**
 * Puts a live lock moved aside back at its name. When another lock took the name in the moment it
 * was free, the moved one stays where it is, never removed: its holder still holds it.
 */
async function putBack(aside: string, lock: string): Promise<void> {
  await rename(aside, lock).catch(() => undefined);
}

/**
 * Removes the lock if this acquisition made it: renamed aside first, then judged by its token (put
 * back when it is another's). A waiter may have it aside for a moment to judge it: tried again.
 */
async function release(lock: string, token: string): Promise<void> {
  for (let attempt = 0; attempt < RELEASE_TRIES; attempt++) {
    const named = await ownerOf(lock);
    // Another's lock stands at the name (this one was taken over): nothing of this holder's to remove.
    if (named && named.token !== token) return;
    const aside = named ? await putAside(lock, false) : undefined;
    if (aside) {
      if ((await ownerOf(aside))?.token === token)
        await rm(aside, { recursive: true, force: true }).catch(() => undefined);
      else await putBack(aside, lock);
      return;
    }
    if (!(await lstat(lock).catch(() => undefined)) && attempt > 2) return;
    await sleep(FIRST_RETRY_MS);
  }
}

/** Renames the lock aside (atomic), then removes it unless `remove` is false: where it went, if it was there. */
async function putAside(lock: string, remove = true): Promise<string | undefined> {
  const aside = `${lock}.stale-${randomUUID()}`;
  try {
    await rename(lock, aside);
  } catch {
    // Gone already (another waiter took it over), or nothing to move.
    return undefined;
  }
  if (remove) await rm(aside, { recursive: true, force: true }).catch(() => undefined);
  return aside;
}

/**
 * Whether what stands at the lock's name belongs to no running process: the owner so judged (so a
 * takeover can check it moved that one), true for debris, false while it may be held.
 */
async function abandoned(lock: string, silence: Silence): Promise<LockOwner | boolean> {
  const found = await lstat(lock).catch(() => undefined);
  if (!found) return false;
  if (!found.isDirectory()) return true;
  const named = await ownerOf(lock);
  if (!named) return Math.abs(Date.now() - found.mtimeMs) > UNNAMED_STALE_MS;
  const owner = await withBeats(lock, named);
  const running = stillRunning(owner);
  if (running === false) return owner;
  const self = thisProcess();
  if (
    owner.token !== undefined &&
    owner.pid === self.pid &&
    owner.host === self.host &&
    owner.started === self.started
  ) {
    // This very process: held when one of its acquisitions holds it now, else left behind.
    return heldHere.has(owner.token) ? false : owner;
  }
  // An older version's lock (it does not beat) of a process known to run: held.
  if (owner.token === undefined && running === true && owner.started !== undefined) return false;
  // Otherwise its beats tell: a holder beats while it holds, whatever this machine knows of it.
  return silence.heardNothingFrom(owner) ? owner : false;
}

/** The owner a lock folder names, read without following a link or blocking on a FIFO (L3). */
async function ownerOf(folder: string): Promise<LockOwner | undefined> {
  const text = await readSmallFile(join(folder, 'owner'));
  if (text === undefined) return undefined;
  try {
    const parsed = lockOwnerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the owner file whole (a reader never sees half of it). */
function writeOwner(folder: string, owner: LockOwner): Promise<void> {
  return writeWhole(join(folder, 'owner'), JSON.stringify(owner));
}

/** Writes `path` whole, by a rename (a reader never sees half of it). */
async function writeWhole(path: string, text: string): Promise<void> {
  const next = `${path}.${randomUUID()}`;
  await writeFile(next, text, { mode: 0o600 });
  await rename(next, path);
}

/** The file a holder's beats go to, named by its acquisition's token. */
const beatFileOf = (token: string) => `beats-${token}`;

/** `owner` with the beats its holder wrote beside it (an older version wrote them in the owner file). */
async function withBeats(lock: string, owner: LockOwner): Promise<LockOwner> {
  if (owner.token === undefined || !/^[A-Za-z0-9-]{1,64}$/.test(owner.token)) return owner;
  const beats = Number(await readSmallFile(join(lock, beatFileOf(owner.token)), 32));
  return Number.isSafeInteger(beats) && beats > (owner.beats ?? 0) ? { ...owner, beats } : owner;
}

/** What a waiter has heard of a lock's holder: its beats, and since when (this process's clock) none came. */
class Silence {
  private last: { token: string | undefined; beats: number | undefined; since: number } | undefined;

  constructor(private readonly staleMs: number) {}

  /** Whether `owner` has not beaten for the stale time while this waiter watched. */
  heardNothingFrom(owner: LockOwner): boolean {
    const now = performance.now();
    if (!this.last || this.last.token !== owner.token || this.last.beats !== owner.beats) {
      this.last = { token: owner.token, beats: owner.beats, since: now };
      return false;
    }
    return now - this.last.since >= this.staleMs;
  }
}
