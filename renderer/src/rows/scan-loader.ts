import type { Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import { PageChain } from '@shared/page-chain';
import type { ApiRecord } from '@shared/schema';
import { AppFailure, call } from '../api/call';
import type { View } from '@shared/view';
import { RowLoader, SKELETON_ROWS, type ReadingStatus } from './row-loader';
import { newRequestId } from '../api/request-ids';

/** The scan reads on while the user is this many matches from the end of them. */
const PREFETCH_ROWS = 60;

/**
 * A filtered view's rows (the API has no filter parameters): its cursor pages read one after
 * another, the filter applied as each arrives, and only the matches kept, so memory follows the
 * matches, not the rows scanned. The scan goes on while the matches do not reach past the screen,
 * unless the user stopped it. A refused cursor starts the scan again from the top (`restarted`),
 * once: refused again, the scan fails and says so (Retry starts it over). A chain of pages that
 * cannot be right (PageChain) ends it with an error.
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
  /** The user stopped the scan: no page is read until resumed (a new filter is a new scan). */
  stopped = false;
  private keep: ((record: ApiRecord) => boolean) | undefined;
  private cursor: string | undefined;
  /** The pages of this scan, judged: a cursor given twice or a list far past its count would scan forever. */
  private readonly chain: PageChain;
  private ended = false;
  private requestId: string | undefined;

  constructor(
    private readonly api: AppApi,
    private readonly view: View,
    private readonly lang: Language,
    private readonly size: number,
  ) {
    super();
    this.chain = new PageChain(size);
  }

  /** The list's count, once known: what bounds a list whose cursors never end. */
  override setTotal(total: number): void {
    this.chain.total = total;
  }

  override retry(): void {
    // A scan its chain or its cursors ended starts over (and may restart once again); after another
    // failure (the network) it goes on from where it was.
    if (this.error && this.ended) {
      this.restarted = false;
      this.restart();
    }
    super.retry();
  }

  /** Whether pages remain to be scanned. */
  get hasMore(): boolean {
    return !this.ended;
  }

  get status(): ReadingStatus {
    return {
      matches: this.matches.length,
      counted: this.ended ? 'all' : 'so-far',
      rowsReadWithToken: this.firstRows,
      // Scanned because the list is too long to hold: the app's word on it is shown.
      usesHeldList: true,
      scan: { hasMore: this.hasMore, stopped: this.stopped, restarted: this.restarted },
      walk: undefined,
    };
  }

  get loading(): boolean {
    return this.requestId !== undefined;
  }

  get rowCount(): number {
    return this.matches.length + (this.complete ? 0 : SKELETON_ROWS);
  }

  /** No more matches will come: the scan ended, failed, or was stopped. */
  get complete(): boolean {
    return this.ended || Boolean(this.error) || this.stopped;
  }

  get held(): number {
    return this.scanned;
  }

  rowAt(index: number): ApiRecord | undefined {
    return this.matches[index];
  }

  /** Stops reading pages, or goes on (from where it stopped). */
  override setStopped(stopped: boolean): void {
    if (this.stopped === stopped) return;
    this.stopped = stopped;
    this.changed();
  }

  /**
   * The filter, compiled once the first page gave the columns' kinds. Rows read before it changed
   * were judged by another filter: the scan starts again (their rows are not kept to judge again).
   */
  override setFilter(keep: ((record: ApiRecord) => boolean) | undefined): void {
    if (keep === this.keep) return;
    this.keep = keep;
    const first = this.firstRows ?? [];
    if (this.scanned > first.length) this.restart();
    else this.matches = keep ? first.filter(keep) : [...first];
    this.changed();
  }

  /** Reads the next page when the matches on screen reach `last`, unless stopped. */
  ensure(_first: number, last: number): void {
    if (this.closed || this.error || this.ended || this.loading) return;
    // Past the first page only with the filter compiled: every row is judged by the same filter.
    if (this.firstRows && !this.keep) return;
    if (this.firstRows && (this.stopped || last < this.matches.length - PREFETCH_ROWS)) return;
    this.read();
  }

  close(): void {
    this.closed = true;
    if (this.requestId) void this.api.invoke('data.cancel', { requestId: this.requestId });
    this.requestId = undefined;
  }

  private read(): void {
    const requestId = newRequestId('scan');
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
        const problem = this.chain.take(page);
        if (problem) {
          this.ended = true;
          return this.failed(new AppFailure({ code: 'invalid-response', message: problem }));
        }
        if (this.scanned === 0) this.firstRows = page.rows;
        this.scanned += page.rows.length;
        this.matches.push(...(this.keep ? page.rows.filter(this.keep) : page.rows));
        this.cursor = page.nextCursor ?? undefined;
        this.ended = !page.hasNextPage;
        this.changed();
      },
      (failure: unknown) => {
        if (this.requestId !== requestId) return;
        this.requestId = undefined;
        if (failure instanceof AppFailure && failure.code === 'invalid-cursor' && !this.restarted) {
          // A refused cursor means the traversal starts again, and the user is told (docs/api.md);
          // once: an API that refuses every cursor would have it scan its first page forever.
          this.restart();
          this.restarted = true;
          this.changed();
        } else {
          if (failure instanceof AppFailure && failure.code === 'invalid-cursor') this.ended = true;
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
    this.chain.restart();
    this.ended = false;
    this.firstRows = undefined;
  }
}
