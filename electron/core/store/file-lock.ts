import { randomUUID } from 'node:crypto';
import { lstat, mkdir, opendir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
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
/**
 * How many names of a lock folder a waiter reads: a lock holds two or three, and a folder another
 * process filled cannot stall the waiter.
 */
const NAMES_READ = 32;

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
 * the file (`<path>.lock`) holding its owner file, named by the acquisition's token, which names the
 * process that holds it (process-owner.ts); it is put in place whole by a rename, so it is never
 * seen unnamed. A lock is taken over when its owner no longer runs (docs/architecture.md, "Files
 * shared between processes"), or, where this machine cannot tell, when its holder has stopped
 * beating for SILENT_STALE_MS; never because of its folder's clock.
 *
 * Removing a lock, by a holder or a waiter, first claims it: the one name inside it that says which
 * lock it is (its owner file) is renamed. That rename succeeds for one caller only, and only while
 * that very lock stands at the name, so a waiter whose judgement went stale (the lock it judged was
 * removed and another took the name) touches nothing; only then is the folder moved aside and removed.
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
    // Only this acquisition's lock: when another's stands at the name (this one was taken over), nothing moves.
    await removeClaimed(lock, ownerFileOf(holding.token));
    heldHere.delete(holding.token);
  }
}

/** This acquisition of a lock: it beats while held. */
interface Holding {
  token: string;
  beat(): Promise<void>;
}

/** Takes the lock if it is free, or held by nobody alive: this acquisition, or undefined. */
async function tryToTake(lock: string, silence: Silence): Promise<Holding | undefined> {
  const token = randomUUID();
  const owner: LockOwner = { ...thisProcess(), token };
  const made = `${lock}.${token}.new`;
  await mkdir(made, { mode: 0o700 });
  try {
    await writeWhole(join(made, ownerFileOf(token)), JSON.stringify(owner));
    // Known as held here before it is in place: another caller of this process judging it in the
    // moment after the rename must not take it for one left behind.
    heldHere.add(token);
    try {
      await rename(made, lock);
    } catch (error) {
      heldHere.delete(token);
      if (!isTaken(error)) throw error;
      const found = await abandonedLock(lock, silence);
      if (found) await takeOver(lock, found);
      return undefined;
    }
  } finally {
    await rm(made, { recursive: true, force: true }).catch(() => undefined);
  }
  let beats = 0;
  return {
    token,
    // Beats go to a file named by this acquisition's token, never to the owner file: a beat that
    // lands in a lock taken over meanwhile (checked, then written) then touches no other holder's.
    beat: () => writeWhole(join(lock, beatFileOf(token)), String(++beats)).catch(() => undefined),
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
 * What a waiter found at a lock's name that belongs to nobody alive, and how it is removed without
 * touching anything that took its place: a file by `unlink` (which never removes a folder), an empty
 * folder by `rmdir` (never one with a name in it), a lock folder by claiming `name` in it.
 */
export type AbandonedLock = { kind: 'file' } | { kind: 'empty' } | { kind: 'claim'; name: string };

/** Removes what `abandonedLock` judged, if it still stands at the name; anything else stays as it is. */
export async function takeOver(lock: string, found: AbandonedLock): Promise<void> {
  if (found.kind === 'file') await unlink(lock).catch(() => undefined);
  else if (found.kind === 'empty') await rmdir(lock).catch(() => undefined);
  else await removeClaimed(lock, found.name);
}

/**
 * Removes the lock folder holding `name`: claimed by renaming `name` (of several callers one
 * succeeds, and none when that lock has left the name), then moved aside and removed.
 */
async function removeClaimed(lock: string, name: string): Promise<void> {
  const claimed = await rename(join(lock, name), join(lock, `taken-${randomUUID()}`)).then(
    () => true,
    () => false,
  );
  if (!claimed) return;
  const aside = `${lock}.stale-${randomUUID()}`;
  await rename(lock, aside).catch(() => undefined);
  await rm(aside, { recursive: true, force: true }).catch(() => undefined);
}

/**
 * What stands at the lock's name if it belongs to no running process (see AbandonedLock), or
 * undefined while it may be held (or nothing is there).
 */
export async function abandonedLock(lock: string, silence: Silence): Promise<AbandonedLock | undefined> {
  const found = await lstat(lock).catch(() => undefined);
  if (!found) return undefined;
  if (!found.isDirectory()) return { kind: 'file' };
  const names = await namesIn(lock);
  const ownerFile = names.find(isOwnerFile);
  const named = ownerFile === undefined ? undefined : await ownerIn(lock, ownerFile);
  if (!ownerFile || !named) {
    // Its owner died between making it and naming itself (an older version), or it is being
    // removed: judged by its date, either way from now, so a date in the future cannot keep it.
    if (Math.abs(Date.now() - found.mtimeMs) <= UNNAMED_STALE_MS) return undefined;
    return names[0] === undefined ? { kind: 'empty' } : { kind: 'claim', name: names[0] };
  }
  return (await ownerIsGone(lock, named, silence)) ? { kind: 'claim', name: ownerFile } : undefined;
}

/** Whether a named lock's holder is gone: its process ended, or it stopped beating. */
async function ownerIsGone(lock: string, named: LockOwner, silence: Silence): Promise<boolean> {
  const owner = await withBeats(lock, named);
  const running = stillRunning(owner);
  if (running === false) return true;
  const self = thisProcess();
  if (
    owner.token !== undefined &&
    owner.pid === self.pid &&
    owner.host === self.host &&
    owner.started === self.started
  ) {
    // This very process: held when one of its acquisitions holds it now, else left behind.
    return !heldHere.has(owner.token);
  }
  // An older version's lock (it does not beat) of a process known to run: held.
  if (owner.token === undefined && running === true && owner.started !== undefined) return false;
  // Otherwise its beats tell: a holder beats while it holds, whatever this machine knows of it.
  return silence.heardNothingFrom(owner);
}

/** The first names in a lock folder (at most NAMES_READ). */
async function namesIn(folder: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of await opendir(folder)) {
      names.push(entry.name);
      if (names.length >= NAMES_READ) break;
    }
  } catch {
    // Gone meanwhile: nothing in it.
  }
  return names;
}

/** An older version's owner file. */
const OLDER_OWNER_FILE = 'owner';
/** The owner file of the acquisition `token`: its name is what a remover claims. */
const OWNER_PREFIX = 'owner-';
const ownerFileOf = (token: string) => `${OWNER_PREFIX}${token}`;
/** An acquisition's token as file names may hold it (a UUID here; anything else is not read by name). */
const isToken = (token: string) => /^[A-Za-z0-9-]{1,64}$/.test(token);
const isOwnerFile = (name: string) =>
  name === OLDER_OWNER_FILE || (name.startsWith(OWNER_PREFIX) && isToken(name.slice(OWNER_PREFIX.length)));

/** The owner a lock's owner file names, read without following a link or blocking on a FIFO (L3). */
async function ownerIn(folder: string, ownerFile: string): Promise<LockOwner | undefined> {
  const text = await readSmallFile(join(folder, ownerFile));
  if (text === undefined) return undefined;
  try {
    const parsed = lockOwnerSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    // A file named for one acquisition names that acquisition's token, or it names nobody.
    const named = ownerFile === OLDER_OWNER_FILE || ownerFile === ownerFileOf(parsed.data.token ?? '');
    return named ? parsed.data : undefined;
  } catch {
    return undefined;
  }
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
  if (owner.token === undefined || !isToken(owner.token)) return owner;
  const beats = Number(await readSmallFile(join(lock, beatFileOf(owner.token)), 32));
  return Number.isSafeInteger(beats) && beats > (owner.beats ?? 0) ? { ...owner, beats } : owner;
}

/** What a waiter has heard of a lock's holder: its beats, and since when (this process's clock) none came. */
export class Silence {
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
