import { deskKeySchema, deskSchema, type Desk } from '../../shared/desk.js';
import { writeDataFile } from './data-file.js';
import { joinTyped, splitTyped, typedPartsOf } from './desk-typed-parts.js';
import { withFileLock } from './file-lock.js';
import { readJsonFile, setAside } from './json-file.js';
import type { TypedTextSeal } from './typed-text.js';

/**
 * What a desk's sealed text belongs to: its key and connection. A sealed text copied under another
 * desk, or into a desk of another connection, is not opened there.
 */
const boundTo = (key: string, desk: Desk) => JSON.stringify(['desk', key, desk.connectionId]);

/** DESKS_MAX desks of a few kB each: a desks file past this is not one. */
const DESKS_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Desks kept at most: one a browser tab, so tabs closed long ago give way to the newest (the
 * desktop app has one window).
 */
export const DESKS_MAX = 20;

/** A desk as the file keeps it: where the window was, and what was typed there only sealed. */
interface KeptDesk {
  /** When it was last written (ms since the epoch): the oldest goes first. */
  at: number;
  /** The desk with its filters emptied (one in the file with filters in clear is read without them). */
  desk: Desk;
  /** Its filters, encrypted with the keychain's key (typed-text.ts). */
  typed?: string;
  /** It had filters, and no key could seal them: they were not kept. */
  typedLeftOut?: true;
}

/** A desk as read back: what the window reopens, and whether what was typed in it is missing. */
export interface ReadDesk {
  desk: Desk;
  /** Its search and filters were not kept (no keychain) or cannot be read (another key): it reopens without them. */
  typedLeftOut?: true;
}

/**
 * Where each window and tab was (docs/decisions/0009-session-restore.md), in `desks.json` of the data
 * folder: views' descriptions by desk key, never a record, and what a person typed (searches,
 * filters) only encrypted with a key the keychain holds (docs/decisions/0012-typed-text-on-disk.md).
 * Changed under the file's lock after reading it again, so the desktop app and a browser host on the
 * same folder keep each other's desks. An entry that cannot be read is dropped (that window opens at
 * the start); a file that is not JSON is kept aside and started again.
 */
export class DeskStore {
  /**
   * The writes under way. A page reloaded writes its desk as it goes and asks for it as it comes
   * back: the second request can come while the first is still sealing or waiting for the lock,
   * and would read the desk before the move.
   */
  private readonly writing = new Set<Promise<unknown>>();

  constructor(
    private readonly path: string,
    /** Seals what was typed; without one (no keychain), it is not kept. */
    private readonly seal?: TypedTextSeal,
    private readonly now: () => number = Date.now,
  ) {}

  /** The desk kept under `key`, if any, with what was typed in it when it can be read. */
  async get(key: string): Promise<ReadDesk | undefined> {
    await Promise.allSettled([...this.writing]);
    const kept = (await this.read())?.get(key);
    if (!kept) return undefined;
    // What was typed is only ever restored from its seal: filters in clear in the file (written there
    // by hand, or by a version before they were sealed) are not, and the window says so.
    const { bare, typed: inClear } = splitTyped(kept.desk);
    if (kept.typedLeftOut || (kept.typed === undefined && inClear)) return { desk: bare, typedLeftOut: true };
    if (kept.typed === undefined) return { desk: bare };
    const text = await this.seal?.open(kept.typed, boundTo(key, bare));
    const typed = text === undefined ? undefined : typedPartsOf(text);
    return typed ? { desk: joinTyped(bare, typed) } : { desk: bare, typedLeftOut: true };
  }

  /** Keeps `desk` under `key`, the newest of at most DESKS_MAX; what was typed in it sealed, or left out. */
  put(key: string, desk: Desk): Promise<void> {
    const written = this.write(key, desk);
    this.writing.add(written);
    void written.finally(() => this.writing.delete(written)).catch(() => undefined);
    return written;
  }

  private async write(key: string, desk: Desk): Promise<void> {
    const sealed = await this.sealed(key, desk);
    return this.change((desks) => {
      // Later than every other, even within the same millisecond: the oldest is the one to go.
      const at = Math.max(this.now(), ...[...desks.values()].map((kept) => kept.at + 1));
      desks.set(key, { at, ...sealed });
    });
  }

  /** Drops the desks of a deleted connection: their filters may name a person. */
  forgetConnection(connectionId: string): Promise<void> {
    return this.change((desks) => {
      for (const [key, kept] of desks) if (kept.desk.connectionId === connectionId) desks.delete(key);
    });
  }

  /** Drops every desk ("Start with a clean window"). */
  clear(): Promise<void> {
    return this.change((desks) => desks.clear());
  }

  /** `desk` as the file keeps it: its filters apart, sealed, or left out when they cannot be. */
  private async sealed(key: string, desk: Desk): Promise<Omit<KeptDesk, 'at'>> {
    const { bare, typed } = splitTyped(desk);
    if (!typed) return { desk: bare };
    const sealed = await this.seal?.seal(JSON.stringify(typed), boundTo(key, bare));
    return sealed === undefined ? { desk: bare, typedLeftOut: true } : { desk: bare, typed: sealed };
  }

  private change(edit: (desks: Map<string, KeptDesk>) => void | Promise<void>): Promise<void> {
    return withFileLock(this.path, async () => {
      let desks = await this.read();
      if (!desks) {
        // Kept aside (setAside keeps a few copies: a filter may name a person), and started again.
        await setAside(this.path, new Date(this.now()), 'move');
        desks = new Map();
      }
      await edit(desks);
      const newest = [...desks].sort(([, a], [, b]) => b.at - a.at).slice(0, DESKS_MAX);
      // Filters in clear in the file (an older version's, or written there by hand) are not what a
      // person typed in this app: dropped, never sealed (sealing would restore them).
      for (const [, kept] of newest)
        if (kept.typed === undefined && splitTyped(kept.desk).typed)
          Object.assign(kept, { desk: splitTyped(kept.desk).bare, typedLeftOut: true });
      await writeDataFile(this.path, `${JSON.stringify(Object.fromEntries(newest))}\n`);
    });
  }

  /**
   * The desks the file holds, entry by entry (one that does not pass the schema is left out), or
   * undefined when the file is not an object of desks.
   */
  private async read(): Promise<Map<string, KeptDesk> | undefined> {
    const read = await readJsonFile(this.path, DESKS_FILE_MAX_BYTES);
    const desks = new Map<string, KeptDesk>();
    if (read.kind === 'missing') return desks;
    if (
      read.kind === 'damaged' ||
      typeof read.json !== 'object' ||
      read.json === null ||
      Array.isArray(read.json)
    )
      return undefined;
    for (const [key, entry] of Object.entries(read.json)) {
      const { at, desk, typed, typedLeftOut } = (entry ?? {}) as Record<string, unknown>;
      const parsed = deskSchema.safeParse(desk);
      if (
        deskKeySchema.safeParse(key).success &&
        typeof at === 'number' &&
        Number.isFinite(at) &&
        parsed.success
      )
        desks.set(key, {
          at,
          desk: parsed.data,
          ...(typeof typed === 'string' && { typed }),
          ...(typedLeftOut === true && { typedLeftOut }),
        });
    }
    return desks;
  }
}
