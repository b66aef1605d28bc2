import type { RowIndexes } from './list-query.js';

/**
 * The positions in a view of the rows a find found: `found` (held rows' indexes, in any order) kept
 * where the view shows them (`shown`: the view's rows in its order), ascending. The view's rows and
 * the find's are searched apart, so a find typed over a filtered view reuses the find's matches
 * whatever the filter (list-query.ts keeps them by text). Two passes, no sort: a word found in most
 * of 300,000 rows sorted by position costs more than its search.
 */
export function foundPositions(shown: RowIndexes, found: RowIndexes, listLength: number): Int32Array {
  const isFound = new Uint8Array(listLength);
  for (let at = 0; at < found.length; at++) isFound[found[at] ?? 0] = 1;
  let count = 0;
  for (let position = 0; position < shown.length; position++) count += isFound[shown[position] ?? 0] ?? 0;
  const positions = new Int32Array(count);
  let kept = 0;
  for (let position = 0; position < shown.length; position++)
    if (isFound[shown[position] ?? 0]) positions[kept++] = position;
  return positions;
}

/**
 * The found row nearest `from` in `direction` (the first after it, or the last before it), wrapping
 * at the ends as a find does, with its rank among them from 1; null when nothing was found.
 */
export function nearestFound(
  positions: Int32Array,
  from: number,
  direction: 'next' | 'previous',
): { row: number; ordinal: number } | null {
  if (positions.length === 0) return null;
  // The first position past `from` (binary search: the positions are ascending).
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((positions[middle] ?? 0) <= from) low = middle + 1;
    else high = middle;
  }
  const before = direction === 'next' ? low : low - 1 - (positions[low - 1] === from ? 1 : 0);
  const at = (before + positions.length) % positions.length;
  return { row: positions[at] ?? 0, ordinal: at + 1 };
}
