import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { FRESH_MS, Traversal } from './traversal';
import { RowsStore } from './rows-store';

// One traversal of a view, shared by what shows it and kept when it goes, against the tests' own
// API (renderer/src/testing/fake-api.ts): one request per page, rows reused within the minute, read again after it.

const view = { resource: 'agreements' as const };
const pages = (asked: { name: string }[]) => asked.filter((call) => call.name === 'data.listPage');

describe('a traversal', () => {
  it('reads a page once for everyone who asks for it at the same time', async () => {
    const { api, asked, answerAll } = fakeApi(1_000);
    const traversal = new Traversal(api, view, 'en', 100);
    const table = traversal.read(0, 'interactive');
    const summary = traversal.get(0, 'interactive');
    await answerAll();
    expect(await table.rows).toBe(await summary.rows);
    expect(pages(asked)).toHaveLength(1);
    // Held and fresh: asked again, it is not read again.
    const again = traversal.get(0, 'prefetch');
    expect(again.mode).toBe('held');
    expect((await again.rows)[0]).toEqual({ id: 0 });
    expect(pages(asked)).toHaveLength(1);
  });

  it('cancels a shared read only when the last one waiting for it gives it up', () => {
    const { api, asked } = fakeApi(1_000);
    const traversal = new Traversal(api, view, 'en', 100);
    const table = traversal.read(0, 'interactive');
    const summary = traversal.read(0, 'interactive');
    table.release();
    table.release();
    expect(asked.filter((call) => call.name === 'data.cancel')).toHaveLength(0);
    summary.release();
    expect(asked.filter((call) => call.name === 'data.cancel')).toHaveLength(1);
    // A read asked for after that is a new one.
    traversal.read(0, 'interactive');
    expect(pages(asked)).toHaveLength(2);
  });

  it('is stale after a minute and after a Refresh; read again, a row that did not change keeps its object', async () => {
    let now = 1_000_000;
    const { api, answerAll, change } = fakeApi(1_000);
    const traversal = new Traversal(api, view, 'en', 100, () => now);
    const first = traversal.read(0, 'interactive');
    await answerAll();
    const before = await first.rows;
    expect(traversal.isStale(0)).toBe(false);
    now += FRESH_MS;
    expect(traversal.isStale(0)).toBe(true);
    change(3, { id: 3, name: 'changed on the server' });
    const second = traversal.read(0, 'prefetch');
    await answerAll();
    const after = await second.rows;
    expect(traversal.isStale(0)).toBe(false);
    expect(after[3]).toEqual({ id: 3, name: 'changed on the server' });
    expect(after[2]).toBe(before[2]);
    expect(traversal.blocks.rowAt(3)).toBe(after[3]);
    traversal.markStale();
    expect(traversal.isStale(0)).toBe(true);
  });

  it('knows whether a block follows, from the end of the traversal or its total', async () => {
    const { api, answerAll } = fakeApi(250);
    const traversal = new Traversal(api, view, 'en', 100);
    expect(traversal.hasBlockAfter(0)).toBe(true);
    for (const index of [0, 1, 2]) {
      const read = traversal.get(index, 'prefetch');
      await answerAll();
      await read.rows;
    }
    expect(traversal.hasBlockAfter(1)).toBe(true);
    expect(traversal.hasBlockAfter(2)).toBe(false);
  });
});

describe('the views kept in memory', () => {
  const { views } = new RowsStore();
  const traversalOf = views.traversalOf.bind(views);
  it('gives the same traversal back for the same view, language and page size, and another otherwise', () => {
    const { api } = fakeApi(10);
    const kept = traversalOf(api, 'connection-a', view, 'en', 100);
    expect(traversalOf(api, 'connection-a', { ...view, sort: undefined }, 'en', 100)).toBe(kept);
    expect(traversalOf(api, 'connection-a', view, 'fr', 100)).not.toBe(kept);
    expect(traversalOf(api, 'connection-b', view, 'en', 100)).not.toBe(kept);
    expect(traversalOf(api, 'connection-a', { ...view, sort: 'name.asc' }, 'en', 100)).not.toBe(kept);
  });

  it('drops the least recently seen views no one shows beyond a dozen, never one being shown', () => {
    const { api } = fakeApi(10);
    const shown = traversalOf(api, 'connection-trim', view, 'en', 100);
    shown.users++;
    const sorts = Array.from({ length: 20 }, (_, index) => `field${index}.asc`);
    const others = sorts.map((sort) => traversalOf(api, 'connection-trim', { ...view, sort }, 'en', 100));
    views.trim();
    expect(traversalOf(api, 'connection-trim', view, 'en', 100)).toBe(shown);
    // The most recent are kept; the first ones are gone (asking again gives a new traversal).
    expect(traversalOf(api, 'connection-trim', { ...view, sort: sorts[19] }, 'en', 100)).toBe(others[19]);
    expect(traversalOf(api, 'connection-trim', { ...view, sort: sorts[0] }, 'en', 100)).not.toBe(others[0]);
    shown.users--;
  });

  it('marks every view kept stale on Refresh', async () => {
    const { api, answerAll } = fakeApi(10);
    const traversal = traversalOf(api, 'connection-refresh', view, 'en', 100);
    const read = traversal.read(0, 'interactive');
    await answerAll();
    await read.rows;
    expect(traversal.isStale(0)).toBe(false);
    views.refresh();
    expect(traversal.isStale(0)).toBe(true);
  });
});

describe('what the views kept in memory take (M11)', () => {
  it('counts every row of a block: a short first row does not hide megabytes in the others', async () => {
    const { api, answerAll, change } = fakeApi(1_000);
    const long = 'x'.repeat(2 * 1024 * 1024);
    for (let row = 1; row < 20; row++) change(row, { id: row, note: long });
    const traversal = new Traversal(api, view, 'en', 20);
    const read = traversal.read(0, 'interactive');
    await answerAll();
    await read.rows;
    expect(traversal.bytes).toBeGreaterThanOrEqual(19 * long.length * 2);
    expect(traversal.bytes).toBeLessThan(20 * long.length * 2 + 20 * 1024);
  });
});

describe('a connection edited or deleted (M12)', () => {
  it('forgets every view read from it: the next one reads from the API again, none of its cursors kept', async () => {
    const store = new RowsStore();
    const traversalOf = store.views.traversalOf.bind(store.views);
    const { api, asked, answerAll } = fakeApi(1_000);
    const before = traversalOf(api, 'edited', view, 'en', 100);
    const read = before.read(0, 'interactive');
    await answerAll();
    await read.rows;
    read.release();
    const other = traversalOf(api, 'untouched', view, 'en', 100);
    store.forgetConnection('edited');
    const after = traversalOf(api, 'edited', view, 'en', 100);
    expect(after).not.toBe(before);
    expect(after.get(0, 'interactive').mode).not.toBe('held');
    expect(traversalOf(api, 'untouched', view, 'en', 100)).toBe(other);
    expect(pages(asked)).toHaveLength(2);
  });
});
