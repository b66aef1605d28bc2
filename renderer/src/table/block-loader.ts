import type { Language } from '../../../electron/shared/api-rules';
import type { AppApi } from '../../../electron/shared/contract';
import type { ApiRecord } from '../../../electron/shared/schema';
import { AppFailure, call } from '../api/call';
import type { ListView } from '../data/queries';
import { RowBlocks } from './row-blocks';
import { RowLoader } from './row-loader';

/** Blocks held at most: the screen's and a bounded cache (memory stays flat at any depth). */
const MAX_BLOCKS = 24;

let nextRequest = 0;

/**
 * Reads the blocks of one traversal of a view as the screen needs them (RowBlocks says how: a
 * cursor while scrolling, a position for a far jump) and tells the table when rows arrive. Requests
 * for blocks the screen left are cancelled in the app, queued or running; `close` cancels all
 * (a new sort, another view).
 */
export class BlockLoader extends RowLoader {
  readonly blocks: RowBlocks;
  /** The request reading each block now. */
  private readonly inflight = new Map<number, string>();

  constructor(
    private readonly api: AppApi,
    private readonly view: ListView,
    private readonly lang: Language,
    readonly blockSize: number,
  ) {
    super();
    this.blocks = new RowBlocks(blockSize, MAX_BLOCKS);
  }

  /** Whether a block is being read. */
  get loading(): boolean {
    return this.inflight.size > 0;
  }

  /** The first block's rows, kept when the block is dropped: columns and widths are taken from them. */
  firstRows: ApiRecord[] | undefined;

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
   * Makes sure rows `first`…`last` are read (and the block after them, ahead of the user);
   * drops blocks beyond the cache and cancels reads the screen no longer needs.
   */
  ensure(first: number, last: number): void {
    if (this.closed || this.error) return;
    const firstBlock = Math.floor(Math.max(0, first) / this.blockSize);
    const lastBlock = Math.floor(Math.max(0, last) / this.blockSize) + 1;
    this.blocks.touch(firstBlock, lastBlock);
    for (const [index, requestId] of this.inflight) {
      // A read far from the screen (the user jumped away) is not worth its place in the queue.
      if (index < firstBlock - 1 || index > lastBlock + 1) {
        void this.api.invoke('data.cancel', { requestId });
        this.inflight.delete(index);
      }
    }
    // The first block gives the columns and their widths, wherever the screen is.
    if (!this.firstRows && !this.inflight.has(0) && !this.blocks.has(0)) this.read(0, 'interactive');
    const total = this.blocks.total;
    for (let index = firstBlock; index <= lastBlock; index++) {
      if (this.blocks.has(index) || this.inflight.has(index)) continue;
      if (total !== undefined && index * this.blockSize >= total) break;
      // The cursor of this block comes with the one before it, being read: wait for it.
      if (!this.blocks.reachableByCursor(index) && this.inflight.has(index - 1)) continue;
      this.read(index, index === firstBlock ? 'interactive' : 'prefetch');
    }
  }

  close(): void {
    this.closed = true;
    for (const requestId of this.inflight.values()) void this.api.invoke('data.cancel', { requestId });
    this.inflight.clear();
  }

  private read(index: number, priority: 'interactive' | 'prefetch'): void {
    const requestId = `block-${++nextRequest}`;
    this.inflight.set(index, requestId);
    const how = this.blocks.readOf(index);
    const size = this.blockSize;
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
        this.inflight.delete(index);
        if (index === 0) this.firstRows = rows;
        this.changed();
      },
      (failure: unknown) => {
        if (this.inflight.get(index) !== requestId) return;
        this.inflight.delete(index);
        if (failure instanceof AppFailure && failure.code === 'invalid-cursor' && how.mode === 'cursor') {
          // DESIGN.md: a refused cursor is no longer valid; positions still are (spec rule 5).
          this.blocks.forgetCursors();
          this.changed();
        } else {
          this.failed(failure);
        }
      },
    );
  }
}
