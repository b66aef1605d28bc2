import type { Language } from '@shared/api-rules';
import type { AppApi, RequestOutputs } from '@shared/contract/contract';
import type { ApiRecord } from '@shared/schema';
import { AppFailure, call } from '../api/call';
import type { View } from '@shared/view';
import { FIRST_VIEW, type EarlyPage } from './first-page';
import { RepeatedCursorError, RowBlocks } from './row-blocks';
import { newRequestId } from '../api/request-ids';

/** Blocks a traversal holds at most: the screen's and a bounded cache (memory stays flat at any depth). */
const MAX_BLOCKS = 24;
/** Rows read this recently are shown without asking the API again (docs/architecture.md, "Views kept in memory"). */
export const FRESH_MS = 60_000;

/** A read of one block, shared by all who asked for it: released by each; cancelled when none is left. */
export interface BlockRead {
  /** The block's rows, once read and kept. */
  rows: Promise<ApiRecord[]>;
  /** How it is read: by cursor, by position (offset mode), or not at all (the rows held were fresh). */
  mode: 'cursor' | 'offset' | 'held';
  /** This user no longer needs it (the read is cancelled when no user is left). */
  release: () => void;
}

/** A block's rows as a page brings them: the next cursor (null at the end) or the view's total. */
interface BlockAnswer {
  rows: ApiRecord[];
  next: string | null | undefined;
  total: number | undefined;
}

/** A cursor page as a block's answer. */
const pageBlock = (page: RequestOutputs['data.listPage']): BlockAnswer => ({
  rows: page.rows,
  next: page.hasNextPage ? page.nextCursor : null,
  total: undefined,
});

interface SharedRead {
  requestId: string;
  mode: 'cursor' | 'offset';
  rows: Promise<ApiRecord[]>;
  users: number;
}

/**
 * One traversal of a view (connection, resource, customer, sort, language, page size) as the
 * renderer knows it: its blocks of rows and their cursors (RowBlocks), when each block was read,
 * and the reads under way. Everything that shows the view reads through it — a table's block
 * loader, a customer's summary — so two of them asking for the same page share one request, and
 * a view left and come back to finds its rows here (view-cache.ts).
 */
export class Traversal {
  readonly blocks: RowBlocks;
  /** The first block's rows, kept when the block is dropped: columns and widths are taken from them. */
  firstRows: ApiRecord[] | undefined;
  /** Loaders showing this traversal now: an open one is never dropped from the cache. */
  users = 0;
  private readonly reads = new Map<number, SharedRead>();
  private readonly readAt = new Map<number, number>();
  private readonly sizes = new Map<number, number>();

  constructor(
    private readonly api: AppApi,
    readonly view: View,
    readonly lang: Language,
    readonly blockSize: number,
    private readonly now: () => number = Date.now,
  ) {
    this.blocks = new RowBlocks(blockSize, MAX_BLOCKS);
  }

  /** Whether block `index` is held but was read more than a minute ago, or before a Refresh. */
  isStale(index: number): boolean {
    const at = this.readAt.get(index);
    return this.blocks.has(index) && (at === undefined || this.now() - at >= FRESH_MS);
  }

  /** Every block held is to be read again before it is trusted (Refresh). */
  markStale(): void {
    this.readAt.clear();
  }

  /** Roughly how many bytes the rows held take (their JSON text, two bytes a character). */
  get bytes(): number {
    let total = 0;
    for (const [index, size] of this.sizes) if (this.blocks.has(index)) total += size;
    return total;
  }

  /** Block `index`: the rows held when fresh, else read (or the read under way joined). */
  get(index: number, priority: 'interactive' | 'prefetch'): BlockRead {
    const held = this.blocks.rowsOf(index);
    if (held && !this.isStale(index))
      return { rows: Promise.resolve(held), mode: 'held', release: () => undefined };
    return this.read(index, priority);
  }

  /** Reads block `index` from the API now, or joins the read of it under way. */
  read(index: number, priority: 'interactive' | 'prefetch'): BlockRead {
    const shared = this.reads.get(index) ?? this.startRead(index, priority);
    shared.users++;
    let released = false;
    return {
      rows: shared.rows,
      mode: shared.mode,
      release: () => {
        if (released) return;
        released = true;
        if (--shared.users > 0 || this.reads.get(index) !== shared) return;
        this.reads.delete(index);
        void this.api.invoke('data.cancel', { requestId: shared.requestId });
      },
    };
  }

  /** Whether a block follows block `index` (as far as the traversal knows). */
  hasBlockAfter(index: number): boolean {
    const total = this.blocks.total;
    return total === undefined ? true : (index + 1) * this.blockSize < total;
  }

  /**
   * Takes the first page asked before the app's code ran (first-page.ts) as the read of block 0,
   * joined like any read under way; false when this traversal is not the one it was asked for, or
   * has block 0 already (the page is then cancelled: nobody will show it).
   */
  adoptFirstPage(early: EarlyPage, connectionId: string): boolean {
    const same =
      early.connectionId === connectionId &&
      early.lang === this.lang &&
      early.size === this.blockSize &&
      this.view.resource === FIRST_VIEW.resource &&
      this.view.customerId === undefined &&
      this.view.sort === undefined;
    if (!same || this.reads.has(0) || this.blocks.has(0)) {
      early.cancel();
      return false;
    }
    this.reads.set(0, this.sharedRead(0, early.requestId, 'cursor', early.page.then(pageBlock)));
    return true;
  }

  private startRead(index: number, priority: 'interactive' | 'prefetch'): SharedRead {
    const requestId = newRequestId('block');
    const how = this.blocks.readOf(index);
    const { view, lang, blockSize: size } = this;
    const answer =
      how.mode === 'cursor'
        ? call(this.api, 'data.listPage', { view, size, lang, cursor: how.cursor, priority, requestId }).then(
            (page) => {
              if (how.cursor !== undefined) this.blocks.cursorWorked();
              return pageBlock(page);
            },
          )
        : call(this.api, 'data.offsetPage', { view, size, page: how.page, lang, requestId }).then((page) => ({
            rows: page.rows,
            next: undefined,
            total: page.total,
          }));
    const shared = this.sharedRead(index, requestId, how.mode, answer);
    this.reads.set(index, shared);
    return shared;
  }

  /** The read of block `index` shared by all who ask for it, from the answer on its way. */
  private sharedRead(
    index: number,
    requestId: string,
    mode: 'cursor' | 'offset',
    answer: Promise<BlockAnswer>,
  ): SharedRead {
    const shared: SharedRead = {
      requestId,
      mode,
      users: 0,
      rows: answer.then(
        ({ rows, next, total }) => {
          if (this.reads.get(index) === shared) this.reads.delete(index);
          if (total !== undefined) this.blocks.setTotal(total);
          try {
            const kept = this.keep(index, rows, next);
            if (index === 0) this.firstRows = kept;
            return kept;
          } catch (failure) {
            // A broken server's cursor cycle is an answer the app cannot use (docs/api.md).
            if (failure instanceof RepeatedCursorError)
              throw new AppFailure({ code: 'invalid-response', message: failure.message });
            throw failure;
          }
        },
        (failure: unknown) => {
          if (this.reads.get(index) === shared) this.reads.delete(index);
          throw failure;
        },
      ),
    };
    return shared;
  }

  /**
   * Keeps the rows read for block `index` (RowBlocks may throw on a repeated cursor). A record
   * unchanged since the block was last read keeps its object, so the table redraws only the rows
   * that changed.
   */
  private keep(index: number, rows: ApiRecord[], next: string | null | undefined): ApiRecord[] {
    const before = this.blocks.rowsOf(index) ?? [];
    const kept = before.length
      ? rows.map((row, at) => {
          const old = before[at];
          return old !== undefined && JSON.stringify(old) === JSON.stringify(row) ? old : row;
        })
      : rows;
    this.blocks.put(index, kept, next);
    this.readAt.set(index, this.now());
    this.sizes.set(index, bytesOf(rows));
    return kept;
  }
}

/** What a value is counted beside its text: its slot in the row and its key. */
const VALUE_OVERHEAD_BYTES = 48;

/**
 * Roughly the memory `rows` take, measured over every row (a block whose first row is short and the
 * others megabytes long is counted as it is): each string's length in UTF-16, a nested value's JSON,
 * and a slot per value. Cheaper than the rows' JSON: no text is built for flat values.
 */
export function bytesOf(rows: readonly ApiRecord[]): number {
  let bytes = 0;
  for (const row of rows) {
    for (const value of Object.values(row)) {
      bytes += VALUE_OVERHEAD_BYTES;
      if (typeof value === 'string') bytes += value.length * 2;
      else if (typeof value === 'object' && value !== null) bytes += JSON.stringify(value).length * 2;
    }
  }
  return bytes;
}
