import type { ApiRecord } from '../../../electron/shared/schema';

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
