import type { ApiRecord } from '../../../shared/schema.js';
import type { SearchQuery } from '../../../shared/search-words.js';
import { idOf, numberIndex, RowIndex } from './id-index.js';
import { ListColumns, type ColumnsDump } from './list-columns.js';
import { RowBlock, type BlockDump } from './row-block.js';
import { AS_READ, shown, type RowsReading } from './rows-reading.js';
import { RowsSearch } from './rows-search.js';
import { prepareSearchOf, type JoinedColumns } from './term-fields.js';

let serials = 0;

/** Held rows as kept between sessions. */
export interface RowsDump {
  columns: ColumnsDump;
  blocks: BlockDump[];
  ids: ReturnType<RowIndex['dump']>;
}

/** A held list's own object and its array of blocks, beyond what they hold. */
const LIST_BYTES = 256;
const BLOCK_SLOT_BYTES = 16;

/**
 * The rows of one list held for search (docs/architecture.md, "Search"), in the API's order, kept by
 * column in blocks of a page (row-block.ts, docs/decisions/0014-held-lists-kept.md); ids found
 * through an index of row numbers; records made again when asked for, in the language asked
 * (RowsReading). Nothing of it is written anywhere but sealed (kept-lists.ts).
 */
export class HeldRows {
  /** Tells one set of held rows from another (a list read again, or made fresh, is new rows). */
  readonly serial = ++serials;
  readonly columns: ListColumns;
  private readonly blocks: RowBlock[] = [];
  /** The list index of each block's first row. */
  private readonly firsts: number[] = [];
  private count = 0;
  private blockBytes = 0;
  private ids: RowIndex;
  /** The ids by their number (numberOf), made when first asked, for the rows held then. */
  private byNumber: { rows: number; index: RowIndex } | undefined;
  /** Records of shapes no list can hold arrived (list-columns.ts): the list cannot be held. */
  private unholdable = false;

  constructor(coded?: (field: string) => boolean, from?: { columns: ListColumns }) {
    this.columns = from?.columns ?? new ListColumns(coded);
    this.ids = new RowIndex((row) => this.idAt(row));
  }

  get length(): number {
    return this.count;
  }

  /** What restores these rows in another session (kept-lists.ts seals it). */
  dump(): RowsDump {
    return {
      columns: this.columns.dump(),
      blocks: this.blocks.map((block) => block.dump()),
      ids: this.ids.dump(),
    };
  }

  /** The rows `dump` kept, `pause` between two blocks. */
  static async restore(dump: RowsDump, pause = async () => {}): Promise<HeldRows> {
    const rows = new HeldRows(undefined, { columns: ListColumns.restore(dump.columns) });
    for (const block of dump.blocks) await pause().then(() => rows.push(RowBlock.restore(block), true));
    rows.ids = RowIndex.restore(dump.ids, (row) => rows.idAt(row));
    return rows;
  }

  /** Bytes of memory the rows, their text and their indexes take; Infinity when they cannot be held. */
  get bytes(): number {
    if (this.unholdable) return Infinity;
    // Nothing held costs nothing worth telling (a list refused, not read yet).
    if (this.count === 0) return 0;
    return (
      LIST_BYTES +
      this.columns.bytes +
      this.blockBytes +
      BLOCK_SLOT_BYTES * this.blocks.length +
      this.ids.bytes +
      (this.byNumber?.index.bytes ?? 0)
    );
  }

  /**
   * Adds a page of rows. A row whose id is already held is left out: a record that moved while the
   * list was read (its sort values changed) comes once.
   */
  append(records: readonly ApiRecord[]): void {
    const fresh = this.freshOf(records);
    if (!fresh) return;
    this.took(RowBlock.encode(fresh, this.columns));
  }

  /**
   * `append`, a few milliseconds at a time (`pause` lets the thread go between them): a page read
   * in the background never holds the process's thread for the whole of its folding.
   */
  async appendInSlices(records: readonly ApiRecord[], pause: () => Promise<void>): Promise<void> {
    const fresh = this.freshOf(records);
    if (!fresh) return;
    const encoding = RowBlock.encoding(fresh, this.columns);
    for (let step = encoding.next(); ; step = encoding.next()) {
      if (step.done) return this.took(step.value);
      await pause();
    }
  }

  /** The records not held yet (each id once), or undefined when none is to be added. */
  private freshOf(records: readonly ApiRecord[]): ApiRecord[] | undefined {
    if (this.unholdable) return undefined;
    const fresh: ApiRecord[] = [];
    const ids = new Set<string>();
    for (const record of records) {
      const id = idOf(record);
      if (id !== undefined && (ids.has(id) || this.ids.has(id))) continue;
      if (id !== undefined) ids.add(id);
      fresh.push(record);
    }
    return fresh.length ? fresh : undefined;
  }

  private took(block: RowBlock | undefined): void {
    if (block) this.push(block);
    else this.unholdable = true;
  }

  /**
   * The memory the list will take at `total` rows, from what its rows cost so far beside their
   * dictionaries (which the first pages fill, and later pages add little to): never above what it
   * will take, so that no list is refused for what its first pages cost.
   */
  estimate(total: number): number | undefined {
    if (this.count === 0) return undefined;
    const shared = this.columns.bytes;
    return shared + ((this.bytes - shared) / this.count) * Math.max(total, this.count);
  }

  /** Adds a block of rows, their ids to the index unless it has them already (`indexed`). */
  private push(block: RowBlock, indexed = false): void {
    const first = this.count;
    this.blocks.push(block);
    this.firsts.push(first);
    this.count += block.length;
    this.blockBytes += block.bytes;
    if (indexed) return;
    for (let row = first; row < this.count; row++) {
      const id = this.idAt(row);
      if (id !== undefined) this.ids.add(id, row, true);
    }
  }

  /** Row `index` as the API sent it, in `reading`'s language. */
  recordAt(index: number, reading: RowsReading = AS_READ): ApiRecord {
    const [block, row] = this.blockAt(index);
    const record = block.record(row, this.columns);
    if (reading.words) for (const field in record) record[field] = shown(reading, field, record[field]);
    return record;
  }

  /** Row `index`'s `field` (undefined: it has no such field), in `reading`'s language. */
  valueAt(index: number, field: string, reading: RowsReading = AS_READ): unknown {
    const column = this.columns.find(field);
    if (column === undefined) return undefined;
    const [block, row] = this.blockAt(index);
    return shown(reading, field, block.value(row, column, this.columns));
  }

  /**
   * One record object standing for any row, its fields read from the row it was last pointed at:
   * a filter tests hundreds of thousands of rows without making a record of each.
   */
  viewer(reading: RowsReading = AS_READ): (index: number) => ApiRecord {
    let at = 0;
    const view: ApiRecord = {};
    for (const name of this.columns.names)
      Object.defineProperty(view, name, { enumerable: true, get: () => this.valueAt(at, name, reading) });
    return (index) => ((at = index), view);
  }

  /** The index of the row whose id is `id`, if any. */
  indexOf(id: string): number | undefined {
    return this.ids.find(id);
  }

  /** The held record whose id is `id`, if any. */
  record(id: string, reading?: RowsReading): ApiRecord | undefined {
    const index = this.indexOf(id);
    return index === undefined ? undefined : this.recordAt(index, reading);
  }

  /** The row whose id alone has the number `digits` ("11004": CUS-00011004's, as tickets often give it). */
  indexByNumber(digits: string): number | undefined {
    if (this.byNumber?.rows !== this.count)
      this.byNumber = { rows: this.count, index: numberIndex(this.count, (row) => this.idAt(row)) };
    return this.byNumber.index.find(digits.replace(/^0+(?=\d)/, ''));
  }

  /** The values `field` takes in these rows when its dictionary codes them all (a status); else undefined. */
  distinctValues(field: string): readonly unknown[] | undefined {
    const column = this.columns.find(field);
    if (column === undefined) return [];
    const coded = this.blocks.every((block) => {
      const kept = block.columns[column];
      return kept === undefined || kept.kind === 'coded';
    });
    return coded ? this.columns.dictionaries[column]?.values : undefined;
  }

  /** A search of these rows for `query` (search-words.ts), as `reading` shows them, `joined`'s columns searched as theirs. */
  search(query: SearchQuery, reading: RowsReading = AS_READ, joined?: JoinedColumns): RowsSearch {
    return new RowsSearch(this.columns, reading, query, joined);
  }

  /** Calls `found` with the index of each row in [`from`, `to`) that `search` finds, in the list's order. */
  findTerms(search: RowsSearch, from: number, to: number, found: (index: number) => void): void {
    for (let at = this.blockIndexOf(from); at < this.blocks.length; at++) {
      const first = this.firsts[at] ?? 0;
      const block = this.blocks[at];
      if (!block || first >= to) return;
      search.rows(block, Math.max(0, from - first), Math.min(block.length, to - first), (row) =>
        found(first + row),
      );
    }
  }

  /** Makes what searches of every block are quicker with now (prepareSearchOf), `pause` between two blocks. */
  async prepareIndexes(pause: () => Promise<void>): Promise<void> {
    for (const block of this.blocks) {
      prepareSearchOf(block);
      await pause();
    }
  }

  /** Calls `found` with each row that has a field starting with `start` (folded, or digits), and whether one is `start` whole. */
  findFieldStarts(
    search: RowsSearch,
    start: string,
    kind: 'words' | 'digits',
    found: (index: number, whole: boolean) => void,
  ): void {
    if (!start) return;
    this.blocks.forEach((block, at) => {
      const first = this.firsts[at] ?? 0;
      search.fieldStarts(block, start, kind, (row, whole) => found(first + row, whole));
    });
  }

  /**
   * These rows with some records changed and others added, as new rows: the blocks nothing changed
   * in are shared, those something did are made again, the new records come at the end.
   */
  withChanges(changed: ReadonlyMap<number, ApiRecord>, added: readonly ApiRecord[]): HeldRows {
    const rows = new HeldRows(undefined, { columns: this.columns });
    // A changed record keeps its id (changes are matched by id) and its place: the index holds.
    rows.ids = this.ids.copy((row) => rows.idAt(row));
    this.blocks.forEach((block, at) => {
      const first = this.firsts[at] ?? 0;
      let records: ApiRecord[] | undefined;
      for (let row = 0; row < block.length; row++) {
        const record = changed.get(first + row);
        if (!record) continue;
        records ??= Array.from({ length: block.length }, (_, each) => block.record(each, this.columns));
        records[row] = record;
      }
      const made = records ? RowBlock.encode(records, this.columns) : block;
      if (made) rows.push(made, true);
      else rows.unholdable = true;
    });
    rows.append(added);
    return rows;
  }

  private idAt(index: number): string | undefined {
    const id = this.valueAt(index, 'id');
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  }

  private blockAt(index: number): [RowBlock, number] {
    const at = this.blockIndexOf(index);
    const block = this.blocks[at];
    if (!block || index < 0 || index >= this.count) throw new RangeError(`no row ${index} of ${this.count}`);
    return [block, index - (this.firsts[at] ?? 0)];
  }

  /** The block holding list index `index` (the last one starting at or before it). */
  private blockIndexOf(index: number): number {
    let low = 0;
    let high = this.firsts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.firsts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return Math.max(0, low);
  }
}
