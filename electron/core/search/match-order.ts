import { sortInSlices, type Slicer } from '../slices.js';
import { sortOrderOf } from '../../shared/view.js';

type SortValue = number | string | null;

/** A date or date-time as the API writes one (ISO 8601): compared by instant. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** How a value sorts: numbers and dates by value, other text by code unit, nothing as null. */
function sortValueOf(value: unknown): SortValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (ISO_DATE.test(text)) {
    const instant = Date.parse(text);
    if (!Number.isNaN(instant)) return instant;
  }
  return text;
}

/** Numbers before text, each in its own order. */
function compareValues(a: string | number, b: string | number): number {
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The matches of a held list in the order of the view's sort (`field.asc|desc`), the way the spec
 * says the API orders a list: by the sort value, nulls last whatever the direction (rule 4), then
 * by its tie-breakers, name, creation date and identifier (rule 5). The held list is read once in
 * the API's own order, whatever sort a table shows; its matches are ordered here.
 */
export async function orderedBySort(
  valueAt: (index: number, field: string) => unknown,
  indexes: Int32Array,
  sort: string,
  slicer: Slicer,
): Promise<Int32Array> {
  const { field, descending } = sortOrderOf(sort) ?? { field: '', descending: false };
  const sign = descending ? -1 : 1;
  // One array per key, by the match's position: the comparison reads them, allocating nothing.
  const values: SortValue[] = [];
  const ties: SortValue[][] = [[], [], []];
  for (const index of indexes) {
    values.push(sortValueOf(valueAt(index, field)));
    ties[0]?.push(sortValueOf(valueAt(index, 'name')));
    ties[1]?.push(sortValueOf(valueAt(index, 'createdAt')));
    ties[2]?.push(sortValueOf(valueAt(index, 'id')));
    if ((values.length & 4_095) === 0) await slicer.pause();
  }
  const nullsLast = (a: SortValue, b: SortValue) => (a === null ? 1 : b === null ? -1 : 0);
  const compare = (a: number, b: number): number => {
    const valueA = values[a] ?? null;
    const valueB = values[b] ?? null;
    if (valueA !== valueB) {
      if (valueA === null || valueB === null) return nullsLast(valueA, valueB);
      const order = sign * compareValues(valueA, valueB);
      if (order) return order;
    }
    for (const tie of ties) {
      const tieA = tie[a] ?? null;
      const tieB = tie[b] ?? null;
      if (tieA === tieB) continue;
      if (tieA === null || tieB === null) return nullsLast(tieA, tieB);
      const order = compareValues(tieA, tieB);
      if (order) return order;
    }
    return 0;
  };
  const positions = await sortInSlices(
    Array.from(indexes, (_index, position) => position),
    compare,
    slicer,
  );
  return Int32Array.from(positions, (position) => indexes[position] ?? 0);
}
