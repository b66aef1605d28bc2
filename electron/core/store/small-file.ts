import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Flags that open a file another process may have left without following a link planted there,
 * nor blocking on a FIFO (whose open waits for a writer that may never come).
 */
export const UNTRUSTED_OPEN = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The text of a small file other processes leave (a lock's owner, a heartbeat), or undefined when it
 * is missing, a link, not a regular file (a FIFO, a device: reading /dev/zero would never end) or
 * larger than `maxBytes`: never a hang, never more than that read.
 */
export async function readSmallFile(path: string, maxBytes = 4_096): Promise<string | undefined> {
  const handle = await open(path, UNTRUSTED_OPEN).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead > maxBytes ? undefined : buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
