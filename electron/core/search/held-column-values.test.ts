import { describe, expect, it } from 'vitest';
import { Slicer } from '../slices.js';
import { columnValuesOf, VALUES_LISTED } from './held-column-values.js';

const indexes = (count: number) => Int32Array.from({ length: count }, (_, index) => index);
const summary = (values: unknown[], currencies?: unknown[]) =>
  columnValuesOf(
    indexes(values.length),
    (index) => values[index],
    currencies && ((index) => currencies[index]),
    new Slicer(),
  );

describe("a column's values", () => {
  it('counts each value and the empty cells, adding up to the rows', async () => {
    const values = await summary(['active', 'draft', null, 'active', '', 'active', undefined]);
    expect(values).toEqual({
      rows: 7,
      empty: 3,
      distinct: 2,
      values: [
        { value: 'active', count: 3 },
        { value: 'draft', count: 1 },
      ],
    });
  });

  it('sums numbers in their currency, and says when amounts are in several', async () => {
    const one = await summary([10, 2.5, null, 7.5], ['EUR', 'EUR', 'EUR', 'EUR']);
    expect(one.numbers).toEqual({
      count: 3,
      sum: 20,
      min: 2.5,
      max: 10,
      currency: 'EUR',
      severalCurrencies: false,
    });
    const several = await summary([10, 5], ['EUR', 'CHF']);
    expect(several.numbers?.severalCurrencies).toBe(true);
    // Codes made of digits among words are no column of numbers.
    expect((await summary([1, 'two'])).numbers).toBeUndefined();
  });

  it('gives the range of dates by instant, as written', async () => {
    const values = await summary(['2024-03-01', '2019-01-02T10:00:00Z', null, '2026-12-31']);
    expect(values.dates).toEqual({ first: '2019-01-02T10:00:00Z', last: '2026-12-31' });
    expect(values.numbers).toBeUndefined();
  });

  it('lists the most frequent first, ties as they came, at most the limit, counting every distinct one', async () => {
    // 300 distinct ids, one of them three times and one twice.
    const ids = Array.from({ length: 300 }, (_, index) => `ID-${index}`);
    const values = await summary([...ids, 'ID-7', 'ID-7', 'ID-250']);
    expect(values.distinct).toBe(300);
    expect(values.values).toHaveLength(VALUES_LISTED);
    expect(values.values.slice(0, 4)).toEqual([
      { value: 'ID-7', count: 3 },
      { value: 'ID-250', count: 2 },
      { value: 'ID-0', count: 1 },
      { value: 'ID-1', count: 1 },
    ]);
    const counted = values.values.reduce((sum, each) => sum + each.count, 0);
    expect(counted).toBe(3 + 2 + VALUES_LISTED - 2);
  });
});
