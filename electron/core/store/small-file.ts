import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

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
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // It grew while being read: the same refusal as when it was that large already.
    if (bytesRead > maxBytes) return { kind: 'refused', problem: `larger than ${maxBytes} bytes` };
    return { kind: 'text', text: buffer.subarray(0, bytesRead).toString('utf8') };
  } finally {
    await handle.close();
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
