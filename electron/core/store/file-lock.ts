import { lstat, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ownerIn, stillRunning, thisProcess } from './process-owner.js';

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

/** Another process held the lock for longer than the caller would wait. */
export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

/**
 * Runs `task` holding the cross-process lock of `path`, so the app and every `cdb` run of the user
 * can read-modify-write one file without losing each other's changes. The lock is a folder beside
 * the file (`<path>.lock`, made atomically by mkdir) holding the name of the process that holds it
 * (process-owner.ts). A lock is taken over when that process no longer runs, never because of its
 * folder's clock (docs/architecture.md, "Files shared between processes"); anything else found at
 * the lock's name (a file, a folder naming nobody for a while) is debris and is removed. Node has
 * no flock, so two processes taking over the same dead lock at once may both run their task: each
 * holder re-reads the file before writing it, so the worst case is one write that wins.
 */
export async function withFileLock<T>(
  path: string,
  task: () => Promise<T>,
  { waitMs = DEFAULT_WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  const lock = `${path}.lock`;
  await mkdir(dirname(path), { recursive: true });
  const giveUpAt = performance.now() + waitMs;
  for (let attempt = 0; !(await tryToTake(lock)); attempt++) {
    if (performance.now() >= giveUpAt) {
      throw new FileLockError(
        `another process of this app kept ${path} locked for over ${Math.max(1, Math.round(waitMs / 1000))} s; try again`,
      );
    }
    await sleep(Math.random() * Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 1.5 ** attempt));
  }
  try {
    return await task();
  } finally {
    await rm(lock, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Takes the lock if it is free, or held by nobody alive: true when this process holds it now. */
async function tryToTake(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (await abandoned(lock)) await rm(lock, { recursive: true, force: true });
    return false;
  }
  try {
    await writeFile(join(lock, 'owner'), JSON.stringify(thisProcess()), { mode: 0o600 });
  } catch (error) {
    // Not named (a full disk): not held either.
    await rm(lock, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  return true;
}

/** Whether what stands at the lock's name belongs to no running process (it may then be removed). */
async function abandoned(lock: string): Promise<boolean> {
  const found = await lstat(lock).catch(() => undefined);
  if (!found) return false;
  if (!found.isDirectory()) return true;
  const owner = ownerIn(await readFile(join(lock, 'owner'), 'utf8').catch(() => ''));
  if (owner) return stillRunning(owner) === false;
  return Math.abs(Date.now() - found.mtimeMs) > UNNAMED_STALE_MS;
}
