import { daysLeft, isDeadlineField } from '@shared/deadline';
import { FILTER_VALUE_MAX, type FilterCondition } from '@shared/filter';
import type { ApiRecord } from '@shared/schema';

/**
 * "Only this value" or "Not this value" from a cell, as the condition the filter row would have
 * written for it: equal (or unequal) to the value the record holds, as the API gave it (a status by
 * its code, which the filter's chip says by its label; a date as sent), days to a deadline as the
 * table shows them today; an empty cell as "is empty" (or "is not empty"). Undefined for a value the
 * filter cannot hold (a structure, a text longer than a condition takes).
 */
export function valueCondition(
  record: ApiRecord,
  field: string,
  exclude: boolean,
): FilterCondition | undefined {
  const value = isDeadlineField(field) ? daysLeft(record, field) : record[field];
  if (value === null || value === undefined || value === '')
    return { field, op: exclude ? 'notEmpty' : 'empty' };
  const op = exclude ? 'neq' : 'eq';
  if (typeof value === 'number') return { field, op, value };
  if (typeof value === 'string' && value.length <= FILTER_VALUE_MAX) return { field, op, value };
  return undefined;
}

/** `filter` with `condition` added, unless it holds it already (a second click changes nothing). */
export function withCondition(
  filter: readonly FilterCondition[],
  condition: FilterCondition,
): FilterCondition[] {
  const same = (other: FilterCondition) =>
    other.field === condition.field && other.op === condition.op && other.value === condition.value;
  return filter.some(same) ? [...filter] : [...filter, condition];
}

/** A cell's value as a filter's condition to add, with the text the cell shows (add undefined: none can hold it). */
export type ValueFilter = (
  row: number,
  column: number,
  exclude: boolean,
) => { text: string; add: (() => void) | undefined };
