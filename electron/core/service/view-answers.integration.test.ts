import { describe, expect, it } from 'vitest';
import { startDemoApi, type DemoApi } from '../../demo-api/testing/faults.js';
import { appCalls, whenHeld } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';

// What a table asks of a view besides its rows: find in the results (the rows that hold the words,
// counted and moved through in the view's order, the view unchanged), and a column's values
// (counted over the view, agreeing with a filter by each value).

async function demoCore() {
  let demo: DemoApi | undefined;
  const kit = await openTestCore({
    startDemo: async () =>
      (demo = await startDemoApi({ size: { customers: 300, contacts: 600, agreements: 1_400 } })),
  });
  if (!demo) throw new Error('the Demo did not start');
  return { ...kit, ...appCalls(kit.core), demo };
}

describe('find in a view', () => {
  it('counts and reaches, in the view’s order, the rows the same words would keep', async () => {
    const { ok, demo, close } = await demoCore();
    try {
      const view = { resource: 'agreements', sort: 'customer.name.desc' };
      const filter = [{ field: 'status', op: 'neq', value: 'terminated' }];
      const rowsOf = async (conditions: unknown[]) => {
        const rows: Record<string, unknown>[] = [];
        for (let from = 0; ; from += 500) {
          const page = await whenHeld(() =>
            ok('search.rows', { view, lang: 'fr', filter: conditions, from, count: 500, sample: false }),
          );
          rows.push(...page.rows);
          if (rows.length >= page.matches) return rows;
        }
      };
      const shown = await rowsOf(filter);
      expect(shown.length).toBeLessThan(demo.store.tables.agreements.size);
      // Words in the agreement's own columns and in its customer's (the name is the customer's).
      for (const text of ['2025', 'sarl', 'actif sarl']) {
        const kept = new Set(
          (await rowsOf([...filter, { field: '*', op: 'contains', value: text }])).map((row) => row.id),
        );
        const expected = shown.flatMap((row, position) => (kept.has(row.id) ? [position] : []));
        expect(expected.length, text).toBeGreaterThan(1);
        expect(expected.length, text).toBeLessThan(shown.length);
        const find = (from: number, direction: 'next' | 'previous') =>
          ok('search.find', { view, lang: 'fr', filter, text, from, direction });
        const first = await find(-1, 'next');
        expect(first).toMatchObject({ total: expected.length, match: { row: expected[0], ordinal: 1 } });
        expect(first.list.state).toBe('held');
        // Every one in turn, then back to the first; and backwards from the first to the last.
        let at = first.match.row as number;
        for (let ordinal = 2; ordinal <= expected.length; ordinal++) {
          const next = await find(at, 'next');
          expect(next.match).toEqual({ row: expected[ordinal - 1], ordinal });
          at = next.match.row;
        }
        expect((await find(at, 'next')).match).toEqual({ row: expected[0], ordinal: 1 });
        expect((await find(expected[0]!, 'previous')).match).toEqual({
          row: expected.at(-1),
          ordinal: expected.length,
        });
      }
      expect(
        (await ok('search.find', { view, lang: 'fr', filter, text: 'zzqx', from: 3, direction: 'next' }))
          .match,
      ).toBeNull();
    } finally {
      await close();
    }
  });

  it('refuses a find with no words, and changes nothing', async () => {
    const { call, close } = await demoCore();
    try {
      const answer = await call('search.find', {
        view: { resource: 'customers' },
        lang: 'en',
        filter: [],
        text: '',
        from: 0,
        direction: 'next',
      });
      expect(answer.ok).toBe(false);
    } finally {
      await close();
    }
  });
});

describe("a column's values over a view", () => {
  it('add up to the view, each count the rows a filter by that value keeps, once the list is held', async () => {
    const { ok, close } = await demoCore();
    try {
      const view = { resource: 'agreements' };
      const filter = [{ field: 'mrr', op: 'gt', value: 0 }];
      const matchesOf = async (conditions: unknown[]) =>
        (
          await whenHeld(() =>
            ok('search.rows', { view, lang: 'en', filter: conditions, from: 0, count: 0, sample: false }),
          )
        ).matches as number;
      const rows = await matchesOf(filter);
      for (const field of ['status', 'customer.country', 'mrr', 'endDate']) {
        const { values, list } = await ok('search.values', { view, lang: 'en', filter, field });
        expect(list.state).toBe('held');
        expect(values.rows, field).toBe(rows);
        if (values.distinct <= values.values.length) {
          const counted = values.values.reduce((sum: number, each: { count: number }) => sum + each.count, 0);
          expect(counted + values.empty, field).toBe(rows);
        }
        for (const { value, count } of values.values.slice(0, 3))
          expect(await matchesOf([...filter, { field, op: 'eq', value }]), `${field} = ${value}`).toBe(count);
        if (values.empty > 0)
          expect(await matchesOf([...filter, { field, op: 'empty' }]), `${field} empty`).toBe(values.empty);
      }
      const mrr = (await ok('search.values', { view, lang: 'en', filter, field: 'mrr' })).values;
      expect(mrr.numbers).toMatchObject({ currency: 'EUR', severalCurrencies: false });
      expect(mrr.numbers.min).toBeGreaterThan(0);
      const ends = (await ok('search.values', { view, lang: 'en', filter, field: 'endDate' })).values;
      expect(ends.dates.first < ends.dates.last).toBe(true);
    } finally {
      await close();
    }
  });
});
