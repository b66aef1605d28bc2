import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Resource } from '../../shared/api-rules.js';
import { UNTRUSTED_OPEN } from './small-file.js';
import { PartsReader, toParts } from './parts-format.js';

/** A kept list's file is at most this large (a million rows of a wide list), never read past it. */
const FILE_BYTES_MAX = 2 ** 31 - 1;
const MAGIC = 'cdb-held-list 1\n';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Written and read a megabyte at a time. */
const CHUNK_BYTES = 2 ** 20;
/** A kept list's clear header is at most this long. */
const HEADER_BYTES_MAX = 4_096;
const PRIVATE_FILE = 0o600;

/** What is said in the clear of a kept list: whose it is (its connection, a hash of its API), when it was last used. */
export interface SealedHeader {
  connectionId: string;
  api: string;
  resource: Resource;
  usedAt: number;
}

/** A kept list's file opened: its header, and where its sealed body lies. */
export interface SealedFile {
  header: SealedHeader & { nonce: string };
  file: FileHandle;
  start: number;
  size: number;
}

/**
 * Writes `trees` (parts-format.ts) to `path` sealed (docs/decisions/0015-held-lists-on-disk.md): the
 * magic line and the clear header, then AES-256-GCM under `key` with a fresh 96-bit nonce and the
 * header as associated data, a megabyte at a time and a tree at a time (the thread free between
 * them), the tag last; into a new private file renamed in, so a reader sees the old file or the new.
 */
export async function writeSealed(path: string, header: SealedHeader, trees: Iterable<unknown>, key: Buffer) {
  const full = { ...header, nonce: randomBytes(NONCE_BYTES).toString('base64') };
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(full.nonce, 'base64'));
  cipher.setAAD(associated(full));
  const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
  const file = await open(temporary, 'wx', PRIVATE_FILE);
  try {
    const head = Buffer.from(JSON.stringify(full), 'utf8');
    await file.write(Buffer.concat([Buffer.from(MAGIC, 'latin1'), lengthOf(head.length), head]));
    let chunk: Buffer[] = [];
    let bytes = 0;
    const writeChunk = async () => {
      await file.write(cipher.update(Buffer.concat(chunk)));
      chunk = [];
      bytes = 0;
    };
    for (const tree of trees) {
      for (const part of toParts(tree)) {
        chunk.push(part);
        bytes += part.length;
      }
      if (bytes >= CHUNK_BYTES) await writeChunk();
      else await nextTurn();
    }
    await writeChunk();
    await file.write(Buffer.concat([cipher.final(), cipher.getAuthTag()]));
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, path);
}

/** A kept list's header, and where its sealed body starts; undefined for a file that is not one (never followed if a link). */
export async function openSealed(path: string): Promise<SealedFile | undefined> {
  const file = await open(path, UNTRUSTED_OPEN).catch(() => undefined);
  if (!file) return undefined;
  try {
    const info = await file.stat();
    if (!info.isFile() || info.size > FILE_BYTES_MAX) throw new RangeError('not a kept list');
    const first = Buffer.alloc(Math.min(info.size, HEADER_BYTES_MAX));
    await file.read(first, 0, first.length, 0);
    if (first.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new RangeError('not a kept list');
    const length = first.readUInt32LE(MAGIC.length);
    const start = MAGIC.length + 4;
    if (start + length > first.length) throw new RangeError('not a kept list');
    const header = JSON.parse(first.toString('utf8', start, start + length)) as SealedFile['header'];
    if (
      typeof header.connectionId !== 'string' ||
      typeof header.api !== 'string' ||
      typeof header.usedAt !== 'number' ||
      typeof header.nonce !== 'string'
    )
      throw new RangeError('not a kept list');
    return { header, file, start: start + length, size: info.size };
  } catch {
    await file.close();
    return undefined;
  }
}

/**
 * The trees a sealed body holds; undefined when it cannot be opened (another key, changed on disk).
 * Read twice, a chunk at a time: its tag is checked first, over the whole body, and only a body
 * proven whole is parsed (parsing bytes an attacker chose costs what they choose: a length changed
 * in the ciphertext, with no key, made the parser copy its buffer for minutes). Closes the file.
 */
export async function readSealed(sealed: SealedFile, key: Buffer): Promise<unknown[] | undefined> {
  const { start, size } = sealed;
  try {
    if (size - start < TAG_BYTES) return undefined;
    if (!(await decrypted(sealed, key, () => undefined))) return undefined;
    const reader = new PartsReader(size - TAG_BYTES - start);
    return (await decrypted(sealed, key, (clear) => reader.push(clear))) ? reader.trees() : undefined;
  } catch {
    return undefined;
  } finally {
    await sealed.file.close();
  }
}

/** Decrypts the body a chunk at a time, each given to `take`; whether its tag held (false: nothing taken may be used). */
async function decrypted(
  { header, file, start, size }: SealedFile,
  key: Buffer,
  take: (clear: Buffer) => void,
): Promise<boolean> {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.nonce, 'base64'));
  decipher.setAAD(associated(header));
  const tag = Buffer.alloc(TAG_BYTES);
  await file.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  decipher.setAuthTag(tag);
  const chunk = Buffer.alloc(CHUNK_BYTES);
  for (let at = start; at < size - TAG_BYTES;) {
    const { bytesRead } = await file.read(chunk, 0, Math.min(CHUNK_BYTES, size - TAG_BYTES - at), at);
    if (bytesRead === 0) return false;
    take(decipher.update(chunk.subarray(0, bytesRead)));
    at += bytesRead;
  }
  try {
    decipher.final();
    return true;
  } catch {
    return false;
  }
}

/** What the cipher binds a kept list to: its connection, its API and its list, as the header says them. */
function associated(header: SealedHeader): Buffer {
  return Buffer.from(
    JSON.stringify([MAGIC, header.connectionId, header.api, header.resource, header.usedAt]),
    'utf8',
  );
}

function lengthOf(length: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(length);
  return buffer;
}
