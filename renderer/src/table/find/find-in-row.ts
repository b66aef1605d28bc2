import type { ApiRecord } from '@shared/schema';
import type { Highlighter } from '../grid/highlight';

/**
 * Where a find's next or previous match is within one row, as plain code: the visible columns whose
 * text the find marks, and the one after (or before) the active column. Rows are counted and moved
 * between by core (`search.find`); the cells of the row on screen are the table's own.
 */
export function foundColumns(
  record: ApiRecord,
  columns: readonly string[],
  textOf: (key: string, record: ApiRecord) => string,
  marked: Highlighter,
): number[] {
  return columns.flatMap((key, position) => (marked(key, textOf(key, record)).length > 0 ? [position] : []));
}

/** The found column past `column` in `direction`, or undefined: the move goes to another row. */
export function columnInRow(
  found: readonly number[],
  column: number,
  direction: 'next' | 'previous',
): number | undefined {
  return direction === 'next'
    ? found.find((position) => position > column)
    : found.findLast((position) => position < column);
}

/** The column a move lands on in a row it reaches: the first found going down, the last going up. */
export function landingColumn(
  found: readonly number[],
  direction: 'next' | 'previous',
  otherwise: number,
): number {
  return (direction === 'next' ? found[0] : found.at(-1)) ?? otherwise;
}
