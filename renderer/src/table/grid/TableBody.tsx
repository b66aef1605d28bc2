import { memo, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '@shared/schema';
import type { GridDrawing } from './grid-drawing';
import type { GridPosition } from './place-keeper';
import { OPENS_CLASS, RowLayer } from './row-layer';
import type { DrawnColumn } from '../columns/column-shapes';
import { useRowViewport } from './useRowViewport';
import type { RowSource } from '../../rows';

export interface TableBodyProps {
  drawing: GridDrawing;
  source: RowSource;
  /** The visible columns, in order (the same array while they are unchanged: rows compare it). */
  columns: readonly DrawnColumn[];
  active: GridPosition;
  /** The rows selected with Shift, first to last, if any. */
  selection: { from: number; to: number } | undefined;
  onActivate: (position: GridPosition) => void;
  onOpenRow?: (record: ApiRecord) => void;
}

/**
 * The rows of a data table near the screen (useRowViewport), and placeholders for those still being
 * read. This component alone follows the scroll position: a scroll re-renders it only when the
 * drawn rows change. The rows themselves are drawn by a RowLayer (row-layer.ts), a recycled grid
 * in plain code: React renders their container and the events on it, and tells the layer after
 * each render what to show.
 */
export const TableBody = memo(function TableBody({
  drawing,
  source,
  columns,
  active,
  selection,
  onActivate,
  onOpenRow,
}: TableBodyProps) {
  const { scrollRef, rowHeight, overscan, place, openAt, textOf, highlight, marks, paint, cellId } = drawing;
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const { drawn, height } = useRowViewport(
    scrollRef,
    layerRef,
    source.rowCount,
    rowHeight,
    overscan,
    place,
    openAt,
  );
  const { from, to, anchor } = drawn;
  // The rows drawn, read if they are not (again when rows arrive: the next blocks follow). Before
  // the first rows are placed none are drawn: nothing to read yet (a table opened deep would read
  // its top for nothing).
  const version = useSyncExternalStore(source.subscribe, source.snapshot);
  useEffect(() => {
    if (to >= from) source.ensure(from, to);
  }, [source, version, from, to]);
  const width = columns.reduce((sum, column) => sum + column.width, 0);

  const rowLayer = useRef<RowLayer>(undefined);
  const openLabel = onOpenRow ? t('table.openCustomer') : undefined;
  const loadingLabel = t('table.loading');
  // After each render, before the screen is drawn: the layer writes what changed in the rows.
  useLayoutEffect(() => {
    if (!layerRef.current) return;
    rowLayer.current ??= new RowLayer(layerRef.current);
    rowLayer.current.draw({
      from,
      to,
      anchor,
      rowHeight,
      columns,
      rowAt: (index) => source.rowAt(index),
      textOf,
      highlight,
      marks,
      paint,
      paintWords: (names) => t('rules.words', { names: names.join(', ') }),
      active,
      selection,
      cellId,
      openLabel,
      loadingLabel,
    });
  });

  const rowOf = (event: MouseEvent) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    return element ? Number(element.dataset.index) : undefined;
  };
  return (
    <div
      className="table-body"
      style={{ height, width }}
      onMouseDown={(event) => {
        const row = rowOf(event);
        const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column]');
        if (row !== undefined && cell) onActivate({ row, column: Number(cell.dataset.column) });
        // A double-click opens on its second press, not on `dblclick`: a list that finishes reading
        // draws its rows again, and a row replaced before the button is up gets no `dblclick`.
        if (event.detail !== 2) return;
        const record = row === undefined ? undefined : source.rowAt(row);
        if (record && onOpenRow) {
          // The double-click's word selection is not what the user asked for.
          event.preventDefault();
          onOpenRow(record);
        }
      }}
      // A click selects the cell (its text can be selected and copied); the id, a double-click or
      // Enter opens the customer.
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest(`.${OPENS_CLASS}`)) return;
        const row = rowOf(event);
        const record = row === undefined ? undefined : source.rowAt(row);
        if (record && onOpenRow) onOpenRow(record);
      }}
    >
      {/* The rows' layer: its children are the RowLayer's, never React's. */}
      <div ref={layerRef} className="table-rows" />
    </div>
  );
});
