import { deskKeySchema, deskSchema, type Desk } from '../../shared/desk.js';
import { writeDataFile } from './data-file.js';
import { withFileLock } from './file-lock.js';
import { readJsonFile, setAside } from './json-file.js';

/** DESKS_MAX desks of a few kB each: a desks file past this is not one. */
const DESKS_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Desks kept at most: one a browser tab, so tabs closed long ago give way to the newest (the
 * desktop app has one window).
 */
export const DESKS_MAX = 20;

interface KeptDesk {
  /** When it was last written (ms since the epoch): the oldest goes first. */
  at: number;
  desk: Desk;
}

/**
 * Where each window and tab was (docs/decisions/0009-session-restore.md), in `desks.json` of the data
 * folder: views' descriptions by desk key, never a record. Changed under the file's lock after
 * reading it again, so the desktop app and a browser host on the same folder keep each other's
 * desks. An entry that cannot be read is dropped (that window opens at the start); a file that is
 * not JSON is kept aside and started again.
 */
export class DeskStore {
  constructor(
    private readonly path: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The desk kept under `key`, if any. */
  async get(key: string): Promise<Desk | undefined> {
    return (await this.read())?.get(key)?.desk;
  }

  /** Keeps `desk` under `key`, the newest of at most DESKS_MAX. */
  put(key: string, desk: Desk): Promise<void> {
    return this.change((desks) => {
      // Later than every other, even within the same millisecond: the oldest is the one to go.
      const at = Math.max(this.now(), ...[...desks.values()].map((kept) => kept.at + 1));
      desks.set(key, { at, desk });
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

  private change(edit: (desks: Map<string, KeptDesk>) => void): Promise<void> {
    return withFileLock(this.path, async () => {
      let desks = await this.read();
      if (!desks) {
        // Kept aside (setAside keeps a few copies: a filter may name a person), and started again.
        await setAside(this.path, new Date(this.now()), 'move');
        desks = new Map();
      }
      edit(desks);
      const newest = [...desks].sort(([, a], [, b]) => b.at - a.at).slice(0, DESKS_MAX);
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
      const at: unknown = (entry as { at?: unknown } | null)?.at;
      const desk = deskSchema.safeParse((entry as { desk?: unknown } | null)?.desk);
      if (
        deskKeySchema.safeParse(key).success &&
        typeof at === 'number' &&
        Number.isFinite(at) &&
        desk.success
      )
        desks.set(key, { at, desk: desk.data });
    }
    return desks;
  }
}
