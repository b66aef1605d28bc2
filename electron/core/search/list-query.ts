import { ANY_FIELD, compileFilter, type FieldKind, type FilterCondition } from '../../shared/filter.js';
import { daysLeft, isDeadlineField } from '../../shared/deadline.js';
import type { ApiRecord } from '../../shared/schema.js';
import { searchTermsOf, type LabelOf } from '../../shared/search.js';
import { parseSearch, type SearchClause, type SearchQuery } from '../../shared/search-words.js';
import type { HeldRows } from './columns/held-rows.js';
import { AS_READ, type RowsReading } from './columns/rows-reading.js';
import { orderedBySort } from './match-order.js';
import { isAbort } from '../engine-errors.js';
import { SLICE_MS, Slicer } from '../slices.js';
import type { CustomerJoin } from './customer-join.js';
import { isCustomerColumn } from '../../shared/customer-columns.js';

/** A filter made ready to run over held rows. */
export interface CompiledSearch {
  /** The filter itself, as text: results are kept by it. */
  key: string;
  /**
   * The search box's words (search-words.ts) and the words of the columns' "contains", each in its
   * column: the folded text of the held rows answers them at once.
   */
  query: SearchQuery;
  /** What the rows' own text cannot answer (other conditions, the customer's columns), tested on the rows the query finds. */
  test: ((record: ApiRecord) => boolean) | undefined;
}

/**
 * The filter (the shared model: conditions joined by AND) ready to run over held rows: the same
 * rules a scan and an export apply (filter.ts, search.ts, search-words.ts), with the words looked
 * for first. `fieldOf` finds the field a search names (search-words.ts, fieldNamer). Throws a
 * FilterError naming the field for a condition that cannot be applied.
 */
export function compileSearch(
  filter: readonly FilterCondition[],
  kindOf: (field: string) => FieldKind,
  labelOf: LabelOf | undefined,
  fieldOf?: (name: string) => string | undefined,
): CompiledSearch {
  const clauses: SearchClause[] = [];
  for (const condition of filter) {
    if (condition.op !== 'contains' || condition.value === undefined) continue;
    const text = String(condition.value);
    // The customer's columns are searched with the row's own (customer-join.ts, when joined).
    if (condition.field === ANY_FIELD) clauses.push(...parseSearch(text, fieldOf).clauses);
    else if (!isCustomerColumn(condition.field) && !isDeadlineField(condition.field)) {
      // A column's "contains" is judged by its test too (its kind); its words find the rows first.
      const terms = searchTermsOf(text);
      for (const kind of ['words', 'digits'] as const)
        for (const term of terms[kind])
          clauses.push({ any: [{ kind, text: term, field: condition.field }], negated: false });
    }
  }
  const onFields = filter.filter((condition) => condition.field !== ANY_FIELD);
  const test = onFields.length ? compileFilter(onFields, kindOf, labelOf) : undefined;
  // The search box's conditions are whole in the query; compiled too, they check the filter is valid.
  compileFilter(filter, kindOf, labelOf, fieldOf);
  // The same conditions on fields of other kinds are another filter (the kinds come from the rows).
  const kinds = onFields.map((condition) => kindOf(condition.field));
  const query = { clauses, notes: [] };
  return { key: JSON.stringify([filter, kinds, clauses]), query, test };
}

/** Indexes of held rows, in a list's order or a sort's. */
export type RowIndexes = Int32Array;

/**
 * Indexes of rows that matched, added to as rows are judged: a typed array grown by doubling. A
 * search of one word finds 40,000 of 300,000 rows; pushed to an array of numbers they cost more
 * than finding them.
 */
class Matches {
  private indexes = new Int32Array(1_024);
  length = 0;

  push(index: number): void {
    if (this.length === this.indexes.length) {
      const grown = new Int32Array(this.indexes.length * 2);
      grown.set(this.indexes);
      this.indexes = grown;
    }
    this.indexes[this.length++] = index;
  }

  /** The matches so far, a copy: the rows read later are judged into the same array. */
  copy(): RowIndexes {
    return this.indexes.slice(0, this.length);
  }
}

/** What a search found in held rows so far. */
interface Found {
  /** Rows judged: the first `judged` rows of the list. */
  judged: number;
  /** Indexes of the rows that matched, in the list's order. */
  matches: Matches;
  /** The matches in a sort's order, as last computed, and for how many rows judged. */
  ordered: Map<string, { judged: number; order: RowIndexes }>;
  /** A search of this filter under way: another one waits for it rather than judge the same rows. */
  running: Promise<void> | undefined;
}

/** Results kept per held rows: the last searches, so a refinement or a scroll costs nothing again. */
const KEPT_RESULTS = 16;
/**
 * Rows judged between two looks at the clock (the slicer pauses when the slice has lasted): at
 * first, and at most. Each next step is as many rows as the last took a slice for, never fewer than
 * STEP_ROWS_MIN: a search of two hundred exclusions judges 20,000 rows in a second and a half.
 */
const ROWS_PER_STEP = 20_000;
const FIRST_STEP_ROWS = 2_000;
const STEP_ROWS_MIN = 200;

const results = new WeakMap<HeldRows, Map<string, Found>>();

/**
 * The indexes of the held rows that pass `search`, in the order of `sort` (the API's when none), the
 * rows as `reading` shows them (a language), with their customer's columns from `join` when the
 * filter or the sort names them. Rows already judged for the same filter (and the same customers)
 * are not judged again: rows read since are. Runs in slices (slices.ts); stopped by `signal`.
 */
export async function matchesOf(
  rows: HeldRows,
  search: CompiledSearch,
  sort: string | undefined,
  signal?: AbortSignal,
  reading: RowsReading = AS_READ,
  join?: CustomerJoin,
): Promise<RowIndexes> {
  const slicer = new Slicer(signal);
  const found = foundFor(rows, `${reading.key}\n${search.key}\n${join?.key ?? ''}`);
  while (found.judged < rows.length) {
    signal?.throwIfAborted();
    const running = (found.running ??= judge(rows, search, found, slicer, reading, join).finally(
      () => (found.running = undefined),
    ));
    // Another search of the same filter judging these rows is waited for. If it was cancelled,
    // this one judges on from where it stopped (its rows judged are kept).
    await running.catch((error: unknown) => {
      if (signal?.aborted || !isAbort(error)) throw error;
    });
  }
  if (!sort) return found.matches.copy();
  const known = found.ordered.get(sort);
  if (known?.judged === found.judged) return known.order;
  const judged = found.judged;
  const order = await orderedBySort(
    (index, field) => shownValueAt(rows, index, field, reading, join),
    found.matches.copy(),
    sort,
    slicer,
  );
  found.ordered.set(sort, { judged, order });
  return order;
}

/**
 * A held row's value as the table shows it, which a sort orders by: days to a deadline as they
 * stand today (deadline.ts: a passed one below zero, none once the agreement is over), read from
 * the fields they depend on without making the whole record; its customer's column from `join`;
 * any other field as it is kept.
 */
export function shownValueAt(
  rows: HeldRows,
  index: number,
  field: string,
  reading: RowsReading,
  join: CustomerJoin | undefined,
): unknown {
  if (join && isCustomerColumn(field)) return join.valueOf(field, (own) => rows.valueAt(index, own));
  if (!isDeadlineField(field)) return rows.valueAt(index, field, reading);
  for (const input of DEADLINE_INPUTS) deadlineInputs[input] = rows.valueAt(index, input, AS_READ);
  return daysLeft(deadlineInputs, field);
}

/**
 * The fields of one row days to a deadline are judged from, read into the same record for every
 * row: a summary or a sort of 300,000 rows made a record a row, twice the time of reading them.
 */
const deadlineInputs: ApiRecord = {};

/** What days to a deadline are judged from (deadline.ts): the codes as read, not their labels. */
const DEADLINE_INPUTS = ['status', 'endDate', 'engagement', 'notice'] as const;

function foundFor(rows: HeldRows, key: string): Found {
  let kept = results.get(rows);
  if (!kept) {
    kept = new Map();
    results.set(rows, kept);
  }
  const found = kept.get(key) ?? {
    judged: 0,
    matches: new Matches(),
    ordered: new Map(),
    running: undefined,
  };
  // The most recently used last; the oldest go beyond the limit.
  kept.delete(key);
  kept.set(key, found);
  for (const old of kept.keys()) {
    if (kept.size <= KEPT_RESULTS) break;
    kept.delete(old);
  }
  return found;
}

/** Judges the rows read since the last search of this filter. */
async function judge(
  rows: HeldRows,
  search: CompiledSearch,
  found: Found,
  slicer: Slicer,
  reading: RowsReading,
  join: CustomerJoin | undefined,
): Promise<void> {
  const { query, test } = search;
  const searching = rows.search(query, reading, join);
  const blank = !searching.searches;
  if (!blank) await searching.searchDictionaries(() => slicer.pause());
  let step = FIRST_STEP_ROWS;
  while (found.judged < rows.length) {
    const from = found.judged;
    const to = Math.min(rows.length, from + step);
    const started = performance.now();
    // Fields read from the rows as they are kept: no record is made for the test.
    const own = rows.viewer(reading);
    const record = join ? join.viewer(own) : own;
    const keep = (index: number) => {
      if (!test || test(record(index))) found.matches.push(index);
    };
    if (blank) for (let index = from; index < to; index++) keep(index);
    else rows.findTerms(searching, from, to, keep);
    found.judged = to;
    const took = performance.now() - started;
    step = Math.round(
      Math.min(ROWS_PER_STEP, Math.max(STEP_ROWS_MIN, (step * SLICE_MS) / Math.max(took, 0.1))),
    );
    await slicer.pause();
  }
}
