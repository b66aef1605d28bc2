import { z } from 'zod';
import { daysLeft, isDeadlineField } from './deadline.js';
import type { ApiRecord } from './schema.js';
import { fieldValues, searchTermsOf, valuesMatch, type LabelOf } from './search.js';
import { parseSearch, recordMatches } from './search-words.js';

/**
 * The row filter (docs/api.md, "Where the specification is silent"): the API documents no filter parameters, so tables, exports
 * and `cdb` filter the rows as they stream in, with this one model: conditions combined with AND.
 */
export const FILTER_OPS = [
  'eq',
  'neq',
  'contains',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'empty',
  'notEmpty',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** The longest value a condition holds (a search typed, a word looked for): the engine reads no more. */
export const FILTER_VALUE_MAX = 1_000;

export const filterConditionSchema = z
  .object({
    field: z.string().min(1).max(200),
    op: z.enum(FILTER_OPS),
    value: z.union([z.string().max(FILTER_VALUE_MAX), z.number()]).optional(),
  })
  .strict();
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export const filterSchema = z.array(filterConditionSchema).max(50);

/**
 * How a comparison is written in `cdb export --where 'FIELD OP VALUE'` (read by cdb, written by the
 * export dialog's command line); `empty` and `notEmpty` are the words `FIELD empty` / `FIELD notempty`.
 */
export const WHERE_SYMBOLS = {
  eq: '=',
  neq: '!=',
  contains: '~',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
} as const satisfies Partial<Record<FilterOp, string>>;

/** The field of a quick search: any field of the record contains the text (the tables' search box). */
export const ANY_FIELD = '*';

/**
 * "Show only what changed": the condition `{ field: CHANGED_FIELD, op: 'notEmpty' }` keeps the rows
 * that changed or are new since the person last looked. Only the app knows that, from the list it
 * holds for search (core/search/lists/list-changes.ts); held-view.ts judges it there, and nothing else can.
 */
export const CHANGED_FIELD = '@changed';

/** Whether `filter` asks for only what changed, and its other conditions. */
export function splitChanged(filter: readonly FilterCondition[]): {
  onlyChanged: boolean;
  rest: FilterCondition[];
} {
  const rest = filter.filter((condition) => condition.field !== CHANGED_FIELD);
  return { onlyChanged: rest.length < filter.length, rest };
}

/**
 * The fields `filter` names: its conditions' and those its search words name (`fieldOf`:
 * search-words.ts), and whether it has search words at all (they are looked for in every column).
 */
export function fieldsNamed(
  filter: readonly FilterCondition[],
  fieldOf?: (name: string) => string | undefined,
): { fields: string[]; words: boolean } {
  const fields: string[] = [];
  let words = false;
  for (const { field, value } of filter) {
    if (field !== ANY_FIELD) fields.push(field);
    else if (value !== undefined && String(value).trim()) {
      words = true;
      for (const clause of parseSearch(String(value), fieldOf).clauses)
        for (const term of clause.any) if (term.field !== undefined) fields.push(term.field);
    }
  }
  return { fields, words };
}

/** How a field's values compare: by number, by instant, or as text. */
export type FieldKind = 'number' | 'date' | 'text';

/** A condition that cannot be applied; the message names the field. */
export class FilterError extends Error {
  override readonly name = 'FilterError';
}

const RANGE_OPS: readonly FilterOp[] = ['lt', 'lte', 'gt', 'gte', 'between'];

/** How "between" writes its two bounds in one value: "0..30", "2024-01-01..2024-03-31" (both included). */
export const BETWEEN_SEPARATOR = '..';

/** The two bounds of a "between" value, or undefined when it does not have two. */
export function betweenBounds(value: string | number): [string, string] | undefined {
  const parts = String(value).split(BETWEEN_SEPARATOR);
  const [from, to] = parts.map((part) => part.trim());
  return parts.length === 2 && from && to ? [from, to] : undefined;
}
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

/**
 * Checks the conditions against the fields' kinds and turns them into one predicate over records.
 * Throws a FilterError naming the field for a condition that cannot be applied. `labelOf` gives
 * the labels coded values are shown with: "contains" finds them by their label too. `fieldOf` finds
 * the field a search box's words name (search-words.ts, fieldNamer).
 */
export function compileFilter(
  conditions: readonly FilterCondition[],
  kindOf: (field: string) => FieldKind,
  labelOf?: LabelOf,
  fieldOf?: (name: string) => string | undefined,
): (record: ApiRecord) => boolean {
  const tests = conditions.map((condition) =>
    compileCondition(condition, kindOf(condition.field), labelOf, fieldOf),
  );
  return (record) => tests.every((test) => test(record));
}

function compileCondition(
  condition: FilterCondition,
  kind: FieldKind,
  labelOf: LabelOf | undefined,
  fieldOf: ((name: string) => string | undefined) | undefined,
): (record: ApiRecord) => boolean {
  const { field, op, value } = condition;
  if (field === CHANGED_FIELD)
    throw new FilterError(
      'what changed is known only for a list the app holds for search: show only what changed in the app, with the list held, and export the view from there',
    );
  // Days to a deadline are compared as they stand today (deadline.ts), not as the API counted them.
  const read = isDeadlineField(field)
    ? (record: ApiRecord): unknown => daysLeft(record, field)
    : (record: ApiRecord): unknown => record[field];
  if (op === 'empty') return (record) => isEmpty(read(record));
  if (op === 'notEmpty') return (record) => !isEmpty(read(record));
  if (value === undefined || value === '') throw new FilterError(`${field}: "${op}" needs a value`);

  // "contains" follows the search rules (search.ts): words in any order, case, accents and the
  // way a number is written ignored; the search box's, its words too (search-words.ts).
  if (op === 'contains' && field === ANY_FIELD) {
    const query = parseSearch(String(value), fieldOf);
    return (record) => recordMatches(query, record, labelOf);
  }
  if (field === ANY_FIELD) throw new FilterError(`${ANY_FIELD}: only "contains" searches every field`);
  if (op === 'contains') {
    const terms = searchTermsOf(String(value));
    return (record) => valuesMatch(terms, fieldValues(record, field, labelOf));
  }
  const compare = comparator(field, kind, op, value);
  // A missing value is unequal to anything and matches no range: "status ≠ active" keeps the rows without a status.
  return (record) => {
    const actual = read(record);
    if (isEmpty(actual)) return op === 'neq';
    return compare(actual);
  };
}

function comparator(
  field: string,
  kind: FieldKind,
  op: FilterOp,
  value: string | number,
): (actual: unknown) => boolean {
  if (op === 'between') {
    const bounds = betweenBounds(value);
    if (!bounds) throw new FilterError(`${field}: "between" needs two values, as "0..30"`);
    const from = comparator(field, kind, 'gte', bounds[0]);
    const to = comparator(field, kind, 'lte', bounds[1]);
    return (actual) => from(actual) && to(actual);
  }
  if (kind === 'number') {
    const wanted = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    if (!Number.isFinite(wanted)) throw new FilterError(`${field}: "${value}" is not a number`);
    return (actual) => holds(op, Number(actual) - wanted);
  }
  if (kind === 'date') {
    const text = String(value).trim();
    const start = Date.parse(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(start)) throw new FilterError(`${field}: "${value}" is not a date (use YYYY-MM-DD)`);
    // The condition covers [start, end): a whole day for YYYY-MM-DD ("= 2024-03-01" matches any
    // time that day, "< 2024-03-01" ends before it), one millisecond for a full timestamp.
    const end = DATE_ONLY.test(text) ? start + DAY_MS : start + 1;
    return (actual) => {
      const at = Date.parse(String(actual));
      if (Number.isNaN(at)) return op === 'neq';
      return holds(op, at < start ? -1 : at >= end ? 1 : 0);
    };
  }
  if (RANGE_OPS.includes(op)) {
    throw new FilterError(`${field}: "${op}" compares numbers or dates, and ${field} is text`);
  }
  const wanted = String(value);
  return (actual) => holds(op, String(actual) === wanted ? 0 : 1);
}

/** Whether `op` holds for a comparison result (negative: below, 0: equal, positive: above). */
function holds(op: FilterOp, difference: number): boolean {
  switch (op) {
    case 'eq':
      return difference === 0;
    case 'neq':
      return difference !== 0;
    case 'lt':
      return difference < 0;
    case 'lte':
      return difference <= 0;
    case 'gt':
      return difference > 0;
    case 'gte':
      return difference >= 0;
    default:
      return false;
  }
}
