import { describe, expect, it } from 'vitest';
import type { AppApi, RequestInput, RequestName } from '../../../electron/shared/contract';
import { BlockLoader } from './block-loader';

// The loader's choices, against an API of the test's own that answers as the contract says and
// records what it was asked: which block by cursor, which by position, what gets cancelled.

type Asked = { name: RequestName; input: Record<string, unknown> };

function fakeApi(total: number) {
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
      const value =
        name === 'data.offsetPage'
          ? { rows: rows(from, size), total }
          : {
              rows: rows(from, size),
              hasNextPage: from + size < total,
              nextCursor: from + size < total ? String(from + size) : null,
            };
      // Answers wait until the test lets them through, as a network does.
      return new Promise<unknown>((resolve) => waiting.push(() => resolve({ ok: true, value })));
    }) as unknown as AppApi['invoke'],
    on: () => () => undefined,
  };
  const answerAll = async () => {
    while (waiting.length) waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { api, asked, answerAll };
}

const view = { resource: 'agreements' as const };

describe('reading the rows on screen', () => {
  it('reads on by cursor while scrolling, one block ahead, each cursor waited for', async () => {
    const { api, asked, answerAll } = fakeApi(10_000);
    const loader = new BlockLoader(api, view, 'en', 100);
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
    const loader = new BlockLoader(api, view, 'en', 500);
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
    const loader = new BlockLoader(api, view, 'en', 100);
    loader.ensure(0, 250);
    loader.close();
    const started = asked.filter((call) => call.name !== 'data.cancel').length;
    expect(asked.filter((call) => call.name === 'data.cancel')).toHaveLength(started);
  });
});
