import { describe, expect, it, vi } from 'vitest';
import type { AppApi, RequestInput, RequestName } from '../../../electron/shared/contract';
import { BlockLoader, SLOW_OFFSET_MS } from './block-loader';
import { OffsetReach } from './offset-reach';

// The loader's choices, against an API of the test's own that answers as the contract says and
// records what it was asked: which block by cursor, which by position, what gets cancelled.

type Asked = { name: RequestName; input: Record<string, unknown> };

interface FakeApiOptions {
  /** Offset pages reaching past this many records are refused (400), as search-backed APIs do. */
  offsetLimit?: number;
  /** Offset pages never answer (offset mode that degrades to nothing). */
  offsetNeverAnswers?: boolean;
  /** The page starting at this row hands out the cursor of row `backTo` (a broken chain). */
  cycle?: { at: number; backTo: number };
}

function fakeApi(total: number, options: FakeApiOptions = {}) {
  const asked: Asked[] = [];
  const waiting: (() => void)[] = [];
  const rows = (from: number, size: number) =>
    Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, index) => ({ id: from + index }));
  const api: AppApi = {
    invoke: (<N extends RequestName>(name: N, input: RequestInput<N>) => {
      const record = input as Record<string, unknown>;
      asked.push({ name, input: record });
      if (name === 'data.cancel') return Promise.resolve<unknown>({ ok: true, value: { cancelled: true } });
      const size = record.size as number;
      const from =
        name === 'data.offsetPage' ? ((record.page as number) - 1) * size : Number(record.cursor ?? 0);
      if (name === 'data.offsetPage' && options.offsetNeverAnswers)
        return new Promise<unknown>(() => undefined);
      if (name === 'data.offsetPage' && from + size > (options.offsetLimit ?? Infinity)) {
        const error = {
          code: 'http',
          status: 400,
          message: 'the API answered HTTP 400: result window is too large',
        };
        return new Promise<unknown>((resolve) => waiting.push(() => resolve({ ok: false, error })));
      }
      const next = options.cycle?.at === from ? options.cycle.backTo : from + size;
      const value =
        name === 'data.offsetPage'
          ? { rows: rows(from, size), total }
          : {
              rows: rows(from, size),
              hasNextPage: from + size < total,
              nextCursor: from + size < total ? String(next) : null,
            };
      // Answers wait until the test lets them through, as a network does.
      return new Promise<unknown>((resolve) => waiting.push(() => resolve({ ok: true, value })));
    }) as unknown as AppApi['invoke'],
    on: () => () => undefined,
  };
  const answerAll = async () => {
    while (waiting.length) waiting.shift()?.();
    // The answers' promise chains settle within a few microtasks (no timer: a test may fake them).
    for (let hop = 0; hop < 10; hop++) await Promise.resolve();
  };
  return { api, asked, answerAll };
}

const view = { resource: 'agreements' as const };
let connections = 0;
/** A loader of `view` on a connection of its own (what offset mode allows is learned per connection). */
const loaderOf = (api: AppApi, blockSize: number) =>
  new BlockLoader(api, view, 'en', blockSize, new OffsetReach(`connection-${++connections}`, view));

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

  it('stops every read when closed (a new sort)', () => {
    const { api, asked } = fakeApi(10_000);
    const loader = loaderOf(api, 100);
    loader.ensure(0, 250);
    loader.close();
    const started = asked.filter((call) => call.name !== 'data.cancel').length;
    expect(asked.filter((call) => call.name === 'data.cancel')).toHaveLength(started);
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
    expect(loader.walk).toMatchObject({ targetRow: 150_000, startRow: 500, reachedRow: 500 });
    await until(loader, answerAll, 150_000);
    expect(loader.blocks.rowAt(150_000)).toEqual({ id: 150_000 });
    expect(loader.walk).toBeUndefined();
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
    expect(loader.walk).toBeUndefined();
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
    expect(loader.walk).toBeUndefined();
  });
});
