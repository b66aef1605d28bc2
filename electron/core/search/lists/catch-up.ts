import { PAGE_SIZE_MAX, type Language, type Resource } from '../../../shared/api-rules.js';
import type { ApiRecord } from '../../../shared/schema.js';
import type { View } from '../../../shared/view.js';
import type { ApiClient } from '../../api/api-client.js';
import type { HeldRows } from '../columns/held-rows.js';
import { idOf } from '../columns/id-index.js';

/** The lists the API sorts by `updatedAt` and `createdAt` (spec: customers and contacts). */
const SORTED_BY_TIME: ReadonlySet<Resource> = new Set(['customers', 'contacts']);
/** The fields a catch-up reads the list's orders by. */
export const TIME_FIELDS = ['updatedAt', 'createdAt'] as const;
/**
 * How far before the server's clock at the previous read a catch-up reads again: a record written
 * while that read went on, in the same second, or by a writer whose clock is a little behind.
 */
const MARGIN_MS = 5 * 60_000;
/**
 * How far the server's clock may lag this computer's between two reads before it is taken as
 * stepped back (its `Date` has one-second steps, and answers take their time).
 */
const CLOCK_SLACK_MS = 60_000;
/** The first page of each order: a few changes fit in it; more are read in the largest pages. */
const FIRST_PAGE = 100;
/** Past this many pages of changes, reading the list whole again is about as cheap. */
const MOST_PAGES = 10;

/** Whether the API can say what changed in a list: it sorts it by time (customers, contacts; not one customer's). */
export function canCatchUp(view: Omit<View, 'sort'>): boolean {
  return view.customerId === undefined && SORTED_BY_TIME.has(view.resource);
}

/** The server's clock at a read's first answer (its `Date`), and this computer's then. */
export interface ServerClock {
  server: number;
  local: number;
}

/** Why a catch-up gave way to a whole read. */
export type CatchUpRefusal =
  | 'not-sorted-by-time'
  | 'no-server-clock'
  | 'clock-stepped-back'
  | 'times-not-comparable'
  | 'too-many-changes'
  | 'count-differs';

export interface CaughtUp {
  rows: HeldRows;
  /** The records that changed, by their index in the rows held before, and those new to the list. */
  changed: ReadonlyMap<number, ApiRecord>;
  added: readonly ApiRecord[];
  /** The server's clock at this catch-up's first answer: the next one reads down to it. */
  clock: ServerClock;
  /**
   * Records dated ahead of the server's clock: taken as they are now (they top the order, so every
   * catch-up reads them again) and not a bound for the others.
   */
  ahead: number;
}

/**
 * A held list made fresh for the cost of what changed (docs/decisions/0013-fresh-for-what-changed.md):
 * the API's `updatedAt.desc` and `createdAt.desc` orders read from the top down to the server's own
 * clock at the previous read less a margin (never the newest time held: one record dated ahead would
 * hide every later change), merged by id into the rows held (a changed one in its place, a new one
 * at the end), and the list's count then proves nothing was deleted. What cannot be compared is not
 * guessed: no `Date` from the server, a server clock that went back, a time that does not read as a
 * date (an epoch number, a text no parser reads), a count that differs, too many changes: the caller
 * reads the list whole (or, for what the API's data makes lasting, waits for its periodic whole
 * read: list-reads.ts). A record dated ahead of the server's clock is read as it is and passed over. A refusal of the sort or of a cursor
 * is thrown, and the caller reads it whole too. What this cannot see (a writer that leaves
 * `updatedAt` as it was, a deletion and an addition dated in the past) the periodic whole read
 * corrects (held-lists.ts).
 */
export async function catchUp(
  client: ApiClient,
  view: Omit<View, 'sort'>,
  lang: Language,
  held: HeldRows,
  previous: ServerClock | undefined,
  signal: AbortSignal,
): Promise<CaughtUp | CatchUpRefusal> {
  if (!canCatchUp(view)) return 'not-sorted-by-time';
  if (!previous) return 'no-server-clock';
  let now: ServerClock | undefined;
  const found: ApiRecord[] = [];
  const ahead = new Set<string>();
  for (const field of TIME_FIELDS) {
    const since = await readSince(client, view, lang, field, previous.server - MARGIN_MS, signal, (clock) => {
      now ??= clock;
      return now;
    });
    if (typeof since === 'string') return since;
    found.push(...since.records);
    for (const id of since.ahead) ahead.add(id);
    if (!now) return 'no-server-clock';
    if (now.server - previous.server < now.local - previous.local - CLOCK_SLACK_MS)
      return 'clock-stepped-back';
  }
  const total = await client.count(view, { signal, priority: 'prefetch' });
  const changed = new Map<number, ApiRecord>();
  const added = new Map<string, ApiRecord>();
  for (const record of found) {
    const id = idOf(record);
    if (id === undefined) return 'times-not-comparable';
    const index = held.indexOf(id);
    if (index === undefined) added.set(id, record);
    else changed.set(index, record);
  }
  const rows = held.withChanges(changed, [...added.values()]);
  return rows.length === total && now
    ? { rows, clock: now, changed, added: [...added.values()], ahead: ahead.size }
    : 'count-differs';
}

/**
 * The rows of `view` in `field`'s descending order, from the top down to the first one older than
 * `since` or without the field (never updated: NULLS LAST), and the ids of those dated ahead of the
 * server's clock (read, and passed over as a bound); a refusal for a time that cannot be read as
 * one, or past MOST_PAGES. `clockOf` hears of the server's clock at the first answer and gives the
 * one to judge times by.
 */
async function readSince(
  client: ApiClient,
  view: Omit<View, 'sort'>,
  lang: Language,
  field: (typeof TIME_FIELDS)[number],
  since: number,
  signal: AbortSignal,
  clockOf: (clock: ServerClock | undefined) => ServerClock | undefined,
): Promise<{ records: ApiRecord[]; ahead: string[] } | CatchUpRefusal> {
  const found: ApiRecord[] = [];
  const ahead: string[] = [];
  const read = { records: found, ahead };
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
    const local = Date.now();
    const now = clockOf(answer.serverDate === undefined ? undefined : { server: answer.serverDate, local });
    if (!now) return 'no-server-clock';
    for (const record of answer.rows) {
      const value = record[field];
      if (value === null || value === undefined) return read;
      const at = instantOf(value);
      if (at === undefined) return 'times-not-comparable';
      found.push(record);
      // A writer whose clock runs ahead, a time a client set: it is read now, never a bound.
      if (at > now.server + (local - now.local) + MARGIN_MS) ahead.push(idOf(record) ?? '');
      else if (at < since) {
        found.pop();
        return read;
      }
    }
    if (!answer.hasNextPage || !answer.nextCursor || answer.nextCursor === cursor) return read;
    cursor = answer.nextCursor;
  }
  return 'too-many-changes';
}

/** The instant a time the API wrote reads as: a date text Date reads (never a bare number: seconds or milliseconds?). */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}
