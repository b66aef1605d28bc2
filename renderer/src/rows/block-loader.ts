import type { AppApi } from '@shared/contract/contract';
import type { ApiRecord } from '@shared/schema';
import { AppFailure } from '../api/call';
import { CursorWalk } from './cursor-walk';
import type { OffsetReach } from './offset-reach';
import type { RowBlocks } from './row-blocks';
import { RowLoader, SKELETON_ROWS, type ReadingStatus } from './row-loader';
import type { BlockRead, Traversal } from './traversal';
import type { ViewCache } from './view-cache';
/**
 * An offset page not answered after this long is "slow" (offset mode degrades with depth): it is
 * cancelled, and the table walks there by cursor instead.
 */
export const SLOW_OFFSET_MS = 3_000;

/**
 * Reads the blocks of one traversal of a view as the screen needs them and tells the table when rows
 * arrive (docs/api.md, "Far jumps"). While scrolling, each block by the cursor of the one before it.
 * A far jump (thumb, Ctrl+End, Go to row) by offset page, where offset mode works that deep for this
 * connection and list (OffsetReach); where it was refused (a 4xx) or slow, by walking the cursor
 * chain from the nearest block a cursor reaches, one page at a time at the limiter's full rate, with
 * progress (`walk`) and cancel. Every cursor the traversal gave is kept for its lifetime (this
 * session only, spec rule 2), so a second jump nearby is immediate. Requests for blocks the screen
 * left are cancelled in the app, queued or running; `close` cancels all (a new sort, another view).
 * Blocks are read through the view's Traversal, shared with whatever else shows the view and kept
 * when the table goes (view-cache.ts): a block held and read within the minute is shown as it is;
 * an older one is shown and read again, replaced where it changed.
 */
export class BlockLoader extends RowLoader {
  readonly blocks: RowBlocks;
  readonly blockSize: number;
  /** The read of each block this table waits for. */
  private readonly inflight = new Map<number, BlockRead>();
  private readonly slowTimers = new Map<number, ReturnType<typeof setTimeout>>();
  /** The far jump being walked by cursor, where offset mode gives up. */
  private readonly walking: CursorWalk;
  /** The first block on screen at the last `ensure`. */
  private screenBlock = 0;
  /** Where the screen was when the user cancelled a walk: none starts again until it moves. */
  private cancelledWalk: number | undefined;

  private stopListening: (() => void) | undefined;

  constructor(
    api: AppApi,
    private readonly traversal: Traversal,
    private readonly reach: OffsetReach,
    /** The window's views (its Refreshes, and the budget a closed view's rows may be dropped by). */
    private readonly views: ViewCache,
  ) {
    super();
    this.blocks = traversal.blocks;
    this.blockSize = traversal.blockSize;
    this.walking = new CursorWalk(api, traversal.view, traversal.lang, this.blocks, {
      changed: () => this.changed(),
      failed: (failure) => this.failed(failure),
    });
  }

  /** The first block's rows: columns and widths are taken from them. */
  get firstRows(): ApiRecord[] | undefined {
    return this.traversal.firstRows;
  }

  /** Whether a block is being read. */
  get loading(): boolean {
    return this.inflight.size > 0;
  }

  get status(): ReadingStatus {
    return {
      matches: 0,
      counted: 'all',
      rowsReadWithToken: this.firstRows,
      usesHeldList: false,
      scan: undefined,
      walk: this.walking.progress,
    };
  }

  /** Rows in the view as far as known: the total, or the rows read so far and placeholders. */
  get rowCount(): number {
    return this.blocks.total ?? this.blocks.extent + SKELETON_ROWS;
  }

  /** The total is known (the count, an offset page's or the traversal's end), or reading failed. */
  get complete(): boolean {
    return this.blocks.total !== undefined || Boolean(this.error);
  }

  get held(): number {
    return this.blocks.rowsHeld;
  }

  rowAt(index: number): ApiRecord | undefined {
    return this.blocks.rowAt(index);
  }

  /** The view's total from offset mode's count. */
  override setTotal(total: number): void {
    if (this.blocks.total === total) return;
    this.blocks.setTotal(total);
    this.changed();
  }

  /**
   * Makes sure rows `first`…`last` are read (and the block after them, ahead of the user): by
   * cursor, by offset page, or by walking the cursor chain; drops blocks beyond the cache and
   * cancels reads the screen no longer needs.
   */
  ensure(first: number, last: number): void {
    if (this.closed || this.error) return;
    const firstBlock = Math.floor(Math.max(0, first) / this.blockSize);
    const lastBlock = Math.floor(Math.max(0, last) / this.blockSize) + 1;
    this.screenBlock = firstBlock;
    if (this.cancelledWalk !== firstBlock) this.cancelledWalk = undefined;
    // The walk is over once its target's cursor is known (it is then read like any block), or
    // when the screen went where no walk is needed.
    const walkTarget = this.walking.target;
    if (walkTarget !== undefined && this.blocks.reachableByCursor(walkTarget)) this.walking.stop();
    this.blocks.touch(firstBlock, lastBlock);
    for (const index of this.inflight.keys()) {
      // A read far from the screen (the user jumped away) is not worth its place in the queue.
      if (index < firstBlock - 1 || index > lastBlock + 1) this.cancel(index);
    }
    // The first block gives the columns and their widths, wherever the screen is.
    if (!this.firstRows && !this.inflight.has(0) && !this.blocks.has(0)) this.read(0, 'interactive');
    const total = this.blocks.total;
    let walkTo: number | undefined;
    for (let index = firstBlock; index <= lastBlock; index++) {
      if (this.inflight.has(index)) continue;
      const byCursor = this.blocks.reachableByCursor(index);
      const byOffset = this.reach.allows(index * this.blockSize);
      const priority = index === firstBlock ? 'interactive' : 'prefetch';
      if (this.blocks.has(index)) {
        // Shown as held; read again when older than a minute or refreshed, and replaced where changed.
        if (this.traversal.isStale(index) && (byCursor || byOffset)) this.read(index, priority);
        continue;
      }
      if (total !== undefined && index * this.blockSize >= total) break;
      // The cursor of this block comes with the one before it, being read: wait for it (and, where
      // offset mode gives up, for the blocks after it too).
      if (!byCursor && this.inflight.has(index - 1)) {
        if (byOffset) continue;
        break;
      }
      if (byCursor || byOffset) {
        this.read(index, priority);
      } else {
        walkTo = index;
        break;
      }
    }
    const walking = this.walking.target;
    if (walkTo !== undefined) {
      if (this.cancelledWalk === undefined) this.walking.towards(walkTo, Math.max(0, first));
    } else if (walking !== undefined && (walking < firstBlock || walking > lastBlock)) {
      // The screen went where no walk is needed.
      this.walking.stop();
    }
  }

  /** Stops the far jump being walked; returns the row it reached (the cursors it collected are kept). */
  override cancelWalk(): number | undefined {
    const progress = this.walking.progress;
    if (!progress) return undefined;
    this.cancelledWalk = this.screenBlock;
    this.walking.stop();
    this.changed();
    return progress.reachedRow;
  }

  override retry(): void {
    // The user tries again: a refused cursor may restart the reads once more.
    this.blocks.cursorWorked();
    super.retry();
  }

  override open(): void {
    this.traversal.users++;
    // A Refresh marks the traversal's rows stale: the screen's are read again at once.
    this.stopListening = this.views.onRefresh(() => this.changed());
    super.open();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const index of this.inflight.keys()) this.cancel(index);
    this.walking.stop();
    this.stopListening?.();
    this.traversal.users--;
    this.views.trim();
  }

  private cancel(index: number): void {
    this.inflight.get(index)?.release();
    this.inflight.delete(index);
    clearTimeout(this.slowTimers.get(index));
    this.slowTimers.delete(index);
  }

  private read(index: number, priority: 'interactive' | 'prefetch'): void {
    const read = this.traversal.read(index, priority);
    this.inflight.set(index, read);
    const size = this.blockSize;
    if (read.mode === 'offset') {
      // Offset mode degrades with depth: a page this slow is given up, and the table walks there.
      this.slowTimers.set(
        index,
        setTimeout(() => {
          if (this.inflight.get(index) !== read) return;
          this.cancel(index);
          this.reach.refused(index * size);
          this.changed();
        }, SLOW_OFFSET_MS),
      );
    }
    read.rows.then(
      () => {
        if (this.inflight.get(index) !== read) return;
        this.settled(index);
        this.changed();
      },
      (failure: unknown) => {
        if (this.inflight.get(index) !== read) return;
        this.settled(index);
        if (read.mode === 'offset' && isRefusal(failure)) {
          // Offset mode gives up this deep (a search-backed API's result window): walk instead.
          this.reach.refused(index * size);
          this.changed();
        } else if (
          failure instanceof AppFailure &&
          failure.code === 'invalid-cursor' &&
          read.mode === 'cursor' &&
          this.blocks.forgetCursors()
        ) {
          // A refused cursor is no longer valid; positions still are (spec rule 5). Once: refused
          // again before any cursor worked, the table fails and says so.
          this.changed();
        } else {
          this.walking.stop();
          this.failed(failure);
        }
      },
    );
  }

  private settled(index: number): void {
    this.inflight.get(index)?.release();
    this.inflight.delete(index);
    clearTimeout(this.slowTimers.get(index));
    this.slowTimers.delete(index);
  }
}

/** An offset page the API refused as such (a 4xx other than authentication and rate): not a failure to show. */
function isRefusal(failure: unknown): boolean {
  const status = failure instanceof AppFailure ? failure.payload.status : undefined;
  return (
    failure instanceof AppFailure &&
    failure.code === 'http' &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    ![401, 403, 429].includes(status)
  );
}
