import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { HeldListStatus } from '../../shared/held-list.js';
import type { HeldList } from '../search/lists/held-list-state.js';
import type { HeldLists } from '../search/lists/held-lists.js';
import { HeldRows } from '../search/columns/held-rows.js';
import { AS_READ } from '../search/columns/rows-reading.js';
import { RequestRegistry } from './request-registry.js';
import { searchHandlers } from './search-handlers.js';

const ROWS = 100_000;
const recordsFrom = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `CUS-${from + index}`,
    name: `Name ${((from + index) * 7919) % ROWS}`,
  }));

/**
 * A list being read, as the search handlers see it: its rows, and its status told from them. The
 * read is moved on by hand, so a page can land while a search is running.
 */
function listBeingRead() {
  const rows = new HeldRows();
  rows.append(recordsFrom(0, ROWS));
  const list = {
    rows,
    lang: 'en',
    fields: new Map(),
    state: 'reading',
    readingIn: () => AS_READ,
    searchReadingIn: () => AS_READ,
  } as unknown as HeldList;
  const status = (): HeldListStatus => ({
    connectionId: 'c',
    resource: 'customers',
    lang: 'en',
    state: (list as unknown as { state: HeldListStatus['state'] }).state,
    read: rows.length,
    rereading: false,
    bytes: 0,
    budgetBytes: 1,
  });
  const lists = {
    use: () => list,
    statusOf: status,
  } as unknown as HeldLists;
  const lastPage = () => {
    rows.append(recordsFrom(ROWS, 500));
    (list as unknown as { state: string }).state = 'held';
  };
  return { rows, lists, lastPage };
}

describe('search.rows while its list is read', () => {
  it('never tells the list read whole beside matches counted before its last page', async () => {
    const { rows, lists, lastPage } = listBeingRead();
    const handlers = searchHandlers(
      () => lists,
      new RequestRegistry(),
      () => ({ connectionId: 'c' }) as never,
    );
    const search = (sort: string | undefined, requestId: string) =>
      handlers['search.rows']({
        view: { resource: 'customers', ...(sort && { sort }) },
        lang: 'en',
        filter: [{ field: '*', op: 'contains', value: 'CUS-' }],
        from: 0,
        count: 10,
        sample: false,
        requestId,
      });
    // The rows judged once (API order); sorting them by name takes slices, and the last page lands
    // in between.
    await search(undefined, 'first');
    const sorted = search('name.asc', 'sorted');
    await nextTurn();
    lastPage();
    const answer = await sorted;
    expect(rows.length).toBe(ROWS + 500);
    // Either the matches count every row of a list told whole, or the list is told as it was
    // when they were counted (still being read: the table asks again when told it grew).
    if (answer.list.state === 'held') expect(answer.matches).toBe(rows.length);
    else expect(answer).toMatchObject({ matches: ROWS, list: { state: 'reading', read: ROWS } });
  });
});
