import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '@shared/schema';
import { totalsOf, totalsText } from './selection-totals';

const rows: (ApiRecord | undefined)[] = [
  { id: 'A', mrr: 10, currency: 'EUR' },
  { id: 'B', mrr: -2.5, currency: 'EUR' },
  { id: 'C', mrr: null, currency: 'EUR' },
  undefined,
  { id: 'E', mrr: 40, currency: 'USD' },
];
const rowAt = (index: number) => rows[index];

describe('the totals of a selection', () => {
  it('counts the rows, and sums, bounds the numbers of those held, saying how many are not', () => {
    expect(totalsOf(rowAt, 0, 3, 'mrr', { numeric: true, money: true })).toEqual({
      rows: 4,
      notHeld: 1,
      numbers: { count: 2, sum: 7.5, min: -2.5, max: 10, currency: 'EUR', severalCurrencies: false },
    });
  });

  it('says when amounts are in several currencies', () => {
    expect(totalsOf(rowAt, 0, 4, 'mrr', { numeric: true, money: true }).numbers?.severalCurrencies).toBe(
      true,
    );
  });

  it('only counts a column of text', () => {
    expect(totalsOf(rowAt, 0, 4, 'id', { numeric: false, money: false })).toEqual({ rows: 5, notHeld: 1 });
  });

  it('goes over 100,000 rows held in one pass', () => {
    const many = Array.from({ length: 100_000 }, (_, index) => ({ id: index, mrr: index }));
    const totals = totalsOf((index) => many[index], 0, 99_999, 'mrr', { numeric: true, money: false });
    expect(totals.numbers).toMatchObject({
      count: 100_000,
      sum: (99_999 * 100_000) / 2,
      min: 0,
      max: 99_999,
    });
  });
});

describe('the totals in words', () => {
  it('say how many values the figures are of when some rows have none', async () => {
    const i18next = (await import('i18next')).default.createInstance();
    const en = (await import('../../../locales/en.json')).default;
    await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
    const written = (_key: string, record: ApiRecord) => String(record.mrr);
    const totals = totalsOf(rowAt, 0, 2, 'mrr', { numeric: true, money: true });
    expect(totalsText(totals, 'mrr', written, i18next.t, 'en')).toBe(
      '3 rows selected · 2 values · Sum 7.5 · Average 3.75 · Min -2.5 · Max 10',
    );
    const whole = totalsOf(rowAt, 0, 1, 'mrr', { numeric: true, money: true });
    expect(totalsText(whole, 'mrr', written, i18next.t, 'en')).not.toContain('value');
  });
});
