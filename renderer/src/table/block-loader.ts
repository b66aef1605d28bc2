import type { Language } from '../../../electron/shared/api-rules';
import type { AppApi } from '../../../electron/shared/contract';
import type { ApiRecord } from '../../../electron/shared/schema';
import { AppFailure, call } from '../api/call';
import type { ListView } from '../data/queries';
import { CursorWalk, type WalkProgress } from './cursor-walk';
import type { OffsetReach } from './offset-reach';
import { RepeatedCursorError, RowBlocks } from './row-blocks';
import { RowLoader } from './row-loader';

/** Blocks held at most: the screen's and a bounded cache (memory stays flat at any depth). */
const MAX_BLOCKS = 24;
/**
 * An offset page not answered after this long is "slow" (offset mode degrades with depth): it is
 * cancelled, and the table walks there by cursor instead.
 */
export const SLOW_OFFSET_MS = 3_000;

let nextRequest = 0;

/**
 * Reads the blocks of one traversal of a view as the screen needs them and tells the table when rows
 * arrive (docs/api.md, "Far jumps"). While scrolling, each block by the cursor of the one before it.
 * A far jump (thumb, Ctrl+End, Go to row) by offset page, where offset mode works that deep for this
 * connection and list (OffsetReach); where it was refused (a 4xx) or slow, by walking the cursor
 * chain from the nearest block a cursor reaches, one page at a time at the limiter's full rate, with
 * progress (`walk`) and cancel. Every cursor the traversal gave is kept for its lifetime (this
 * session only, spec rule 2), so a second jump nearby is immediate. Requests for blocks the screen
 * left are cancelled in the app, queued or running; `close` cancels all (a new sort, another view).
 */
export class BlockLoader extends RowLoader {
  readonly blocks: RowBlocks;
  /** The first block's rows, kept when the block is dropped: columns and widths are taken from them. */
  firstRows: ApiRecord[] | undefined;
  /** The request reading each block now. */
  private readonly inflight = new Map<number, string>();
  private readonly slowTimers = new Map<number, ReturnType<typeof setTimeout>>();
  /** The far jump being walked by cursor, where offset mode gives up. */
  private readonly walking: CursorWalk;
  /** The first block on screen at the last `ensure`. */
  private screenBlock = 0;
  /** Where the screen was when the user cancelled a walk: none starts again until it moves. */
  private cancelledWalk: number | undefined;

  constructor(
    private readonly api: AppApi,
    private readonly view: ListView,
    private readonly lang: Language,
    readonly blockSize: number,
    private readonly reach: OffsetReach,
  ) {
    super();
    this.blocks = new RowBlocks(blockSize, MAX_BLOCKS);
    this.walking = new CursorWalk(api, view, lang, this.blocks, {
      changed: () => this.changed(),
      failed: (failure) => this.failed(failure),
    });
  }

  /** Whether a block is being read. */
  get loading(): boolean {
    return this.inflight.size > 0;
  }

  /** The far jump being walked by cursor, if one is. */
  get walk(): WalkProgress | undefined {
    return this.walking.progress;
  }

  /** Rows in the view as far as known: the total, or the rows read so far and `placeholders` more. */
  rowCount(placeholders: number): number {
    return this.blocks.total ?? this.blocks.extent + placeholders;
  }

  /** The view's total from offset mode's count. */
  setTotal(total: number): void {
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
    for (const [index, requestId] of this.inflight) {
      // A read far from the screen (the user jumped away) is not worth its place in the queue.
      if (index < firstBlock - 1 || index > lastBlock + 1) this.cancel(index, requestId);
    }
    // The first block gives the columns and their widths, wherever the screen is.
    if (!this.firstRows && !this.inflight.has(0) && !this.blocks.has(0)) this.read(0, 'interactive');
    const total = this.blocks.total;
    let walkTo: number | undefined;
    for (let index = firstBlock; index <= lastBlock; index++) {
      if (this.blocks.has(index) || this.inflight.has(index)) continue;
      if (total !== undefined && index * this.blockSize >= total) break;
      const byCursor = this.blocks.reachableByCursor(index);
      const byOffset = this.reach.allows(index * this.blockSize);
      // The cursor of this block comes with the one before it, being read: wait for it (and, where
      // offset mode gives up, for the blocks after it too).
      if (!byCursor && this.inflight.has(index - 1)) {
        if (byOffset) continue;
        break;
      }
      if (byCursor || byOffset) {
        this.read(index, index === firstBlock ? 'interactive' : 'prefetch');
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
  cancelWalk(): number | undefined {
    const progress = this.walking.progress;
    if (!progress) return undefined;
    this.cancelledWalk = this.screenBlock;
    this.walking.stop();
    this.changed();
    return progress.reachedRow;
  }

  close(): void {
    this.closed = true;
    for (const [index, requestId] of this.inflight) this.cancel(index, requestId);
    this.walking.stop();
  }

  private cancel(index: number, requestId: string): void {
    void this.api.invoke('data.cancel', { requestId });
    this.inflight.delete(index);
    clearTimeout(this.slowTimers.get(index));
    this.slowTimers.delete(index);
  }

  private read(index: number, priority: 'interactive' | 'prefetch'): void {
    const requestId = `block-${++nextRequest}`;
    this.inflight.set(index, requestId);
    const how = this.blocks.readOf(index);
    const size = this.blockSize;
    if (how.mode === 'offset') {
      // Offset mode degrades with depth: a page this slow is given up, and the table walks there.
      this.slowTimers.set(
        index,
        setTimeout(() => {
          if (this.inflight.get(index) !== requestId) return;
          this.cancel(index, requestId);
          this.reach.refused(index * size);
          this.changed();
        }, SLOW_OFFSET_MS),
      );
    }
    const answer =
      how.mode === 'cursor'
        ? call(this.api, 'data.listPage', {
            view: this.view,
            size,
            lang: this.lang,
            cursor: how.cursor,
            priority,
            requestId,
          }).then((page) => {
            this.blocks.put(index, page.rows, page.hasNextPage ? page.nextCursor : null);
            return page.rows;
          })
        : call(this.api, 'data.offsetPage', {
            view: this.view,
            size,
            page: how.page,
            lang: this.lang,
            requestId,
          }).then((page) => {
            this.blocks.setTotal(page.total);
            this.blocks.put(index, page.rows);
            return page.rows;
          });
    answer.then(
      (rows) => {
        if (this.inflight.get(index) !== requestId) return;
        this.settled(index);
        if (index === 0) this.firstRows = rows;
        this.changed();
      },
      (failure: unknown) => {
        if (this.inflight.get(index) !== requestId) return;
        this.settled(index);
        if (how.mode === 'offset' && isRefusal(failure)) {
          // Offset mode gives up this deep (a search-backed API's result window): walk instead.
          this.reach.refused(index * size);
          this.changed();
        } else if (
          failure instanceof AppFailure &&
          failure.code === 'invalid-cursor' &&
          how.mode === 'cursor'
        ) {
          // A refused cursor is no longer valid; positions still are (spec rule 5).
          this.blocks.forgetCursors();
          this.changed();
        } else {
          this.walking.stop();
          this.failed(
            failure instanceof RepeatedCursorError
              ? new AppFailure({ code: 'invalid-response', message: failure.message })
              : failure,
          );
        }
      },
    );
  }

  private settled(index: number): void {
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
