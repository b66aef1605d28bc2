import type { Language } from '../../../electron/shared/api-rules';
import type { AppApi } from '../../../electron/shared/contract';
import { repeatedCursorMessage } from '../../../electron/shared/errors';
import type { ApiRecord } from '../../../electron/shared/schema';
import { AppFailure, call } from '../api/call';
import type { ListView } from '../data/queries';
import { RowLoader } from './row-loader';

/** The scan reads on while the user is this many matches from the end of them. */
const PREFETCH_ROWS = 60;

let nextRequest = 0;

/**
 * A filtered view's rows (the API has no filter parameters): its cursor pages read one after
 * another, the filter applied as each arrives, and only the matches kept, so memory follows the
 * matches, not the rows scanned. The scan goes on while the matches do not reach past the screen,
 * unless the user stopped it. A refused cursor starts the scan again from the top (`restarted`).
 */
export class ScanLoader extends RowLoader {
  /** The rows that passed the filter, in the API's order. */
  matches: ApiRecord[] = [];
  /** Rows read so far. */
  scanned = 0;
  /** The first page: the columns are typed and sized from it; the filter is compiled with their kinds. */
  firstRows: ApiRecord[] | undefined;
  /** The API refused a cursor and the scan started again from the top. */
  restarted = false;
  private keep: ((record: ApiRecord) => boolean) | undefined;
  private cursor: string | undefined;
  /** Every cursor of this scan: one given twice would scan the same pages forever (a broken server). */
  private readonly cursors = new Set<string>();
  private ended = false;
  private requestId: string | undefined;

  constructor(
    private readonly api: AppApi,
    private readonly view: ListView,
    private readonly lang: Language,
    private readonly size: number,
  ) {
    super();
  }

  /** Whether pages remain to be scanned. */
  get hasMore(): boolean {
    return !this.ended;
  }

  get loading(): boolean {
    return this.requestId !== undefined;
  }

  /**
   * The filter, compiled once the first page gave the columns' kinds. Rows read before it changed
   * were judged by another filter: the scan starts again (their rows are not kept to judge again).
   */
  setFilter(keep: ((record: ApiRecord) => boolean) | undefined): void {
    if (keep === this.keep) return;
    this.keep = keep;
    const first = this.firstRows ?? [];
    if (this.scanned > first.length) this.restart();
    else this.matches = keep ? first.filter(keep) : [...first];
    this.changed();
  }

  /** Reads the next page when the matches on screen reach `last`, unless `stopped`. */
  ensure(last: number, stopped: boolean): void {
    if (this.closed || this.error || this.ended || this.loading) return;
    // Past the first page only with the filter compiled: every row is judged by the same filter.
    if (this.firstRows && !this.keep) return;
    if (this.firstRows && (stopped || last < this.matches.length - PREFETCH_ROWS)) return;
    this.read();
  }

  close(): void {
    this.closed = true;
    if (this.requestId) void this.api.invoke('data.cancel', { requestId: this.requestId });
    this.requestId = undefined;
  }

  private read(): void {
    const requestId = `scan-${++nextRequest}`;
    this.requestId = requestId;
    call(this.api, 'data.listPage', {
      view: this.view,
      size: this.size,
      lang: this.lang,
      cursor: this.cursor,
      // The first page is what the user waits for; the rest is a scan in the background.
      priority: this.scanned === 0 ? 'interactive' : 'prefetch',
      requestId,
    }).then(
      (page) => {
        if (this.requestId !== requestId) return;
        this.requestId = undefined;
        if (this.scanned === 0) this.firstRows = page.rows;
        this.scanned += page.rows.length;
        this.matches.push(...(this.keep ? page.rows.filter(this.keep) : page.rows));
        this.cursor = page.nextCursor ?? undefined;
        this.ended = !page.hasNextPage;
        if (!this.ended && this.cursor !== undefined) {
          if (this.cursors.has(this.cursor)) {
            this.ended = true;
            return this.failed(
              new AppFailure({
                code: 'invalid-response',
                message: repeatedCursorMessage(`after ${this.cursors.size + 1} pages`),
              }),
            );
          }
          this.cursors.add(this.cursor);
        }
        this.changed();
      },
      (failure: unknown) => {
        if (this.requestId !== requestId) return;
        this.requestId = undefined;
        if (failure instanceof AppFailure && failure.code === 'invalid-cursor') {
          // A refused cursor means the traversal starts again, and the user is told (docs/api.md).
          this.restart();
          this.restarted = true;
          this.changed();
        } else {
          this.failed(failure);
        }
      },
    );
  }

  private restart(): void {
    if (this.requestId) void this.api.invoke('data.cancel', { requestId: this.requestId });
    this.requestId = undefined;
    this.matches = [];
    this.scanned = 0;
    this.cursor = undefined;
    this.cursors.clear();
    this.ended = false;
    this.firstRows = undefined;
  }
}
