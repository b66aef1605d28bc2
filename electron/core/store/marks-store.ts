import { z } from 'zod';
import {
  FAVOURITES_MAX,
  markedCustomersSchema,
  RECENTS_MAX,
  type MarkedCustomer,
  type MarkedCustomers,
} from '../../shared/marked-customers.js';
import { writeDataFile } from './data-file.js';
import { withFileLock } from './file-lock.js';
import { readJsonFile, setAside } from './json-file.js';
import type { TypedTextSeal } from './typed-text.js';

/** A few kB a connection: a file past this is not one. */
const FILE_MAX_BYTES = 2 * 1024 * 1024;

/** What a connection's sealed text belongs to: copied under another connection, it is not opened. */
const boundTo = (connectionId: string) => JSON.stringify(['marked-customers', connectionId]);

const NONE: MarkedCustomers = { favourites: [], recents: [] };

/** The file: each connection's favourites and recents, sealed as one text. */
const fileSchema = z.record(z.string().min(1).max(100), z.string().max(FILE_MAX_BYTES));

/** A connection's marks as read back: `kept` false when no keychain key seals them (they live in memory only). */
export interface ReadMarks extends MarkedCustomers {
  kept: boolean;
}

/**
 * The customers a person marked as favourites and the ones they opened last, per connection, in
 * `marked-customers.json` of the data folder (docs/decisions/0018-marked-customers.md): customers'
 * names are personal data, so the file holds them only sealed with the keychain's key
 * (typed-text.ts); without a key nothing is written, and the app says so. Changed under the file's
 * lock after reading it again, so the desktop app and a browser host on the same folder keep each
 * other's marks.
 */
export class MarkedCustomerStore {
  /** The changes being written: a process that ends waits for them (a customer opened just before). */
  private readonly writes = new Set<Promise<ReadMarks>>();

  constructor(
    private readonly path: string,
    private readonly seal: TypedTextSeal | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `connectionId`'s marks (none when none were kept or they cannot be opened). */
  async get(connectionId: string): Promise<ReadMarks> {
    const sealed = (await this.read())?.[connectionId];
    const marks = sealed === undefined ? NONE : await this.open(connectionId, sealed);
    return { ...marks, kept: await this.canKeep() };
  }

  /**
   * Applies `edit` to `connectionId`'s marks as the file holds them, and keeps the result sealed;
   * without a key nothing is written and the result is `kept: false`.
   */
  change(connectionId: string, edit: (marks: MarkedCustomers) => MarkedCustomers): Promise<ReadMarks> {
    const writing = this.changed(connectionId, edit);
    this.writes.add(writing);
    void writing.finally(() => this.writes.delete(writing)).catch(() => undefined);
    return writing;
  }

  /** Settles once every change under way is written (or failed): the process is about to end. */
  async written(): Promise<void> {
    await Promise.allSettled([...this.writes]);
  }

  private changed(
    connectionId: string,
    edit: (marks: MarkedCustomers) => MarkedCustomers,
  ): Promise<ReadMarks> {
    return withFileLock(this.path, async () => {
      let all = await this.read();
      if (!all) {
        await setAside(this.path, this.now(), 'move');
        all = {};
      }
      const entry = all[connectionId];
      const before = entry === undefined ? NONE : await this.open(connectionId, entry);
      const after = trimmed(edit(before));
      // Marks sealed by another program's seal (the app's older safeStorage, on a folder a browser
      // host shares) are that program's to read: never written over from here.
      if (entry !== undefined && this.seal && !this.seal.knows(entry)) return { ...after, kept: false };
      const sealed = await this.seal?.seal(JSON.stringify(after), boundTo(connectionId));
      if (sealed === undefined) return { ...after, kept: false };
      await writeDataFile(this.path, `${JSON.stringify({ ...all, [connectionId]: sealed })}\n`);
      return { ...after, kept: true };
    });
  }

  /** Drops a deleted connection's marks. */
  forgetConnection(connectionId: string): Promise<void> {
    return withFileLock(this.path, async () => {
      const all = await this.read();
      if (!all || all[connectionId] === undefined) return;
      const { [connectionId]: _gone, ...rest } = all;
      await writeDataFile(this.path, `${JSON.stringify(rest)}\n`);
    });
  }

  /** Whether a key can seal now (asked of the keychain once; none answers without one). */
  private async canKeep(): Promise<boolean> {
    return (await this.seal?.seal('', boundTo(''))) !== undefined;
  }

  private async open(connectionId: string, sealed: string): Promise<MarkedCustomers> {
    const text = await this.seal?.open(sealed, boundTo(connectionId));
    if (text === undefined) return NONE;
    try {
      const parsed = markedCustomersSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : NONE;
    } catch {
      return NONE;
    }
  }

  /** The file's entries, or undefined when it is not such a file. */
  private async read(): Promise<Record<string, string> | undefined> {
    const read = await readJsonFile(this.path, FILE_MAX_BYTES);
    if (read.kind === 'missing') return {};
    if (read.kind === 'damaged') return undefined;
    const parsed = fileSchema.safeParse(read.json);
    return parsed.success ? parsed.data : undefined;
  }
}

/** At most FAVOURITES_MAX favourites and RECENTS_MAX recents, each customer once. */
function trimmed(marks: MarkedCustomers): MarkedCustomers {
  const once = (list: MarkedCustomer[]) =>
    list.filter((each, at) => list.findIndex((other) => other.customerId === each.customerId) === at);
  return {
    favourites: once(marks.favourites).slice(0, FAVOURITES_MAX),
    recents: once(marks.recents).slice(0, RECENTS_MAX),
  };
}
