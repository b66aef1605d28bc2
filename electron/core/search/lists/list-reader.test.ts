import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../../shared/schema.js';
import type { ApiClient, Page } from '../../api/api-client.js';
import { HeldRows } from '../columns/held-rows.js';
import { ListReader } from './list-reader.js';

/** A list of three pages, its cursors "p2" and "p3", answered at once. */
const PAGES: Record<string, Page> = {
  first: { rows: [{ id: 'AGR-1' }], hasNextPage: true, nextCursor: 'p2' },
  p2: { rows: [{ id: 'AGR-2' }], hasNextPage: true, nextCursor: 'p3' },
  p3: { rows: [{ id: 'AGR-3' }], hasNextPage: false, nextCursor: null },
};

function reader(ready: Promise<unknown>) {
  const asked: string[] = [];
  const taken: ApiRecord[] = [];
  const client = {
    listPage: ({ cursor }: { cursor?: string }) => {
      asked.push(cursor ?? 'first');
      return Promise.resolve(PAGES[cursor ?? 'first']!);
    },
  } as unknown as ApiClient;
  const read = new ListReader({
    client,
    view: { resource: 'agreements' },
    lang: 'en',
    ready,
    newRows: () => undefined as unknown as HeldRows,
    fits: () => true,
    onPage: () => undefined,
    take: (records) => taken.push(...records),
  });
  return { read, asked, taken };
}

describe('a list read stopped and taken up again', () => {
  it('asks again for the page it dropped, and reads the list whole: no "same rows again" for it', async () => {
    let letThrough = () => {};
    const { read, asked, taken } = reader(new Promise<void>((resolve) => (letThrough = resolve)));
    const stop = new AbortController();
    const first = read.read(stop.signal);
    // The first page came and waits for the labels; the person presses Cancel meanwhile.
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    stop.abort(new Error('stopped'));
    letThrough();
    await expect(first).rejects.toThrow('stopped');
    expect(taken).toEqual([]);

    await expect(read.read(new AbortController().signal)).resolves.toBe('whole');
    expect(taken.map((record) => record.id)).toEqual(['AGR-1', 'AGR-2', 'AGR-3']);
    expect(asked.filter((cursor) => cursor === 'first').length).toBe(2);
  });
});
