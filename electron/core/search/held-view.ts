import type { Language } from '../../shared/api-rules.js';
import type { FilterCondition } from '../../shared/filter.js';
import type { ApiRecord } from '../../shared/schema.js';
import { filterKindOf, kindsOf, KIND_SAMPLE_ROWS } from '../../shared/value-kind.js';
import type { HeldList } from './held-list-state.js';
import { compileSearch, matchesOf } from './list-query.js';

/** What a view shows of a held list: its rows that pass the filter, in the view's order, in one language. */
export interface HeldViewRows {
  /** Indexes of the held rows shown, in order. */
  matches: readonly number[];
  /** The held row at `index` as the language shows it. */
  recordAt: (index: number) => ApiRecord;
  /** The list's first rows, which the kinds of its fields were judged by. */
  firstRows: ApiRecord[];
}

/**
 * The rows of `list` a view shows (a table's search, an export): the filter judged with the same
 * rules as a scan and an export from the API (filter.ts), fields compared by the kinds the schema or
 * the first rows give, the matches ordered by `sort`. Throws a FilterError naming the field of a
 * condition that cannot be applied; stopped by `signal`.
 */
export async function heldViewRows(
  list: HeldList,
  lang: Language,
  filter: readonly FilterCondition[],
  sort: string | undefined,
  signal?: AbortSignal,
): Promise<HeldViewRows> {
  const { rows } = list;
  const reading = list.readingIn(lang);
  const recordAt = (index: number) => rows.recordAt(index, reading);
  const firstRows = Array.from({ length: Math.min(rows.length, KIND_SAMPLE_ROWS) }, (_, index) =>
    recordAt(index),
  );
  // Before the first page there are no rows to judge (nor kinds to judge them by).
  if (list.state === 'too-long' || rows.length === 0) return { matches: [], recordAt, firstRows };
  const kindOf = kindsOf(list.fields.get(lang) ?? list.fields.get(list.lang) ?? [], firstRows);
  const search = compileSearch(filter, (field) => filterKindOf(kindOf(field)), reading.labelOf);
  return { matches: await matchesOf(rows, search, sort, signal, reading), recordAt, firstRows };
}
