import type { ApiRecord } from '@shared/schema';
import { AppFailure, asAppFailure } from '../api/call';
import type { WalkProgress } from './cursor-walk';

/** Placeholder rows past the rows read, while more are coming and the total is not known. */
export const SKELETON_ROWS = 4;

/** The rows a table draws, whichever way they are read. */
export interface RowSource {
  /** Rows to draw: the list's own count once known, else the rows read and placeholders while more come. */
  readonly rowCount: number;
  /** Row `index`, or undefined while it is being read (a placeholder is drawn). */
  rowAt(index: number): ApiRecord | undefined;
  /** Rows `first`…`last` are on screen: read them (and what comes next) if they are not. */
  ensure(first: number, last: number): void;
  /** Rows in memory (the toolbar's "loaded"). */
  readonly held: number;
  readonly loading: boolean;
  /** For useSyncExternalStore: calls `listener` on every change of the rows or their state. */
  readonly subscribe: (listener: () => void) => () => void;
  /** For useSyncExternalStore: a number that changes with the rows (what was read may call for the next reads). */
  readonly snapshot: () => number;
  /** The row count is the list's own (its count known, its search or scan done or stopped, or failed): it will not grow. */
  readonly complete: boolean;
}

/** What a table shows of its reading beside the rows: one shape, whichever loader reads them. */
export interface ReadingStatus {
  /** Matches so far of a filtered view (the toolbar's count); 0 when the view is not searched. */
  readonly matches: number;
  /**
   * What `matches` stands for: nothing yet (the search has not answered: never said as 0), the
   * matches so far (the list still read, or an answer older than what it read since), or all.
   */
  readonly counted: 'not-yet' | 'so-far' | 'all';
  /**
   * The first rows read from the API with the session's token, after which the session is read
   * again (a token's first use tells what it may read); none when the app answers from its held list.
   */
  readonly rowsReadWithToken: ApiRecord[] | undefined;
  /**
   * The view is answered from the list held for search, or scanned because it is too long to hold:
   * the table shows that list's state (as the app tells it: data/useHeldLists.ts).
   */
  readonly usesHeldList: boolean;
  /** A scan's state: pages left, stopped by the user, started again after a refused cursor. */
  readonly scan:
    { readonly hasMore: boolean; readonly stopped: boolean; readonly restarted: boolean } | undefined;
  /** A far jump being walked by cursor, if one is. */
  readonly walk: WalkProgress | undefined;
}

/**
 * What a table's row loaders share (block-loader.ts, scan-loader.ts, held-search-loader.ts): the
 * rows as a RowSource, React's subscription to them (useSyncExternalStore), the failure the table
 * shows with Retry, and stopping and starting.
 */
export abstract class RowLoader implements RowSource {
  /** Why the last read failed; cleared by retry(). */
  error: AppFailure | undefined;
  protected closed = false;
  private readonly listeners = new Set<() => void>();
  private changes = 0;

  abstract readonly rowCount: number;
  abstract rowAt(index: number): ApiRecord | undefined;
  abstract ensure(first: number, last: number): void;
  abstract readonly held: number;
  abstract readonly loading: boolean;
  abstract readonly complete: boolean;
  /** The first page's rows: the columns are typed and sized from them. */
  abstract readonly firstRows: ApiRecord[] | undefined;
  /** What the table shows of this reading beside the rows. */
  abstract readonly status: ReadingStatus;

  /** The list's count, once known (a loader that does not need it ignores it). */
  setTotal(_total: number): void {}

  /** The filter, compiled once the columns' kinds are known (for a loader that filters the pages itself). */
  setFilter(_keep: ((record: ApiRecord) => boolean) | undefined): void {}

  /** Stops reading pages, or goes on (for a loader the user can stop). */
  setStopped(_stopped: boolean): void {}

  /** Stops a far jump being walked; the row it reached (for a loader that walks). */
  cancelWalk(): number | undefined {
    return undefined;
  }

  /** For useSyncExternalStore: called on every change. */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** For useSyncExternalStore: a number that changes with the rows. */
  readonly snapshot = () => this.changes;

  /** Tries again after a failure. */
  retry(): void {
    this.error = undefined;
    this.changed();
  }

  /** Starts (again: React may stop and start an effect once more in development). */
  open(): void {
    this.closed = false;
    this.changed();
  }

  /** Stops: cancels the reads under way (another sort, filter or view replaces this one). */
  abstract close(): void;

  /** Keeps a read's failure to show; a cancelled read is no failure. */
  protected failed(failure: unknown): void {
    if (failure instanceof AppFailure && failure.code === 'cancelled') return;
    this.error = asAppFailure(failure);
    this.changed();
  }

  protected changed(): void {
    if (this.closed) return;
    this.changes++;
    for (const listener of this.listeners) listener();
  }
}
