import { PAGE_SIZE_MAX, type Language, type Resource } from '../../shared/api-rules.js';
import type { ApiRecord } from '../../shared/schema.js';
import type { View } from '../../shared/view.js';
import type { ApiClient } from '../api/api-client.js';
import { idOf, type HeldRows } from './held-rows.js';
import { Slicer } from './slices.js';

/** The lists the API sorts by `updatedAt` and `createdAt` (spec: customers and contacts). */
const SORTED_BY_TIME: ReadonlySet<Resource> = new Set(['customers', 'contacts']);
/**
 * How far before the newest instant held a catch-up reads again: records changed in the same
 * instant as the newest held (equal timestamps), and a server clock stepped back a little.
 */
const MARGIN_MS = 5 * 60_000;
/** The first page of each order: a few changes fit in it; more are read in the largest pages. */
const FIRST_PAGE = 100;
/** Past this many pages of changes, reading the list whole again is about as cheap. */
const MOST_PAGES = 10;

/** Why a catch-up gave way to a whole read. */
export type CatchUpRefusal = 'not-sorted-by-time' | 'too-many-changes' | 'count-differs';

/**
 * A held list made fresh for the cost of what changed (docs/decisions/0013-fresh-for-what-changed.md):
 * the API's `updatedAt.desc` order read from the top until rows older than the newest one held (less
 * MARGIN_MS; NULLS LAST ends it too: never updated), and `createdAt.desc` likewise for new records;
 * each merged by id into the rows held (a changed one in its place, a new one at the end). The list's
 * count then proves nothing was deleted: when it differs from what the merge holds, or the list is
 * not sorted by time, or too much changed, the caller reads it whole. A refusal of the sort or of a
 * cursor is thrown, and the caller reads it whole too.
 */
export async function catchUp(
  client: ApiClient,
  view: Omit<View, 'sort'>,
  lang: Language,
  held: HeldRows,
  newRows: () => HeldRows,
  signal: AbortSignal,
): Promise<HeldRows | CatchUpRefusal> {
  if (view.customerId !== undefined || !SORTED_BY_TIME.has(view.resource)) return 'not-sorted-by-time';
  const read = (field: 'updatedAt' | 'createdAt') =>
    readSince(client, view, lang, field, newestOf(held.records, field) - MARGIN_MS, signal);
  const changed = await read('updatedAt');
  const created = changed === undefined ? undefined : await read('createdAt');
  if (changed === undefined || created === undefined) return 'too-many-changes';
  const total = await client.count(view, { signal, priority: 'prefetch' });
  const fresh = new Map<string, ApiRecord>();
  for (const record of [...created, ...changed]) {
    const id = idOf(record);
    if (id !== undefined) fresh.set(id, record);
  }
  const rows = newRows();
  const kept = held.records.map((record) => {
    const id = idOf(record);
    const now = id === undefined ? undefined : fresh.get(id);
    if (id !== undefined) fresh.delete(id);
    return now ?? record;
  });
  // Folded again a page at a time, the thread answering other requests between pages.
  const slicer = new Slicer(signal);
  for (let start = 0; start < kept.length; start += PAGE_SIZE_MAX) {
    rows.append(kept.slice(start, start + PAGE_SIZE_MAX));
    await slicer.pause();
  }
  rows.append([...fresh.values()]);
  return rows.length === total ? rows : 'count-differs';
}

/**
 * The rows of `view` in `field`'s descending order, from the top down to the first one older than
 * `since` or without the field (never updated: NULLS LAST); undefined past MOST_PAGES.
 */
async function readSince(
  client: ApiClient,
  view: Omit<View, 'sort'>,
  lang: Language,
  field: 'updatedAt' | 'createdAt',
  since: number,
  signal: AbortSignal,
): Promise<ApiRecord[] | undefined> {
  const found: ApiRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MOST_PAGES; page++) {
    const answer = await client.listPage(
      {
        ...view,
        sort: `${field}.desc`,
        size: page === 0 ? FIRST_PAGE : PAGE_SIZE_MAX,
        lang,
        ...(cursor && { cursor }),
      },
      { signal, priority: 'prefetch' },
    );
    for (const record of answer.rows) {
      const at = instantOf(record[field]);
      if (at === undefined || at < since) return found;
      found.push(record);
    }
    if (!answer.hasNextPage || !answer.nextCursor || answer.nextCursor === cursor) return found;
    cursor = answer.nextCursor;
  }
  return undefined;
}

/** The newest instant `field` holds among `records` (-Infinity when none has it). */
function newestOf(records: readonly ApiRecord[], field: string): number {
  let newest = -Infinity;
  for (const record of records) newest = Math.max(newest, instantOf(record[field]) ?? -Infinity);
  return newest;
}

function instantOf(value: unknown): number | undefined {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}
