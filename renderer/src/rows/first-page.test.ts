import { describe, expect, it } from 'vitest';
import type { RequestOutputs } from '@shared/contract/contract';
import type { Desk } from '@shared/desk';
import { deskOn, sessionOn } from '../testing/desk-fixtures';
import { fakeApi } from '../testing/fake-api';
import { askFirstPage, FIRST_VIEW, showsFirstView } from './first-page';
import { Traversal } from './traversal';

// The first view's first page, asked before the app's code runs: only when the window shows it, on
// the session's connection, from its top; and taken by its traversal as block 0, so the table
// that opens on it asks the API for nothing more.

const kept = (kept: Desk): RequestOutputs['desk.get'] => ({ desk: kept });
const settings = { language: 'en' as const, pageSize: 100 };
const pages = (asked: ReturnType<typeof fakeApi>['asked']) =>
  asked.filter((one) => one.name === 'data.listPage');

describe('showsFirstView', () => {
  it('is true only for the first list from its top, in the API’s order', () => {
    expect(showsFirstView(undefined)).toBe(true);
    expect(showsFirstView(deskOn('p', { kind: 'list', resource: 'customers' }))).toBe(true);
    expect(showsFirstView(deskOn('p'))).toBe(false);
    expect(showsFirstView(deskOn('p', { kind: 'customer', customerId: 'CUS-1', tables: {} }))).toBe(false);
    const deep = { filter: [], table: { topRow: 100, active: { row: 100, column: 0 } } };
    const first = deskOn('p', { kind: 'list', resource: 'customers' });
    expect(showsFirstView({ ...first, places: { customers: deep } })).toBe(false);
    expect(showsFirstView({ ...first, places: { customers: { sort: 'name.asc', filter: [] } } })).toBe(false);
  });
});

describe('the first page asked before the app runs', () => {
  it('is asked for the first view of the session’s connection, and for nothing else', () => {
    const { api, asked } = fakeApi(1_000);
    expect(askFirstPage(api, sessionOn('p'), settings, null)?.connectionId).toBe('p');
    expect(
      askFirstPage(api, sessionOn('p'), settings, kept(deskOn('p', { kind: 'list', resource: 'customers' }))),
    ).toBeDefined();
    // A desk on another list, or on another connection (the app chooses it again first): none.
    expect(askFirstPage(api, sessionOn('p'), settings, kept(deskOn('p')))).toBeUndefined();
    expect(
      askFirstPage(api, sessionOn('p'), settings, kept(deskOn('q', { kind: 'list', resource: 'customers' }))),
    ).toBeUndefined();
    expect(askFirstPage(api, { ...sessionOn('p'), connection: null }, settings, null)).toBeUndefined();
    expect(pages(asked).map((one) => one.input)).toEqual([
      expect.objectContaining({ view: FIRST_VIEW, size: 100, lang: 'en', priority: 'interactive' }),
      expect.objectContaining({ view: FIRST_VIEW, size: 100, lang: 'en', priority: 'interactive' }),
    ]);
  });

  it('is block 0 of its traversal: the table reads it from there, with no second request', async () => {
    const { api, asked, answerAll } = fakeApi(1_000);
    const early = askFirstPage(api, sessionOn('p'), settings, null);
    const traversal = new Traversal(api, FIRST_VIEW, 'en', 100);
    expect(early && traversal.adoptFirstPage(early, 'p')).toBe(true);
    const read = traversal.get(0, 'interactive');
    await answerAll();
    expect((await read.rows).length).toBe(100);
    expect(traversal.firstRows?.[0]).toEqual({ id: 0 });
    expect(pages(asked)).toHaveLength(1);
    // The next block follows by the cursor the early page gave.
    traversal.get(1, 'interactive');
    expect(pages(asked).at(-1)?.input.cursor).toBe('100');
  });

  it('is cancelled when the traversal is not the one it was asked for (another page size)', () => {
    const { api, asked } = fakeApi(1_000);
    const early = askFirstPage(api, sessionOn('p'), settings, null);
    const other = new Traversal(api, FIRST_VIEW, 'en', 500);
    expect(early && other.adoptFirstPage(early, 'p')).toBe(false);
    expect(asked.at(-1)).toEqual({ name: 'data.cancel', input: { requestId: early?.requestId } });
  });
});
