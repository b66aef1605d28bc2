import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * Flags that open a file another process may have left without following a link planted there,
 * nor blocking on a FIFO (whose open waits for a writer that may never come).
 */
export const UNTRUSTED_OPEN = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A file read with care: absent, its text, or why it was not read (a link, not a regular file, too large). */
export type CarefulRead =
  { kind: 'missing' } | { kind: 'text'; text: string } | { kind: 'refused'; problem: string };

/**
 * Reads the file at `path` without following a link, without blocking on a FIFO or reading a device
 * (/dev/zero would never end), and never more than `maxBytes`: whatever another process or a person
 * left there, the read ends at once. Errors other than these are the caller's.
 */
export async function readCarefully(path: string, maxBytes: number): Promise<CarefulRead> {
  let handle;
  try {
    handle = await open(path, UNTRUSTED_OPEN);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    // O_NOFOLLOW refuses a link with ELOOP (EMLINK on some BSDs).
    if (code === 'ELOOP' || code === 'EMLINK')
      return { kind: 'refused', problem: 'a link, not a file: not followed' };
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile())
      return { kind: 'refused', problem: 'not a regular file (a FIFO, a device or a folder)' };
    if (stat.size > maxBytes) return { kind: 'refused', problem: `larger than ${maxBytes} bytes` };
    const bytes = await readToEnd(handle, stat.size, maxBytes + 1);
    // It grew while being read: the same refusal as when it was that large already.
    if (bytes.length > maxBytes) return { kind: 'refused', problem: `larger than ${maxBytes} bytes` };
    return { kind: 'text', text: bytes.toString('utf8') };
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of the open file `handle` up to its end or `limit`, whichever comes first, in a buffer
 * the size `stat` gave (and larger only if the file grows meanwhile): a buffer of the cap, zeroed at
 * every read, cost megabytes per read of a settings file of a few kilobytes.
 */
async function readToEnd(handle: FileHandle, size: number, limit: number): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(size + 1, limit));
  let length = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    length += bytesRead;
    if (bytesRead === 0 || length === limit) return buffer.subarray(0, length);
    if (length === buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  }
}

/**
 * The text of a small file other processes leave (a lock's owner, a heartbeat), or undefined when it
 * is missing, a link, not a regular file or larger than `maxBytes`: never a hang, never more than that read.
 */
export async function readSmallFile(path: string, maxBytes = 4_096): Promise<string | undefined> {
  const read = await readCarefully(path, maxBytes).catch(() => undefined);
  return read?.kind === 'text' ? read.text : undefined;
}
