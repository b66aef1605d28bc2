import { PAGE_SIZE_MAX, type Language } from '../../../shared/api-rules.js';
import { PageChain } from '../../../shared/page-chain.js';
import type { ApiRecord } from '../../../shared/schema.js';
import type { View } from '../../../shared/view.js';
import type { ApiClient, Page } from '../../api/api-client.js';
import { invalidResponse } from '../../api/api-answers.js';
import { ApiError } from '../../engine-errors.js';
import { HeldRows } from '../columns/held-rows.js';
import type { Priority } from '../../rate/job-queue.js';
import type { ServerClock } from './catch-up.js';
import { Slicer } from '../../slices.js';

/** How a read ended: the list is whole, or the budget cannot hold it. */
export type ReadEnd = 'whole' | 'too-long';

export interface ListReaderOptions {
  client: ApiClient;
  /** The list: resource and customer scope (no sort: the API's own order). */
  view: Omit<View, 'sort'>;
  lang: Language;
  /** Settles when the rows may be filled (the labels of the list's coded values are known). */
  ready?: Promise<unknown>;
  /** Makes the rows a read fills (with the labels of the list's coded values). */
  newRows: () => HeldRows;
  /** After each page: whether the budget can hold what was read (false ends the read as too long). */
  fits: () => boolean;
  /** After each page that fit. */
  onPage: () => void;
  /** The priority of its next page (background while nobody has asked for the list yet); prefetch by default. */
  priority?: () => Priority;
  /** Each page's records are handed here instead of held (a list read for its words only). */
  take?: (records: readonly ApiRecord[]) => void;
}

/**
 * Reads one list whole into held rows, in the largest pages the API gives (500 rows), in cursor mode
 * (spec rule 6: it stays consistent when records are added or removed between calls) at prefetch
 * priority, below what the screen waits for. Each page's cursor comes with the page before it, so
 * the next page is asked for as soon as a page arrives, and the page is taken in while the next one
 * is on its way. A read can be stopped and taken up again where it stopped (the cursor is kept in
 * memory for the session only, spec rule 2). A refused cursor starts it again from the top once (the
 * rows read are dropped); a cursor given twice, a page larger than asked or a list that goes far past
 * its count end it with an error.
 */
export class ListReader {
  /** What this read has filled so far. */
  rows: HeldRows;
  /** The server's clock at the read's first answer (a catch-up later reads down to it). */
  clock: ServerClock | undefined;
  /** The cursor of the next page to take in (none: the first page). */
  private cursor: string | undefined;
  /** The pages taken in, judged (a cursor given twice, a list far past its count: PageChain). */
  private readonly chain = new PageChain(PAGE_SIZE_MAX);
  private restarted = false;

  constructor(private readonly options: ListReaderOptions) {
    this.rows = options.newRows();
  }

  /** Reads on from where the read is (the top, the first time) to the end of the list. */
  async read(signal: AbortSignal): Promise<ReadEnd> {
    // The page asked for ahead is given up with the read (stopped, or the list too long).
    const ahead = new AbortController();
    const stop = () => ahead.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    try {
      let pending = this.ask(this.cursor, ahead.signal);
      for (;;) {
        const page = await this.arrived(pending, ahead.signal);
        if (page === 'restart') {
          pending = this.ask(undefined, ahead.signal);
          continue;
        }
        const next = this.nextCursorOf(page);
        if (next !== undefined) pending = this.ask(next, ahead.signal);
        await this.options.ready;
        // A read stopped while its page was on its way (or taken in) keeps nothing of it: taken up
        // again, it asks for that page again, which the chain takes in only once it is kept.
        signal.throwIfAborted();
        if (this.cursor === undefined && page.serverDate !== undefined)
          this.clock = { server: page.serverDate, local: Date.now() };
        if (this.options.take) this.options.take(page.rows);
        else {
          // Taken in a slice at a time: the screen's requests are answered between them.
          const slicer = new Slicer(signal);
          await this.rows.appendInSlices(page.rows, () => slicer.pause());
        }
        this.chain.keep(page);
        this.cursor = next;
        if (!this.options.fits()) return 'too-long';
        this.options.onPage();
        if (next === undefined) return 'whole';
      }
    } finally {
      signal.removeEventListener('abort', stop);
      ahead.abort();
    }
  }

  private ask(cursor: string | undefined, signal: AbortSignal): Promise<Page> {
    const { client, view, lang } = this.options;
    const asked = client.listPage(
      { ...view, size: PAGE_SIZE_MAX, lang, ...(cursor !== undefined && { cursor }) },
      { signal, priority: this.options.priority?.() ?? 'prefetch' },
    );
    // Awaited when its turn comes: a failure meanwhile is no unhandled rejection.
    asked.catch(() => undefined);
    return asked;
  }

  /** The page asked for, judged (kept by the caller); 'restart' when the API refused its cursor the first time. */
  private async arrived(pending: Promise<Page>, signal: AbortSignal): Promise<Page | 'restart'> {
    let page: Page;
    try {
      page = await pending;
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.code === 'invalid-cursor' &&
        !this.restarted &&
        !signal.aborted
      ) {
        // docs/api.md: a refused cursor starts the traversal again; once, not forever.
        this.restarted = true;
        this.cursor = undefined;
        this.clock = undefined;
        this.chain.restart();
        this.rows = this.options.newRows();
        return 'restart';
      }
      throw error;
    }
    const problem = this.chain.judge(page);
    if (problem) throw invalidResponse(problem);
    return page;
  }

  /** The cursor of the page after `page` (taken in already), or undefined at the end. */
  private nextCursorOf(page: Page): string | undefined {
    return page.hasNextPage && page.nextCursor !== null ? page.nextCursor : undefined;
  }

  /** The list's count, when the API gave it: what bounds a list that does not end. */
  set total(total: number | undefined) {
    this.chain.total = total;
  }

  get total(): number | undefined {
    return this.chain.total;
  }
}
