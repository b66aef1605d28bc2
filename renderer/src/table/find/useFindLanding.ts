import { useEffect, useMemo, useRef } from 'react';
import { ANY_FIELD } from '@shared/filter';
import { highlighterOf } from '../grid/highlight';
import type { GridPosition } from '../grid/place-keeper';
import type { ViewRows } from '../view/useViewRows';
import { foundColumns, landingColumn } from './find-in-row';

type Direction = 'next' | 'previous';

/**
 * Where a find's words are in the rows: the words as a condition the rows are marked with (the
 * same object while they are the same), the columns of a row that hold them, and a move to a row
 * that lands on its first (or last) of those; on a row whose record is not read yet, once it is.
 */
export function useFindLanding({
  open,
  words,
  rows,
  columns,
  active,
  setActive,
}: {
  open: boolean;
  words: string;
  rows: Pick<ViewRows, 'source' | 'textOf' | 'fieldOf'>;
  columns: readonly string[];
  active: GridPosition;
  setActive: (position: GridPosition) => void;
}) {
  const condition = useMemo(
    () => (open && words ? { field: ANY_FIELD, op: 'contains' as const, value: words } : undefined),
    [open, words],
  );
  const marked = useMemo(
    () =>
      words ? highlighterOf([{ field: ANY_FIELD, op: 'contains', value: words }], rows.fieldOf) : undefined,
    [words, rows.fieldOf],
  );
  const columnsFound = (row: number) => {
    const record = rows.source.rowAt(row);
    return record && marked ? foundColumns(record, columns, rows.textOf, marked) : undefined;
  };
  /** A row moved to whose record was not read yet: its column is chosen once it is. */
  const landing = useRef<{ row: number; direction: Direction } | undefined>(undefined);
  useEffect(() => {
    const waiting = landing.current;
    const found = waiting && columnsFound(waiting.row);
    if (!waiting || !found) return;
    landing.current = undefined;
    if (active.row === waiting.row)
      setActive({ row: waiting.row, column: landingColumn(found, waiting.direction, active.column) });
  });
  /** Makes `row` active, on its first (or last) column holding the words, seen from `column`. */
  const landAt = (row: number, direction: Direction, column: number) => {
    const there = columnsFound(row);
    landing.current = there ? undefined : { row, direction };
    setActive({ row, column: there ? landingColumn(there, direction, column) : column });
  };
  return { condition, columnsFound, landAt };
}
