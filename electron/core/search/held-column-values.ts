import type { ColumnValues } from '../../shared/column-values.js';
import { Slicer } from '../slices.js';
import type { CustomerJoin } from './customer-join.js';
import type { HeldRows } from './columns/held-rows.js';
import { shownValueAt, type RowIndexes } from './list-query.js';
import type { RowsReading } from './columns/rows-reading.js';

/** The values a summary lists, most frequent first: past them it says how many others there are. */
export const VALUES_LISTED = 50;

/** A date or date-time as the API writes one (ISO 8601). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Column `field`'s values over a view of held rows (`matches`), each as the view shows it (as a sort
 * reads it: days to a deadline as of today, the customer's columns from `join`); amounts with
 * their record's currency when the list has one (`money`); ids known unique by the id index are
 * not counted one by one.
 */
export async function heldColumnValues(
  rows: HeldRows,
  matches: RowIndexes,
  field: string,
  {
    reading,
    join,
    money,
    signal,
  }: { reading: RowsReading; join: CustomerJoin | undefined; money: boolean; signal?: AbortSignal },
): Promise<ColumnValues> {
  const slicer = new Slicer(signal);
  const valueAt = (index: number) => shownValueAt(rows, index, field, reading, join);
  const currencyAt = (index: number) => rows.valueAt(index, 'currency', reading);
  const unique = field === 'id' && (await idsUnique(rows, matches, slicer));
  return columnValuesOf(matches, valueAt, money ? currencyAt : undefined, slicer, unique);
}

/** Whether each of `matches` has an id of its own (the id index keeps a repeated id's first row). */
async function idsUnique(rows: HeldRows, matches: RowIndexes, slicer: Slicer): Promise<boolean> {
  for (let position = 0; position < matches.length; position++) {
    const index = matches[position] ?? 0;
    if (rows.indexOf(String(rows.valueAt(index, 'id'))) !== index) return false;
    if ((position & 4_095) === 4_095) await slicer.pause();
  }
  return true;
}

/**
 * A column's values over a view's rows (`matches`, read by `valueAt` as the view shows them): each
 * distinct value with its count, the empty ones, and for a column of numbers their count, sum,
 * minimum and maximum (amounts each in the currency `currencyAt` gives), for a column of dates
 * their range. Values are counted as a filter's "is" compares them (filter-by-value: the same
 * value, the same rows). One pass in slices; the values listed are the most frequent, ties in the
 * order the view shows them (a column of ids lists its first rows, with no sort of every id).
 */
export async function columnValuesOf(
  matches: RowIndexes,
  valueAt: (index: number) => unknown,
  currencyAt: ((index: number) => unknown) | undefined,
  slicer: Slicer,
  /** Every value is known to be another (the ids, checked by their index): none is counted, the first are listed. */
  unique = false,
): Promise<ColumnValues> {
  const counts = new Map<string | number, number>();
  let empty = 0;
  let numbers = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  let currency: string | null | undefined;
  let severalCurrencies = false;
  let dates = 0;
  let first: { at: number; text: string } | undefined;
  let last: { at: number; text: string } | undefined;
  for (let position = 0; position < matches.length; position++) {
    const index = matches[position] ?? 0;
    const value = valueAt(index);
    if (isEmpty(value)) {
      empty++;
      continue;
    }
    const key = typeof value === 'number' ? value : typeof value === 'string' ? value : JSON.stringify(value);
    // A map of 300,000 distinct texts costs six times the reading of them: ids are not counted.
    if (!unique) counts.set(key, (counts.get(key) ?? 0) + 1);
    else if (counts.size < VALUES_LISTED) counts.set(key, 1);
    if (typeof value === 'number' && Number.isFinite(value)) {
      numbers++;
      sum += value;
      if (value < min) min = value;
      if (value > max) max = value;
      if (currencyAt) {
        const own = currencyAt(index);
        const its = typeof own === 'string' ? own : null;
        if (currency !== undefined && currency !== its) severalCurrencies = true;
        currency ??= its;
      }
    } else if (typeof value === 'string' && ISO_DATE.test(value)) {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) {
        dates++;
        if (!first || at < first.at) first = { at, text: value };
        if (!last || at > last.at) last = { at, text: value };
      }
    }
    if ((position & 4_095) === 4_095) await slicer.pause();
  }
  const filled = matches.length - empty;
  return {
    rows: matches.length,
    empty,
    distinct: unique ? matches.length - empty : counts.size,
    values: mostFrequent(counts, VALUES_LISTED),
    // A column of numbers (or dates) is one whose every value is one: a code that happens to be a digit is not summed.
    ...(filled > 0 &&
      numbers === filled && {
        numbers: { count: numbers, sum, min, max, currency: currency ?? null, severalCurrencies },
      }),
    ...(filled > 0 && dates === filled && first && last && { dates: { first: first.text, last: last.text } }),
  };
}

/**
 * The `limit` most frequent values, ties in the order they came: the counts above the limit's are
 * sorted (fewer than `limit` of them), those at it taken as they came.
 */
function mostFrequent(
  counts: Map<string | number, number>,
  limit: number,
): { value: string | number; count: number }[] {
  if (counts.size <= limit)
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count);
  // The count the limit falls on: how many values have each count, from the most frequent down.
  const valuesByCount = new Map<number, number>();
  for (const count of counts.values()) valuesByCount.set(count, (valuesByCount.get(count) ?? 0) + 1);
  let threshold = 0;
  let taken = 0;
  for (const count of [...valuesByCount.keys()].sort((a, b) => b - a)) {
    threshold = count;
    taken += valuesByCount.get(count) ?? 0;
    if (taken >= limit) break;
  }
  const above: { value: string | number; count: number }[] = [];
  const at: { value: string | number; count: number }[] = [];
  for (const [value, count] of counts) {
    if (count > threshold) above.push({ value, count });
    else if (count === threshold && at.length < limit) at.push({ value, count });
  }
  above.sort((a, b) => b.count - a.count);
  return [...above, ...at].slice(0, limit);
}
