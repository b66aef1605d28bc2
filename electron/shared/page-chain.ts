import { LIST_ROWS_MAX } from './api-rules.js';
import { repeatedCursorMessage } from './errors.js';
import type { ApiRecord } from './schema.js';

/**
 * Past its count, a list is cut off beyond this many times it and this many pages more: the API
 * said how long it is, and records added while it is read cannot double it.
 */
const TIMES_COUNT = 2;
const PAGES_BEYOND_COUNT = 10;

/** A page of a cursor traversal as the chain judges it. */
export interface ChainPage {
  rows: readonly ApiRecord[];
  hasNextPage: boolean;
  nextCursor: string | null;
}

/**
 * What one cursor traversal has seen of the API's pages (docs/api.md, "What the app does not take on
 * trust"), shared by every traversal that reads a list to its end (an export, a held list's read, a
 * filtered scan, a customer's look-up; each page's own size is checked by the API client). A cursor
 * given twice (a cycle of any length), a page that repeats the one before under a new cursor, or more
 * rows than the list can have (twice its count and ten pages; LIST_ROWS_MAX when it gave none) end
 * it: `take` says why, so a server whose cursors change but never end cannot fill a disk or a memory.
 */
export class PageChain {
  /** The list's count, when the API gave it (it may come after the first pages). */
  total: number | undefined;
  private readonly cursors = new Set<string>();
  private previousPage: string | undefined;
  /** The rows' key of the page `judge` saw last, so `keep` does not hash up to 500 rows again. */
  private judged: { page: ChainPage; key: string | undefined } | undefined;
  private rows = 0;
  private pages = 0;

  /** `size`: the rows asked for per page (ten pages past the count are allowed for records added meanwhile). */
  constructor(private readonly size: number) {}

  /** Takes the next page in: why the traversal cannot go on (words for an "invalid response"), or undefined. */
  take(page: ChainPage): string | undefined {
    const problem = this.judge(page);
    if (problem === undefined) this.keep(page);
    return problem;
  }

  /**
   * Why the traversal cannot go on with `page` as its next page, or undefined; the page is not taken
   * in (`keep` does, once it is kept: a page dropped by a read stopped meanwhile is asked again).
   */
  judge(page: ChainPage): string | undefined {
    const pages = this.pages + 1;
    const rows = this.rows + page.rows.length;
    const bound =
      this.total === undefined ? LIST_ROWS_MAX : this.total * TIMES_COUNT + PAGES_BEYOND_COUNT * this.size;
    if (rows > bound) {
      const counted = this.total === undefined ? '' : ` where the API counts ${this.total}`;
      return `the list does not end: ${rows} rows read${counted}; it was stopped`;
    }
    const key = rowsKeyOf(page);
    this.judged = { page, key };
    if (key !== undefined && key === this.previousPage) {
      return `after ${pages - 1} pages it answered the same rows again under a new cursor, so the list would never end; it was stopped`;
    }
    if (!page.hasNextPage || page.nextCursor === null) return undefined;
    if (this.cursors.has(keyOf(page.nextCursor))) return repeatedCursorMessage(`after ${pages} pages`);
    return undefined;
  }

  /** Takes in `page`, judged already. */
  keep(page: ChainPage): void {
    this.pages++;
    this.rows += page.rows.length;
    this.previousPage = this.judged?.page === page ? this.judged.key : rowsKeyOf(page);
    this.judged = undefined;
    // Keys, not the cursors: a few bytes per page, whatever the server makes its cursors.
    if (page.hasNextPage && page.nextCursor !== null) this.cursors.add(keyOf(page.nextCursor));
  }

  /** The traversal starts again from the top (the API refused a cursor). */
  restart(): void {
    this.cursors.clear();
    this.previousPage = undefined;
    this.judged = undefined;
    this.rows = 0;
    this.pages = 0;
  }
}

/** A short key of a page's rows (none for an empty page). */
function rowsKeyOf(page: ChainPage): string | undefined {
  return page.rows.length > 0 ? keyOf(JSON.stringify(page.rows)) : undefined;
}

/**
 * A short key of `text`: its length and its cyrb53 hash (a public-domain 53-bit string hash), so
 * two different cursors or pages share one with a chance of about 1 in 2^53; works in Node and in
 * the browser alike.
 */
function keyOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}
