import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '@shared/contract/contract';
import { BlockLoader, SLOW_OFFSET_MS } from './block-loader';
import { RowsStore } from './rows-store';
import { SKELETON_ROWS } from './row-loader';
import { fakeApi } from '../testing/fake-api';
import { FRESH_MS, Traversal } from './traversal';

// The loader's choices, against an API of the test's own that answers as the contract says and
// records what it was asked (renderer/src/testing/fake-api.ts): which block by cursor, which by position, what gets
// cancelled.

const view = { resource: 'agreements' as const };
/** A loader of `view` in a window of its own (what offset mode allows is learned per window and connection). */
const loaderOf = (api: AppApi, blockSize: number) => {
  const store = new RowsStore();
  return new BlockLoader(
    api,
    new Traversal(api, view, 'en', blockSize),
    store.offsetDepths.reachOf('connection', view),
    store.views,
  );
};

/** Lets the API answer and the loader ask again, until row `row` is in memory (or `rounds` are over). */
async function until(loader: BlockLoader, answerAll: () => Promise<void>, row: number, rounds = 1_000) {
  for (let round = 0; round < rounds && !loader.blocks.rowAt(row) && !loader.error; round++) {
    loader.ensure(row, row + 30);
    await answerAll();
  }
}

describe('reading the rows on screen', () => {
  it('reads on by cursor while scrolling, one block ahead, each cursor waited for', async () => {
    const { api, asked, answerAll } = fakeApi(10_000);
    const loader = loaderOf(api, 100);
    loader.ensure(0, 30);
    expect(asked.map((call) => [call.name, call.input.cursor])).toEqual([['data.listPage', undefined]]);
    await answerAll();
    loader.ensure(0, 30);
    expect(asked.at(-1)?.input).toMatchObject({ cursor: '100', priority: 'prefetch' });
    await answerAll();
    loader.ensure(150, 180);
    expect(asked.filter((call) => call.name === 'data.offsetPage')).toEqual([]);
    expect(loader.blocks.rowAt(150)).toEqual({ id: 150 });
  });

  it('reads a far jump by position, at interactive priority, and cancels what the screen left', async () => {
    const { api, asked, answerAll } = fakeApi(1_000_000);
    const loader = loaderOf(api, 500);
    loader.ensure(0, 30);
    loader.ensure(999_970, 999_999);
    expect(asked).toContainEqual({ name: 'data.cancel', input: { requestId: expect.any(String) } });
    const jump = asked.find((call) => call.name === 'data.offsetPage');
    expect(jump?.input).toMatchObject({ page: 2_000, size: 500 });
    await answerAll();
    expect(loader.blocks.rowAt(999_999)).toEqual({ id: 999_999 });
    expect(loader.blocks.total).toBe(1_000_000);
  });

  it('draws the rows read and placeholders until the total is known, then the total', async () => {
    const { api, answerAll } = fakeApi(100_000);
    const loader = loaderOf(api, 100);
    expect([loader.rowCount, loader.complete, loader.held]).toEqual([SKELETON_ROWS, false, 0]);
    loader.ensure(0, 30);
    await answerAll();
    expect([loader.rowCount, loader.complete, loader.held]).toEqual([100 + SKELETON_ROWS, false, 100]);
    const changes = loader.snapshot();
    loader.setTotal(100_000);
    expect([loader.rowCount, loader.complete, loader.snapshot()]).toEqual([100_000, true, changes + 1]);
    expect(loader.rowAt(99)).toEqual({ id: 99 });
  });

  it('stops every read when closed (a new sort)', () => {
    const { api, asked } = fakeApi(10_000);
    const loader = loaderOf(api, 100);
    loader.ensure(0, 250);
    loader.close();
    const started = asked.filter((call) => call.name !== 'data.cancel').length;
    expect(asked.filter((call) => call.name === 'data.cancel')).toHaveLength(started);
  });
});

describe('a view come back to', () => {
  it('shows its rows at once; within the minute asks nothing, after it reads the screen again', async () => {
    let now = 0;
    const { api, asked, answerAll, change } = fakeApi(10_000);
    const traversal = new Traversal(api, view, 'en', 100, () => now);
    const store = new RowsStore();
    const reach = store.offsetDepths.reachOf('connection', view);
    const first = new BlockLoader(api, traversal, reach, store.views);
    first.open();
    await until(first, answerAll, 150);
    first.close();
    const before = asked.length;
    const again = new BlockLoader(api, traversal, reach, store.views);
    again.open();
    again.ensure(0, 30);
    expect(again.blocks.rowAt(5)).toEqual({ id: 5 });
    expect(asked.length).toBe(before);
    again.close();
    now += FRESH_MS;
    change(5, { id: 5, name: 'changed' });
    const later = new BlockLoader(api, traversal, reach, store.views);
    later.open();
    later.ensure(0, 30);
    // Shown as held while it is read again in the background, then replaced in place.
    expect(later.blocks.rowAt(5)).toEqual({ id: 5 });
    expect(asked.slice(before).map((call) => call.name)).toContain('data.listPage');
    await answerAll();
    expect(later.blocks.rowAt(5)).toEqual({ id: 5, name: 'changed' });
    later.close();
  });
});

describe('far jumps where offset mode gives up', () => {
  it('walks the cursor chain when an offset page is refused, and never asks that deep by offset again', async () => {
    const { api, asked, answerAll } = fakeApi(200_000, { offsetLimit: 10_000 });
    const loader = loaderOf(api, 500);
    await until(loader, answerAll, 0);
    loader.ensure(150_000, 150_030);
    expect(asked.at(-1)).toMatchObject({ name: 'data.offsetPage', input: { page: 301 } });
    await answerAll();
    expect(loader.error).toBeUndefined();
    loader.ensure(150_000, 150_030);
    expect(loader.status.walk).toMatchObject({ targetRow: 150_000, startRow: 500, reachedRow: 500 });
    await until(loader, answerAll, 150_000);
    expect(loader.blocks.rowAt(150_000)).toEqual({ id: 150_000 });
    expect(loader.status.walk).toBeUndefined();
    expect(loader.error).toBeUndefined();
    // One page at a time along the chain, each at interactive priority, and one offset call only.
    const pages = asked.filter((call) => call.name === 'data.listPage');
    expect(pages.slice(1, 300).every((call) => call.input.priority === 'interactive')).toBe(true);
    expect(asked.filter((call) => call.name === 'data.offsetPage')).toHaveLength(1);
    // A second jump nearby walks on from the cursors kept: 20 pages, no offset call.
    const before = pages.length;
    await until(loader, answerAll, 160_000);
    expect(loader.blocks.rowAt(160_000)).toEqual({ id: 160_000 });
    expect(asked.filter((call) => call.name === 'data.listPage').length - before).toBeLessThanOrEqual(22);
    expect(asked.filter((call) => call.name === 'data.offsetPage')).toHaveLength(1);
  });

  it('walks in pages of the API’s largest size whatever the blocks’ size, then one page to the block', async () => {
    const { api, asked, answerAll } = fakeApi(200_000, { offsetLimit: 10_000 });
    const loader = loaderOf(api, 200);
    await until(loader, answerAll, 0);
    const before = asked.length;
    await until(loader, answerAll, 150_000);
    expect(loader.blocks.rowAt(150_000)).toEqual({ id: 150_000 });
    const walk = asked.slice(before).filter((call) => String(call.input.requestId).startsWith('walk-'));
    // From row 200 (the first block's cursor): 299 pages of 500 to row 149,700, then 300 rows to 150,000.
    expect(walk.map((call) => call.input.size)).toEqual([...Array<number>(299).fill(500), 300]);
  });

  it('gives up an offset page that does not answer in time, and walks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { api, asked, answerAll } = fakeApi(100_000, { offsetNeverAnswers: true });
      const loader = loaderOf(api, 500);
      await until(loader, answerAll, 0);
      loader.ensure(50_000, 50_030);
      const jump = asked.at(-1);
      expect(jump?.name).toBe('data.offsetPage');
      await vi.advanceTimersByTimeAsync(SLOW_OFFSET_MS + 10);
      expect(asked.at(-1)).toEqual({ name: 'data.cancel', input: { requestId: jump?.input.requestId } });
      await until(loader, answerAll, 50_000);
      expect(loader.blocks.rowAt(50_000)).toEqual({ id: 50_000 });
      expect(asked.filter((call) => call.name === 'data.offsetPage')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a walk on Cancel at the row it reached, and starts none while the screen stays there', async () => {
    const { api, asked, answerAll } = fakeApi(200_000, { offsetLimit: 10_000 });
    const loader = loaderOf(api, 500);
    await until(loader, answerAll, 0);
    await until(loader, answerAll, 100_000, 20);
    // A page of the walk under way when the user cancels.
    loader.ensure(100_000, 100_030);
    const reached = loader.cancelWalk();
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(100_000);
    expect(loader.status.walk).toBeUndefined();
    expect(asked.at(-1)?.name).toBe('data.cancel');
    const calls = asked.length;
    loader.ensure(100_000, 100_030);
    await answerAll();
    expect(asked.length).toBe(calls);
    // Where the walk got, the rows are read at once by cursor.
    loader.ensure(reached ?? 0, (reached ?? 0) + 30);
    await answerAll();
    expect(loader.blocks.rowAt(reached ?? 0)).toEqual({ id: reached });
  });

  it('ends a walk on a cursor chain that comes back on itself, with an error that says so', async () => {
    const { api, answerAll } = fakeApi(200_000, {
      offsetLimit: 10_000,
      cycle: { at: 20_000, backTo: 5_000 },
    });
    const loader = loaderOf(api, 500);
    await until(loader, answerAll, 0);
    await until(loader, answerAll, 100_000);
    expect(loader.error?.code).toBe('invalid-response');
    expect(loader.error?.message).toMatch(/handed out a cursor it had already given in this list/);
    expect(loader.status.walk).toBeUndefined();
  });
});

describe('an API that refuses every cursor (M13)', () => {
  it('the table restarts its reads once, then fails and says so: the first page read twice, not forever', async () => {
    const { api, asked, answerAll } = fakeApi(10_000, { refusesCursors: true, offsetLimit: 0 });
    const loader = loaderOf(api, 100);
    loader.open();
    await until(loader, answerAll, 250, 300);
    expect(loader.error?.code).toBe('invalid-cursor');
    const firstPages = asked.filter(
      (call) => call.name === 'data.listPage' && call.input.cursor === undefined,
    );
    expect(firstPages.length).toBeLessThanOrEqual(2);
  });
});
