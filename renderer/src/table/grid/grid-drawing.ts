import { useMemo, type RefObject } from 'react';
import type { ApiRecord } from '@shared/schema';
import type { Highlighter } from './highlight';
import type { RowFrame } from './row-layer';
import type { RowPlace } from './row-viewport';

/**
 * What the grid draws its rows with, made once by useDataTable and handed down whole (the table,
 * its grid, its body, the rows' layer), so that a new input is added in one place. Stable while
 * none of its parts changes: the body is memoized on it.
 */
export interface GridDrawing {
  /** The box that scrolls. */
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  /** Rows drawn beyond each edge of the screen. */
  overscan: number;
  /** Told where the rows stand at each scroll and render (the toolbar's position text). */
  place: RowPlace;
  /** The row the table is being opened at (a view come back to), while it is: its rows are drawn first. */
  openAt: number | undefined;
  /** A cell's element id, for the grid's active descendant. */
  cellId: (row: number, column: number) => string;
  /** The text a cell of column `key` shows for `record`. */
  textOf: (key: string, record: ApiRecord) => string;
  /** What the filter and the find mark in the cells, if they look for anything. */
  highlight: Highlighter | undefined;
  /** How a row that changed since the person last looked says so (change-marks.ts). */
  marks: RowFrame['marks'];
  /** How the table's colour rules mark its rows and cells, if it has any. */
  paint: RowFrame['paint'];
}

/** Rows drawn beyond each edge of the screen, and the chunk the drawn rows move by: each one more is
 * a row rewritten at every flick, for no row a person sees (docs/architecture.md, "Drawing the rows"). */
const OVERSCAN = 4;

/** The drawing of `parts`, the same object while each part is the same. */
export function useGridDrawing(parts: Omit<GridDrawing, 'overscan'>): GridDrawing {
  const { scrollRef, rowHeight, place, openAt, cellId, textOf, highlight, marks, paint } = parts;
  return useMemo(
    () => ({
      scrollRef,
      rowHeight,
      overscan: OVERSCAN,
      place,
      openAt,
      cellId,
      textOf,
      highlight,
      marks,
      paint,
    }),
    [scrollRef, rowHeight, place, openAt, cellId, textOf, highlight, marks, paint],
  );
}
