import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, realpath, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Resource } from '../../../shared/api-rules.js';
import { PRIVATE_FOLDER, writeDataFile } from '../../store/data-file.js';
import { readSmallFile } from '../../store/small-file.js';
import type { TypedTextSeal } from '../../store/typed-text.js';
import { listKey, type HeldList, type ListSource } from './held-list-state.js';
import { dumpList, restoreList, type ListDump } from './list-dump.js';
import type { RowsDump } from '../columns/held-rows.js';
import type { BlockDump } from '../columns/row-block.js';
import { openSealed, readSealed, writeSealed, type SealedFile } from '../../store/sealed-list-file.js';
import { forgetKeptLists, KEPT, keptPath, PART_LEFT_MS, sealName } from './kept-files.js';

export { keptApiOf } from './kept-files.js';

/** A list not used for this long is deleted (at the next start, or the next write). */
export const KEPT_UNUSED_MS = 7 * 24 * 3_600_000;
/** A list settled is written this long after, once, however often it settles meanwhile. */
const WRITE_AFTER_MS = 30_000;
/** At quit, a list whose rows did not change is written again only when used this much later than its file says. */
const STALE_USE_MS = 24 * 3_600_000;
/** The file holding the list files' key, sealed by the keychain's (typed-text.ts). */
const KEY_FILE = 'key';

/** What a kept list's file holds first: the list without its rows' blocks, which follow it one by one. */
type KeptHead = Omit<ListDump, 'rows'> & { rows: Omit<RowsDump, 'blocks'>; blocks: number };

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
  /** The sweep of lists unused for a week, once a session. */
  private swept: Promise<void> | undefined;
  /** The person deleted every kept list: none is written again this session (the lists held stay in memory). */
  private forgotten = false;
  /** No keychain held the key when one was asked for: nothing is written (the status says so). */
  private withoutKeychain = false;

  constructor(
    private readonly folder: string,
    private readonly seal: TypedTextSeal,
    /** Whether the person keeps the lists (the setting): when not, nothing is written or taken in. */
    private readonly keeping: () => boolean = () => true,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the lists are kept, as the session's status says it. */
  get state(): 'kept' | 'no-keychain' | 'off' {
    return !this.keeping() ? 'off' : this.withoutKeychain ? 'no-keychain' : 'kept';
  }

  /** The list settled: written soon (a list kept, not one customer's). */
  schedule(list: HeldList): void {
    if (!this.keeps() || !KEPT.has(list.view.resource) || list.view.customerId !== undefined) return;
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
    if (!this.keeps()) return;
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
    const lists: HeldList[] = [];
    for await (const list of this.read(source, api)) lists.push(list);
    return lists;
  }

  /** `load`, each list given as soon as it is read: the customers, then the contacts, then the agreements. */
  private async *read(source: ListSource, api: string): AsyncGenerator<HeldList> {
    if (!this.keeping()) return;
    const bound = this.bind(source.connectionId, api);
    // Asked once a file is there (none kept: no key made). Without it (no keychain now, or a key
    // another program sealed), nothing more is read and nothing deleted: they wait for a start that has it.
    let key: Buffer | undefined;
    for (const resource of KEPT) {
      const path = this.pathOf(source.connectionId, resource);
      const read = await openSealed(path);
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
      key ??= await this.keyNow();
      if (!key) {
        await read.file.close();
        return;
      }
      const dump = await this.open(read, key);
      if (!dump) {
        await rm(path, { force: true });
        continue;
      }
      let list: HeldList;
      try {
        list = await restoreList(source, resource, dump, header.usedAt);
      } catch {
        await rm(path, { force: true });
        continue;
      }
      this.written.set(list.key, { serial: list.rows.serial, usedAt: header.usedAt });
      yield list;
    }
  }

  /**
   * `load`, the first time a connection is chosen in the session (the first of all first deletes
   * the lists of any connection unused for a week), a list at a time; undefined after (its lists are in).
   */
  loadOnce(source: ListSource, api: string): AsyncIterable<HeldList> | undefined {
    if (this.apis.has(source.connectionId)) return undefined;
    this.bind(source.connectionId, api);
    const swept = (this.swept ??= this.sweep());
    const lists = () => this.read(source, api);
    return (async function* () {
      await swept;
      yield* lists();
    })();
  }

  /** The lists of the connection written from now on are bound to `api`; its hash. */
  private bind(connectionId: string, api: string): string {
    const bound = createHash('sha256').update(api).digest('base64');
    this.apis.set(connectionId, bound);
    return bound;
  }

  /**
   * Deletes the kept lists of a connection, or all of them and their key when none is named (the
   * person's Forget: then none is written again this session, and a folder that is a link is
   * emptied where it points, not only unlinked).
   */
  async forget(connectionId?: string): Promise<void> {
    if (connectionId === undefined) this.forgotten = true;
    for (const [key, { list, timer }] of [...this.pending]) {
      if (connectionId !== undefined && list.source.connectionId !== connectionId) continue;
      clearTimeout(timer);
      this.pending.delete(key);
    }
    await this.writing;
    // Nothing counts as written any more: a list used again is written whole, when lists are kept.
    if (connectionId === undefined) this.written.clear();
    else for (const resource of KEPT) this.written.delete(listKey(connectionId, { resource }));
    if (connectionId !== undefined) return forgetKeptLists(this.folder, connectionId);
    this.key = undefined;
    // Through a link, only this folder's own files go: the link may point anywhere.
    const target = await realpath(this.folder).catch(() => undefined);
    for (const name of target === undefined ? [] : await readdir(target).catch(() => [] as string[]))
      if (name === KEY_FILE || name.endsWith('.list') || name.endsWith('.part'))
        await rm(join(target ?? '', name), { force: true });
    await rm(this.folder, { recursive: true, force: true });
  }

  /** Deletes the kept lists no one has used for KEPT_UNUSED_MS, and writes left unfinished (read at start). */
  async sweep(): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.folder, name);
      // A write another process has under way is younger than this.
      if (
        name.endsWith('.part') &&
        this.now() - ((await stat(path).catch(() => undefined))?.mtimeMs ?? 0) > PART_LEFT_MS
      )
        await rm(path, { force: true });
      if (!name.endsWith('.list')) continue;
      const read = await openSealed(path);
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
    const header = {
      connectionId: list.source.connectionId,
      api,
      resource: list.view.resource,
      usedAt: list.lastUsed,
    };
    // The list, then each block of its rows: a block at a time.
    const { rows, ...meta } = dumpList(list);
    const { blocks, ...shared } = rows;
    const head: KeptHead = { ...meta, rows: shared, blocks: blocks.length };
    await writeSealed(this.pathOf(header.connectionId, header.resource), header, [head, ...blocks], key);
    this.written.set(list.key, { serial: list.rows.serial, usedAt: header.usedAt });
  }

  /** The list a kept file holds; undefined when it cannot be opened (another key, changed on disk). */
  private async open(read: SealedFile, key: Buffer): Promise<ListDump | undefined> {
    const trees = await readSealed(read, key);
    if (!trees) return undefined;
    const [first, ...blocks] = trees as [KeptHead, ...BlockDump[]];
    return first.blocks === blocks.length ? { ...first, rows: { ...first.rows, blocks } } : undefined;
  }

  /** The key of the list files: made once, kept sealed by the keychain's key; undefined without a keychain. */
  private keyNow(): Promise<Buffer | undefined> {
    this.key ??= this.makeKey().then((key) => {
      this.withoutKeychain = !key;
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
      if (key?.length === 32) {
        // Sealed by an older seal (the app's safeStorage): sealed again with the one every program
        // on the folder shares, so that the browser host and cdb read the lists too.
        const current = await this.seal.seal(opened ?? '');
        if (current !== undefined && sealName(current) !== sealName(sealed))
          await writeDataFile(path, current);
        return key;
      }
      // Only a key this seal knows, not opened while the keychain answers, is lost for good (another
      // machine, a keyring made anew): then its lists cannot be read by anyone and go. Without a
      // keychain now (none, locked, one error) or sealed by another program, they are left as they are.
      if (!this.seal.knows(sealed) || (await this.seal.seal('')) === undefined) return undefined;
      for (const name of await readdir(this.folder)) await rm(join(this.folder, name), { force: true });
    }
    const made = randomBytes(32);
    const text = await this.seal.seal(made.toString('base64'));
    if (text === undefined) return undefined;
    await writeDataFile(path, text);
    return made;
  }

  private pathOf(connectionId: string, resource: Resource): string {
    return keptPath(this.folder, connectionId, resource);
  }

  /** Whether lists are written: the person keeps them, and did not delete them all this session. */
  private keeps(): boolean {
    return this.keeping() && !this.forgotten;
  }
}
