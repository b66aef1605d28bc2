import { repeatedCursorMessage } from '@shared/errors';
import type { ApiRecord } from '@shared/schema';

/** How block `index` is read: with the cursor the traversal gave for it, or by position. */
export type BlockRead = { mode: 'cursor'; cursor: string | undefined } | { mode: 'offset'; page: number };

/** The API gave a cursor it had given before in this traversal: following it would never end. */
export class RepeatedCursorError extends Error {
  override readonly name = 'RepeatedCursorError';
  constructor(readonly atRow: number) {
    super(repeatedCursorMessage(`at row ${atRow}`));
  }
}

/**
 * The rows of one traversal of a view, in blocks of `blockSize` rows at fixed positions (block k
 * holds rows k·size … (k+1)·size − 1), only some of them in memory: those near the screen and a
 * bounded number of others, least recently seen dropped first (as AG Grid's `maxBlocksInCache`).
 * A dropped block is read again with the cursor this traversal already received for it (spec
 * rule 2 allows a cursor during the session; this store lives no longer than the view), or, for a
 * block no cursor reaches yet (a far jump), by position in offset mode (page = k + 1): the same rows
 * a full traversal gives there, as the order is deterministic (spec rule 5). Cursors are kept by
 * the row they start at, whatever page size gave them (a walk reads 500 rows a page, whatever the
 * blocks' size).
 */
export class RowBlocks {
  private readonly blocks = new Map<number, ApiRecord[]>();
  /** The cursor that reads from row r on (the nextCursor of a page that ended at r): small strings, all kept. */
  private readonly cursors = new Map<number, string>();
  /** Which row each cursor reads from: a cursor given again for another row is a broken chain. */
  private readonly rowOfCursor = new Map<string, number>();
  /** When each held block was last on screen (a counter, not a clock). */
  private readonly seen = new Map<number, number>();
  private tick = 0;
  /** Rows in the view, when known (offset mode's total, or where the traversal ended). */
  private knownTotal: number | undefined;
  /** The end of the furthest block read so far. */
  private furthest = 0;
  /** The blocks on screen at the last touch: never dropped. */
  private onScreen = { first: 0, last: 0 };
  /** The cursors were forgotten after a refusal, and none has worked since. */
  private cursorsRefused = false;

  constructor(
    readonly blockSize: number,
    /** Blocks held at most, those on screen included. */
    readonly maxBlocks: number,
  ) {}

  /** Rows in the view: the total when known, else the rows up to the furthest block read. */
  get total(): number | undefined {
    return this.knownTotal;
  }

  /** Sets the view's total (from offset mode's count, or an offset page's `total`). */
  setTotal(total: number): void {
    this.knownTotal = total;
  }

  /** Row `index`, or undefined when its block is not in memory. */
  rowAt(index: number): ApiRecord | undefined {
    return this.blocks.get(Math.floor(index / this.blockSize))?.[index % this.blockSize];
  }

  /** Block `index`'s rows as held, or undefined when it is not in memory. */
  rowsOf(index: number): ApiRecord[] | undefined {
    return this.blocks.get(index);
  }

  /** Every row in memory, block by block. */
  *rowsHeldNow(): Generator<ApiRecord> {
    for (const rows of this.blocks.values()) yield* rows;
  }

  /** Whether block `index` is in memory. */
  has(index: number): boolean {
    return this.blocks.has(index);
  }

  /** How many rows are in memory (bounded by maxBlocks × blockSize once the screen moved on). */
  get rowsHeld(): number {
    let rows = 0;
    for (const block of this.blocks.values()) rows += block.length;
    return rows;
  }

  /** The end of the furthest block read: the view's length as far as it is known without a total. */
  get extent(): number {
    return this.furthest;
  }

  /**
   * The API refused a cursor (it may no longer accept any of this traversal's): read by position
   * from now on. False, and nothing forgotten, when they were forgotten already and no cursor has
   * worked since: an API that refuses every cursor would have the table walk from the top forever,
   * so the caller fails instead (with Retry).
   */
  forgetCursors(): boolean {
    if (this.cursorsRefused) return false;
    this.cursorsRefused = true;
    this.cursors.clear();
    this.rowOfCursor.clear();
    return true;
  }

  /** A page asked with a cursor came back: the API takes this traversal's cursors again. */
  cursorWorked(): void {
    this.cursorsRefused = false;
  }

  /** The last row at or before `row` a cursor reads from (row 0 at least): where a walk to `row` starts. */
  nearestCursorRow(row: number): number {
    let nearest = 0;
    for (const from of this.cursors.keys()) if (from <= row && from > nearest) nearest = from;
    return nearest;
  }

  /** The cursor that reads from `row` on: undefined for row 0 (the first page has none). */
  cursorAt(row: number): string | undefined {
    return this.cursors.get(row);
  }

  /**
   * Keeps `cursor` as the one that reads from `row` on (a page that ended there gave it). Throws
   * RepeatedCursorError when it was given for another row (a broken server's cycle).
   */
  putCursor(row: number, cursor: string): void {
    const givenFor = this.rowOfCursor.get(cursor);
    if (givenFor !== undefined && givenFor !== row) throw new RepeatedCursorError(row);
    this.cursors.set(row, cursor);
    this.rowOfCursor.set(cursor, row);
  }

  /**
   * How to read block `index`: the first block and every block a cursor reaches by cursor (the way
   * rows arrive while scrolling); any other by position.
   */
  readOf(index: number): BlockRead {
    if (index === 0) return { mode: 'cursor', cursor: undefined };
    const cursor = this.cursors.get(index * this.blockSize);
    return cursor === undefined ? { mode: 'offset', page: index + 1 } : { mode: 'cursor', cursor };
  }

  /** Whether a cursor read of block `index - 1` will give the cursor of block `index`. */
  reachableByCursor(index: number): boolean {
    return index === 0 || this.cursors.has(index * this.blockSize);
  }

  /**
   * Keeps block `index`; `nextCursor` (cursor mode) reads the block after it, null when the
   * traversal ends here (the total is then known). Throws RepeatedCursorError, keeping nothing,
   * when that cursor was given for another row (a broken server's cycle).
   */
  put(index: number, rows: ApiRecord[], nextCursor?: string | null): void {
    if (nextCursor) this.putCursor(index * this.blockSize + rows.length, nextCursor);
    this.blocks.set(index, rows);
    this.seen.set(index, ++this.tick);
    this.furthest = Math.max(this.furthest, index * this.blockSize + rows.length);
    if (nextCursor === null) this.knownTotal = index * this.blockSize + rows.length;
    this.evict();
  }

  /**
   * Marks blocks `first`…`last` as on screen and drops the least recently seen others beyond
   * `maxBlocks` (read again, by cursor or position, when the user comes back).
   */
  touch(first: number, last: number): void {
    const now = ++this.tick;
    for (let index = first; index <= last; index++) if (this.blocks.has(index)) this.seen.set(index, now);
    this.onScreen = { first, last };
    this.evict();
  }

  /** Drops the least recently seen blocks off screen beyond `maxBlocks`. */
  private evict(): void {
    if (this.blocks.size <= this.maxBlocks) return;
    const { first, last } = this.onScreen;
    const dropped = [...this.seen]
      .filter(([index]) => index < first || index > last)
      .sort((a, b) => a[1] - b[1])
      .slice(0, this.blocks.size - this.maxBlocks)
      .map(([index]) => index);
    for (const index of dropped) {
      this.blocks.delete(index);
      this.seen.delete(index);
    }
  }
}
