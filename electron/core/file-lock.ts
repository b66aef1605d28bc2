import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** How long a caller waits for another process to finish with a file before giving up. */
const DEFAULT_WAIT_MS = 30_000;
/** A lock not refreshed for this long belongs to a process that died: it is taken over. */
const STALE_MS = 10_000;

/** Another process held the lock for longer than the caller would wait. */
export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

/**
 * Runs `task` holding the cross-process lock of `path` (STACK.md: proper-lockfile, mkdir-based,
 * stale locks of dead processes taken over), so the app and every `cdb` run of the user can
 * read-modify-write one file without losing each other's changes. The file need not exist; its
 * folder is created.
 */
export async function withFileLock<T>(
  path: string,
  task: () => Promise<T>,
  { waitMs = DEFAULT_WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(path, {
      realpath: false,
      stale: STALE_MS,
      update: STALE_MS / 4,
      // Short, jittered retries: these locks are held for milliseconds, a token request at most.
      retries: {
        retries: Math.ceil(waitMs / 60),
        minTimeout: 5,
        maxTimeout: 100,
        factor: 1.5,
        randomize: true,
      },
      // A lock taken over as stale (this process was frozen for 10 s) is not worth crashing for:
      // every holder re-reads the file before writing, so the worst case is one write that wins.
      onCompromised: () => undefined,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new FileLockError(
      `another process of this app kept ${path} locked for over ${Math.round(waitMs / 1000)} s; try again`,
      { cause: error },
    );
  }
  try {
    return await task();
  } finally {
    await release().catch(() => undefined);
  }
}
