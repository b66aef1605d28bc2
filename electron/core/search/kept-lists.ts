import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { join } from 'node:path';
import { LANGUAGES, type Language, type Resource } from '../../shared/api-rules.js';
import { PRIVATE_FOLDER } from '../store/data-file.js';
import { readSmallFile, UNTRUSTED_OPEN } from '../store/small-file.js';
import type { TypedTextSeal } from '../store/typed-text.js';
import { HeldList, type ListSource } from './held-list-state.js';
import { HeldRows, type RowsDump } from './held-rows.js';
import type { BlockDump } from './row-block.js';
import { listKey } from './held-lists.js';
import { PartsReader, toParts } from './parts-format.js';
import type { ServerClock } from './catch-up.js';

/** The lists kept: a connection's own, never one customer's (small, and read again at once). */
const KEPT: ReadonlySet<Resource> = new Set(['customers', 'contacts', 'agreements']);
/** A list not used for this long is deleted (at the next start, or the next write). */
export const KEPT_UNUSED_MS = 7 * 24 * 3_600_000;
/** A list settled is written this long after, once, however often it settles meanwhile. */
const WRITE_AFTER_MS = 30_000;
/** At quit, a list whose rows did not change is written again only when used this much later than its file says. */
const STALE_USE_MS = 24 * 3_600_000;
/** A kept list's file is at most this large (a million rows of a wide list), never read past it. */
const FILE_BYTES_MAX = 2 ** 31 - 1;
const MAGIC = 'cdb-held-list 1\n';
const NONCE_BYTES = 12;
/** Written and read a megabyte at a time. */
const CHUNK_BYTES = 2 ** 20;
/** A kept list's clear header is at most this long. */
const HEADER_BYTES_MAX = 4_096;
const TAG_BYTES = 16;
const PRIVATE_FILE = 0o600;
/** The file holding the list files' key, sealed by the keychain's (typed-text.ts). */
const KEY_FILE = 'key';

/** What is said in the clear of a kept list: whose it is (its connection, a hash of its API), when it was last used, its nonce. */
interface Header {
  connectionId: string;
  api: string;
  resource: Resource;
  usedAt: number;
  nonce: string;
}

/** What a kept list's file holds first: the list without its rows' blocks, which follow it one by one. */
type KeptHead = Omit<ListDump, 'rows'> & { rows: Omit<RowsDump, 'blocks'>; blocks: number };

/** What a kept list holds, sealed. */
interface ListDump {
  lang: Language;
  asOf: number | undefined;
  wholeAt: number | undefined;
  clock: ServerClock | undefined;
  total: number | undefined;
  translations: [Language, { words: [string, [string, string][]][]; complete: boolean }][];
  rows: RowsDump;
}

/**
 * The lists held for search, kept between sessions (docs/decisions/0015-held-lists-on-disk.md): each
 * a file of the data folder's `held-lists/`, AES-256-GCM with a fresh nonce at each write, bound to
 * its connection, the API it was read from and its list (associated data), under a key made once and kept sealed by the OS
 * keychain (`TypedTextSeal`: safeStorage in the app, a keychain key through keytar in the browser
 * host). Without a keychain nothing is written (said once). A list is written half a minute after
 * it settles, deleted after 7 days unused, with its connection, or when the person asks.
 */
export class KeptLists {
  private key: Promise<Buffer | undefined> | undefined;
  private readonly pending = new Map<string, { list: HeldList; timer: NodeJS.Timeout }>();
  /** By connection: a hash of the API and bundle its lists were read from (load says it). */
  private readonly apis = new Map<string, string>();
  /** What each list's file holds now: its rows, and when it was last used then. */
  private readonly written = new Map<string, { serial: number; usedAt: number }>();
  private writing = Promise.resolve();
  private saidNoKeychain = false;

  constructor(
    private readonly folder: string,
    private readonly seal: TypedTextSeal,
    /** Told once, in the person's words' stead: why nothing is kept. */
    private readonly notice: (what: 'no-keychain' | 'unreadable') => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The list settled: written soon (a list kept, not one customer's). */
  schedule(list: HeldList): void {
    if (!KEPT.has(list.view.resource) || list.view.customerId !== undefined) return;
    const known = this.pending.get(list.key);
    if (known) known.list = list;
    else {
      const timer = setTimeout(() => void this.writeNow(list.key), WRITE_AFTER_MS);
      timer.unref();
      this.pending.set(list.key, { list, timer });
    }
  }

  /**
   * Writes what is waiting now, and the lists used since their file was written (it says when a
   * list was last used: unused for a week, it is deleted), and waits for every write (the app is
   * quitting).
   */
  async flush(lists: readonly HeldList[]): Promise<void> {
    for (const list of lists) {
      const written = this.written.get(list.key);
      if (!written || written.serial !== list.rows.serial || list.lastUsed - written.usedAt > STALE_USE_MS)
        this.schedule(list);
    }
    for (const key of [...this.pending.keys()]) void this.writeNow(key);
    await this.writing;
  }

  /**
   * The lists of `source`'s connection kept from an earlier session, not older than KEPT_UNUSED_MS
   * unused, and read from `api` (its address and bundle): a connection edited since names another,
   * and its lists are deleted. The lists written from now on are bound to it.
   */
  async load(source: ListSource, api: string): Promise<HeldList[]> {
    const bound = createHash('sha256').update(api).digest('base64');
    this.apis.set(source.connectionId, bound);
    const lists: HeldList[] = [];
    for (const resource of KEPT) {
      const path = this.pathOf(source.connectionId, resource);
      const read = await this.read(path);
      if (!read) continue;
      const { header } = read;
      if (header.connectionId !== source.connectionId || header.resource !== resource) {
        await read.file.close();
        continue;
      }
      if (this.now() - header.usedAt > KEPT_UNUSED_MS || header.api !== bound) {
        await read.file.close();
        await rm(path, { force: true });
        continue;
      }
      const dump = await this.open(header, read);
      if (!dump) {
        await rm(path, { force: true });
        this.notice('unreadable');
        continue;
      }
      try {
        const list = restoreList(source, resource, dump, header.usedAt);
        lists.push(list);
        this.written.set(list.key, { serial: list.rows.serial, usedAt: header.usedAt });
      } catch {
        await rm(path, { force: true });
        this.notice('unreadable');
      }
    }
    return lists;
  }

  /** Deletes the kept lists of a connection, or all of them (and the key) when none is named. */
  async forget(connectionId?: string): Promise<void> {
    for (const [key, { list, timer }] of [...this.pending]) {
      if (connectionId !== undefined && list.source.connectionId !== connectionId) continue;
      clearTimeout(timer);
      this.pending.delete(key);
    }
    await this.writing;
    if (connectionId === undefined) {
      this.key = undefined;
      await rm(this.folder, { recursive: true, force: true });
      return;
    }
    for (const resource of KEPT) await rm(this.pathOf(connectionId, resource), { force: true });
  }

  /** Deletes the kept lists no one has used for KEPT_UNUSED_MS (read at start). */
  async sweep(): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith('.list')) continue;
      const path = join(this.folder, name);
      const read = await this.read(path);
      await read?.file.close();
      if (!read || this.now() - read.header.usedAt > KEPT_UNUSED_MS) await rm(path, { force: true });
    }
  }

  private writeNow(key: string): Promise<void> {
    const pending = this.pending.get(key);
    if (!pending) return this.writing;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    // One write at a time: files are written whole, and the key made once.
    this.writing = this.writing.then(() => this.write(pending.list).catch(() => undefined));
    return this.writing;
  }

  private async write(list: HeldList): Promise<void> {
    if (list.state !== 'held') return;
    const key = await this.keyNow();
    const api = this.apis.get(list.source.connectionId);
    // A list of a connection whose kept lists were not taken in (its API unknown) is not written.
    if (!key || api === undefined) return;
    const header: Header = {
      connectionId: list.source.connectionId,
      api,
      resource: list.view.resource,
      usedAt: list.lastUsed,
      nonce: randomBytes(NONCE_BYTES).toString('base64'),
    };
    const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(header.nonce, 'base64'));
    cipher.setAAD(associated(header));
    const path = this.pathOf(header.connectionId, header.resource);
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    const file = await open(temporary, 'wx', PRIVATE_FILE);
    try {
      const head = Buffer.from(JSON.stringify(header), 'utf8');
      await file.write(Buffer.concat([Buffer.from(MAGIC, 'latin1'), lengthOf(head.length), head]));
      // A chunk at a time: the thread answers others between them.
      let chunk: Buffer[] = [];
      let bytes = 0;
      const writeChunk = async () => {
        await file.write(cipher.update(Buffer.concat(chunk)));
        chunk = [];
        bytes = 0;
      };
      // The list, then each block of its rows: a block at a time, the thread free between them.
      const { rows, ...meta } = dumpList(list);
      const { blocks, ...shared } = rows;
      for (const tree of [{ ...meta, rows: shared, blocks: blocks.length }, ...blocks]) {
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
    this.written.set(list.key, { serial: list.rows.serial, usedAt: header.usedAt });
  }

  /** A kept list's header, and where its sealed body starts; undefined for a file that is not one (never followed if a link). */
  private async read(
    path: string,
  ): Promise<{ header: Header; file: FileHandle; start: number; size: number } | undefined> {
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
      const header = JSON.parse(first.toString('utf8', start, start + length)) as Header;
      if (
        typeof header.connectionId !== 'string' ||
        typeof header.api !== 'string' ||
        typeof header.usedAt !== 'number'
      )
        throw new RangeError('not a kept list');
      return { header, file, start: start + length, size: info.size };
    } catch {
      await file.close();
      return undefined;
    }
  }

  /**
   * The list a sealed body holds, read and decrypted a chunk at a time; undefined when it cannot be
   * opened (another key, changed on disk: nothing read from it is used before its tag is checked).
   */
  private async open(
    header: Header,
    read: { file: FileHandle; start: number; size: number },
  ): Promise<ListDump | undefined> {
    const { file, start, size } = read;
    try {
      const key = await this.keyNow();
      if (!key || size - start < TAG_BYTES) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.nonce, 'base64'));
      decipher.setAAD(associated(header));
      const tag = Buffer.alloc(TAG_BYTES);
      await file.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
      decipher.setAuthTag(tag);
      const reader = new PartsReader();
      const chunk = Buffer.alloc(CHUNK_BYTES);
      for (let at = start; at < size - TAG_BYTES;) {
        const { bytesRead } = await file.read(chunk, 0, Math.min(CHUNK_BYTES, size - TAG_BYTES - at), at);
        if (bytesRead === 0) return undefined;
        reader.push(decipher.update(chunk.subarray(0, bytesRead)));
        at += bytesRead;
      }
      decipher.final();
      const [first, ...blocks] = reader.trees() as [KeptHead, ...BlockDump[]];
      if (first.blocks !== blocks.length) return undefined;
      return { ...first, rows: { ...first.rows, blocks } };
    } catch {
      return undefined;
    } finally {
      await file.close();
    }
  }

  /** The key of the list files: made once, kept sealed by the keychain's key; undefined without a keychain. */
  private keyNow(): Promise<Buffer | undefined> {
    this.key ??= this.makeKey().then((key) => {
      if (!key && !this.saidNoKeychain) {
        this.saidNoKeychain = true;
        this.notice('no-keychain');
      }
      // Asked again next time: a keychain unlocked later keeps the lists from then on.
      if (!key) this.key = undefined;
      return key;
    });
    return this.key;
  }

  private async makeKey(): Promise<Buffer | undefined> {
    await mkdir(this.folder, { recursive: true, mode: PRIVATE_FOLDER });
    const path = join(this.folder, KEY_FILE);
    const sealed = await readSmallFile(path);
    if (sealed !== undefined) {
      const opened = await this.seal.open(sealed);
      const key = opened === undefined ? undefined : Buffer.from(opened, 'base64');
      if (key?.length === 32) return key;
      // Sealed by another keychain (another machine, a keyring made anew): its lists cannot be read.
      for (const name of await readdir(this.folder)) await rm(join(this.folder, name), { force: true });
    }
    const made = randomBytes(32);
    const text = await this.seal.seal(made.toString('base64'));
    if (text === undefined) return undefined;
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    const file = await open(temporary, 'wx', PRIVATE_FILE);
    await file.writeFile(text);
    await file.close();
    await rename(temporary, path);
    return made;
  }

  private pathOf(connectionId: string, resource: Resource): string {
    const name = createHash('sha256').update(listKey(connectionId, { resource })).digest('hex').slice(0, 32);
    return join(this.folder, `${name}.list`);
  }
}

/** What the cipher binds a kept list to: its connection and list, as the header says them. */
function associated(header: Header): Buffer {
  return Buffer.from(
    JSON.stringify([MAGIC, header.connectionId, header.api, header.resource, header.usedAt]),
    'utf8',
  );
}

function dumpList(list: HeldList): ListDump {
  return {
    lang: list.lang,
    asOf: list.asOf,
    wholeAt: list.wholeAt,
    clock: list.clock,
    total: list.total,
    translations: [...list.translations].map(([lang, translation]) => [
      lang,
      {
        words: [...translation.words].map(([field, words]) => [field, [...words]]),
        complete: translation.complete,
      },
    ]),
    rows: list.rows.dump(),
  };
}

function restoreList(source: ListSource, resource: Resource, dump: ListDump, usedAt: number): HeldList {
  const view = { resource };
  if (!LANGUAGES.includes(dump.lang)) throw new RangeError('a kept list of no known language');
  const list = new HeldList(listKey(source.connectionId, view), source, view, dump.lang);
  list.rows = HeldRows.restore(dump.rows);
  list.state = 'held';
  list.asOf = dump.asOf;
  list.wholeAt = dump.wholeAt;
  list.clock = dump.clock;
  list.total = dump.total;
  list.lastUsed = usedAt;
  for (const [lang, translation] of dump.translations) {
    list.translations.set(lang, {
      words: new Map(translation.words.map(([field, words]) => [field, new Map(words)])),
      complete: translation.complete,
      learning: false,
      version: 1,
    });
  }
  return list;
}

function lengthOf(length: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(length);
  return buffer;
}
