import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';

/**
 * The data folder's files (settings, profiles, the token ledger, the audit log) are the user's own:
 * made readable by the user only, and never written through a symbolic link planted at their name
 * (write-file-atomic would replace the link's target, appendFile would append to it).
 */
const PRIVATE_FILE = 0o600;

/** Refused: `path` is a link; its message names the path and what to do (an ErrnoException: shown as a file error). */
function linkRefused(path: string): NodeJS.ErrnoException {
  return Object.assign(
    new Error(`${path} is a symbolic link: the app does not write through it; remove it and try again`),
    { code: 'ELOOP' },
  );
}

/** Replaces `path` with `text` whole (a reader sees the old file or the new one), unless a link stands there. */
export async function writeDataFile(path: string, text: string): Promise<void> {
  if ((await lstat(path).catch(() => undefined))?.isSymbolicLink()) throw linkRefused(path);
  await writeFileAtomic(path, text, { mode: PRIVATE_FILE });
}

/** Appends `text` to `path` (made if missing), never through a link. */
export async function appendDataFile(path: string, text: string): Promise<void> {
  let handle;
  try {
    handle = await open(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
      PRIVATE_FILE,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw linkRefused(path);
    throw error;
  }
  try {
    await handle.appendFile(text);
  } finally {
    await handle.close();
  }
}

/** Makes the data folder (and those above it) readable by the user only where it creates them. */
export const PRIVATE_FOLDER = 0o700;
