import type { Language } from '../../shared/api-rules.js';
import { fieldsNamed, splitChanged, type FilterCondition } from '../../shared/filter.js';
import type { ApiRecord } from '../../shared/schema.js';
import { filterKindOf, kindsOf, KIND_SAMPLE_ROWS } from '../../shared/value-kind.js';
import type { HeldList } from './lists/held-list-state.js';
import { compileSearch, matchesOf, type RowIndexes } from './list-query.js';
import { customerColumnNamesOf, type CustomerJoin } from './customer-join.js';
import { isCustomerColumn } from '../../shared/customer-columns.js';
import { sortOrderOf } from '../../shared/view.js';
import { labelsOf } from '../../shared/search.js';
import { fieldNamerOf } from './lists/list-fields.js';

/** What a view shows of a held list: its rows that pass the filter, in the view's order, in one language. */
export interface HeldViewRows {
  /** Indexes of the held rows shown, in order. */
  matches: RowIndexes;
  /** The held row at `index` as the language shows it. */
  recordAt: (index: number) => ApiRecord;
  /** The list's first rows, which the kinds of its fields were judged by. */
  firstRows: ApiRecord[];
}

/**
 * The rows of `list` a view shows (a table's search, an export): the filter judged with the same
 * rules as a scan and an export from the API (filter.ts), fields compared by the kinds the schema or
 * the first rows give, the matches ordered by `sort`, each row with its customer's columns when
 * `join` gives them (customer-join.ts); only the rows changed or new since the person last looked
 * when the filter asks (CHANGED_FIELD: the list's own changes, list-changes.ts). Throws a FilterError naming the field of a condition that
 * cannot be applied; stopped by `signal`.
 */
export async function heldViewRows(
  list: HeldList,
  lang: Language,
  filter: readonly FilterCondition[],
  sort: string | undefined,
  signal?: AbortSignal,
  join?: CustomerJoin,
): Promise<HeldViewRows> {
  const { rows } = list;
  const reading = list.readingIn(lang);
  const recordAt = join
    ? (index: number) => join.addTo(rows.recordAt(index, reading))
    : (index: number) => rows.recordAt(index, reading);
  const firstRows = Array.from({ length: Math.min(rows.length, KIND_SAMPLE_ROWS) }, (_, index) =>
    recordAt(index),
  );
  // Before the first page there are no rows to judge (nor kinds to judge them by).
  if (list.state === 'too-long' || rows.length === 0)
    return { matches: new Int32Array(0), recordAt, firstRows };
  const fields = [...(list.fields.get(lang) ?? list.fields.get(list.lang) ?? []), ...(join?.fields ?? [])];
  const kindOf = kindsOf(fields, firstRows);
  const labelOf = join ? labelsOf(fields) : reading.labelOf;
  const { onlyChanged, rest } = splitChanged(filter);
  const fieldOf = fieldNamerOf([list], customerColumnNamesOf(join?.customers));
  const search = compileSearch(rest, (field) => filterKindOf(kindOf(field)), labelOf, fieldOf);
  // Only a filter, a search or a sort on the customer's columns is judged with them (and kept by
  // the customers held): search words look in every column, theirs too.
  const named = fieldsNamed(rest, fieldOf);
  const onCustomer = [...named.fields, sortOrderOf(sort)?.field ?? ''].some(isCustomerColumn);
  const joined = named.words || onCustomer ? join : undefined;
  // Coded values are found by their words in every language the list knows: the same rows in each.
  const matches = await matchesOf(rows, search, sort, signal, list.searchReadingIn(lang), joined);
  if (!onlyChanged) return { matches, recordAt, firstRows };
  const changed = (index: number) => list.changes.has(String(rows.valueAt(index, 'id')));
  return { matches: matches.filter(changed), recordAt, firstRows };
}
