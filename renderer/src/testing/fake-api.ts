import type { AppApi, RequestInput, RequestName } from '@shared/contract/contract';

// An API of the tests' own for the table's loaders: it answers as the contract says, when the test
// lets it, and records what it was asked (which block by cursor, which by position, what was cancelled).

/** A request the fake API was asked. */
export type Asked = { name: RequestName; input: Record<string, unknown> };

export interface FakeApiOptions {
  /** Offset pages reaching past this many records are refused (400), as search-backed APIs do. */
  offsetLimit?: number;
  /** Offset pages never answer (offset mode that degrades to nothing). */
  offsetNeverAnswers?: boolean;
  /** The page starting at this row hands out the cursor of row `backTo` (a broken chain). */
  cycle?: { at: number; backTo: number };
  /** Every page asked with a cursor is refused (an API or gateway that takes none: invalid-cursor). */
  refusesCursors?: boolean;
  /** Every page is the first one again, under a new cursor each time (cursors that never end). */
  endless?: boolean;
}

/** An API of the test's own over `total` rows `{ id: n }`; answers wait for `answerAll`. */
export function fakeApi(total: number, options: FakeApiOptions = {}) {
  const asked: Asked[] = [];
  const waiting: (() => void)[] = [];
  /** Rows changed on the server since the test began, by position. */
  const changed = new Map<number, Record<string, unknown>>();
  const rows = (from: number, size: number) =>
    Array.from(
      { length: Math.max(0, Math.min(size, total - from)) },
      (_, index) => changed.get(from + index) ?? { id: from + index },
    );
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
      if (name === 'data.listPage' && options.refusesCursors && record.cursor !== undefined) {
        const error = { code: 'invalid-cursor', status: 400, message: 'the API refused this list’s cursor' };
        return new Promise<unknown>((resolve) => waiting.push(() => resolve({ ok: false, error })));
      }
      if (name === 'data.listPage' && options.endless) {
        const value = { rows: rows(0, size), hasNextPage: true, nextCursor: String(from + size) };
        return new Promise<unknown>((resolve) => waiting.push(() => resolve({ ok: true, value })));
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
  /** Changes the row at `index` on the server. */
  const change = (index: number, record: Record<string, unknown>) => changed.set(index, record);
  return { api, asked, answerAll, change };
}
