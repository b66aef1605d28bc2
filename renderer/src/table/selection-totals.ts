import type { TFunction } from 'i18next';
import type { Language } from '@shared/api-rules';
import type { ApiRecord } from '@shared/schema';
import { numberFormat } from '../i18n/intl';

/** What the status bar says of the rows selected in a column (Excel's count, sum, average, min, max). */
export interface SelectionTotals {
  /** Rows selected. */
  rows: number;
  /** Rows selected that are not in memory (a list scrolled past, not read): their values are not known. */
  notHeld: number;
  /** The column's numbers among the rows held, when it is a column of numbers. */
  numbers?: {
    count: number;
    sum: number;
    min: number;
    max: number;
    /** Their currency, for an amount (null: none said). */
    currency: string | null;
    /** Amounts in more than one currency: no sum says anything. */
    severalCurrencies: boolean;
  };
}

/**
 * Totals of rows `from`…`to` in column `key`, from the rows held (`rowAt`), in one pass: a selection
 * of 100,000 rows costs a loop over them, no request. `numeric`: the column holds numbers; `money`:
 * amounts, each in its record's `currency`.
 */
export function totalsOf(
  rowAt: (index: number) => ApiRecord | undefined,
  from: number,
  to: number,
  key: string,
  { numeric, money }: { numeric: boolean; money: boolean },
): SelectionTotals {
  let notHeld = 0;
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  let currency: string | null | undefined;
  let severalCurrencies = false;
  for (let index = from; index <= to; index++) {
    const record = rowAt(index);
    if (!record) {
      notHeld++;
      continue;
    }
    const value = record[key];
    if (!numeric || typeof value !== 'number' || !Number.isFinite(value)) continue;
    count++;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
    if (money) {
      const own = typeof record.currency === 'string' ? record.currency : null;
      if (currency !== undefined && currency !== own) severalCurrencies = true;
      currency ??= own;
    }
  }
  const rows = to - from + 1;
  if (!numeric) return { rows, notHeld };
  return { rows, notHeld, numbers: { count, sum, min, max, currency: currency ?? null, severalCurrencies } };
}

/** The totals in words, each figure written as the column writes its values. */
export function totalsText(
  totals: SelectionTotals,
  key: string,
  textOf: (key: string, record: ApiRecord) => string,
  t: TFunction,
  language: Language,
): string {
  const numbers = numberFormat(language);
  const parts = [t('totals.rows', { count: totals.rows, total: numbers.format(totals.rows) })];
  const figures = totals.numbers;
  if (figures && totals.notHeld > 0)
    parts.push(t('totals.notKnown', { count: totals.notHeld, total: numbers.format(totals.notHeld) }));
  else if (figures?.severalCurrencies) parts.push(t('totals.severalCurrencies'));
  else if (figures && figures.count > 0) {
    const currency = figures.currency;
    const written = (value: number) => textOf(key, { [key]: value, ...(currency !== null && { currency }) });
    // Rows without a value are left out of the figures: said, or an average of 17 reads as one of 18.
    if (figures.count < totals.rows)
      parts.push(t('totals.values', { count: figures.count, total: numbers.format(figures.count) }));
    parts.push(
      t('totals.numbers', {
        sum: written(figures.sum),
        average: written(figures.sum / figures.count),
        min: written(figures.min),
        max: written(figures.max),
      }),
    );
  }
  return parts.join(' · ');
}
