import {
  functionalUpdate,
  useTable,
  type columnResizingState as ColumnResizingState,
} from '@tanstack/react-table';
import { useMemo, useState, type RefObject } from 'react';
import type { ApiRecord } from '@shared/schema';
import type { ListView } from '../../data/queries';
import { hiddenAtFirst, TABLE_FEATURES, type buildColumns } from './table-columns';
import { sortingOf, sortParamOf } from './sorting';
import type { DrawnColumn } from './column-shapes';
import { layoutKeyOf, useColumnLayout } from './useColumnLayout';
import { useColumnWidths } from './useColumnWidths';
import { isPinned, moveInGroup, drawnWithPins, pinsOf, shownOrder, togglePin } from './column-pins';

/** What the columns menu, the headers and the pin command change in a table's columns. */
export interface ColumnEdits {
  /** Pins column `key`, or unpins it (the first column stays pinned). */
  togglePin: (key: string) => void;
  isPinned: (key: string) => boolean;
  /** Moves column `key` one place among the visible columns of its group (pinned or not), if it can. */
  move: (key: string, by: -1 | 1) => void;
  canMove: (key: string, by: -1 | 1) => boolean;
  /** Replaces the table's colour rules (kept with its layout). */
  setRules: (rules: ColourRule[]) => void;
}
import type { ColourRule } from '@shared/colour-rules';

/** TanStack Table holds no rows here: it keeps the columns, their order, sizes, visibility and the sort. */
const NO_ROWS: ApiRecord[] = [];
/** TanStack's resting resize state (its own default is not exported). */
const NOT_RESIZING: ColumnResizingState = {
  columnSizingStart: [],
  deltaOffset: null,
  deltaPercentage: null,
  isResizingColumn: false,
  startOffset: null,
  startSize: null,
};

/**
 * A data table's columns (TanStack Table): from the view's schema and first rows, in the order,
 * visibility and widths the user chose for the view (remembered), else fitted to what they show;
 * server sorting through `onSortChange`. Returns the TanStack instance the header and menus use,
 * the visible columns as the drawn rows need them, `fit` and the way back to the default layout.
 */
/** What the columns read of a view's rows: what `buildColumns` made of its schema and first page. */
export type ColumnsOfRows = ReturnType<typeof buildColumns> & { firstRows: readonly ApiRecord[] | undefined };

interface useTableColumnsProps {
  view: ListView;
  rows: ColumnsOfRows;
  scrollRef: RefObject<HTMLElement | null>;
  onSortChange: (sort: string | undefined) => void;
  /** The grid's text size (px): widths are measured in it. */
  textSize: number;
}

export function useTableColumns({ view, rows, scrollRef, onSortChange, textSize }: useTableColumnsProps) {
  const hiddenFirst = useMemo(() => hiddenAtFirst(rows.filterColumns), [rows.filterColumns]);
  const initial = useMemo(() => ({ order: [], hidden: hiddenFirst, sizes: {} }), [hiddenFirst]);
  const [layout, setLayout] = useColumnLayout(layoutKeyOf(view), initial);
  // Stable while unchanged: TanStack Table compares its state slices by identity.
  const hidden = useMemo(() => visibilityOf(layout.hidden), [layout.hidden]);
  const first = rows.filterColumns[0]?.key;
  // The first column and the pinned ones first, whatever the order saved (column-pins.ts).
  const columnOrder = useMemo(
    () =>
      shownOrder(
        rows.filterColumns.map((column) => column.key),
        layout.order,
        pinsOf(layout),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pins, not the whole layout (widths change it)
    [rows.filterColumns, layout.order, layout.pinned],
  );
  const sorting = useMemo(() => sortingOf(view.sort), [view.sort]);
  const visibleColumns = useMemo(
    () => rows.filterColumns.filter((column) => !layout.hidden.includes(column.key)),
    [rows.filterColumns, layout.hidden],
  );
  const [resizing, setResizing] = useState<ColumnResizingState>(NOT_RESIZING);
  const { widths, fit, available } = useColumnWidths({
    scrollRef,
    textSize,
    columns: visibleColumns,
    sample: rows.firstRows,
    textOf: rows.textOf,
    userSizes: layout.sizes,
    resizing:
      resizing.isResizingColumn !== false && resizing.startSize !== null
        ? { key: resizing.isResizingColumn, startSize: resizing.startSize }
        : undefined,
  });
  const table = useTable({
    features: TABLE_FEATURES,
    columns: rows.columns,
    data: NO_ROWS,
    columnResizeMode: 'onChange',
    manualSorting: true,
    enableMultiSort: false,
    state: {
      columnOrder,
      columnVisibility: hidden,
      columnSizing: widths,
      columnResizing: resizing,
      sorting,
    },
    onColumnResizingChange: setResizing,
    onSortingChange: (updater) => onSortChange(sortParamOf(functionalUpdate(updater, sorting))),
    onColumnOrderChange: (updater) =>
      setLayout((current) => ({ ...current, order: functionalUpdate(updater, current.order) }), 'now'),
    onColumnVisibilityChange: (updater) =>
      setLayout((current) => {
        const visibility = functionalUpdate(updater, visibilityOf(current.hidden));
        return { ...current, hidden: Object.keys(visibility).filter((key) => visibility[key] === false) };
      }, 'now'),
    // Only the columns the user sized are remembered: the others stay fitted to what they show.
    onColumnSizingChange: (updater) =>
      setLayout((current) => {
        const drawn = { ...widths, ...current.sizes };
        const sized = Object.entries(functionalUpdate(updater, drawn))
          .map(([key, size]) => [key, Math.round(size)] as const)
          .filter(([key, size]) => size !== drawn[key]);
        return sized.length
          ? { ...current, sizes: { ...current.sizes, ...Object.fromEntries(sized) } }
          : current;
      }),
  });
  const visibleLeaves = table.getVisibleLeafColumns();
  // The pinned ones stay in view while they leave room for the others (column-pins.ts).
  const drawnColumns = useStableColumns(
    drawnWithPins(
      visibleLeaves.map((column) => ({ id: column.id, width: column.getSize() })),
      visibleLeaves.filter((column) => isPinned(layout, column.id, first)).length,
      available,
    ),
  );
  const shown = table.getAllLeafColumns().map((column) => column.id);
  const visible = new Set(visibleLeaves.map((column) => column.id));
  const moved = (current: typeof layout, key: string, by: -1 | 1) =>
    moveInGroup(shown, visible, current, key, by);
  const edits: ColumnEdits = {
    togglePin: (key) => setLayout((current) => togglePin(current, key, first), 'now'),
    isPinned: (key) => isPinned(layout, key, first),
    move: (key, by) =>
      setLayout((current) => {
        const next = moved(current, key, by);
        return next ? { ...current, ...next } : current;
      }, 'now'),
    canMove: (key, by) => moved(layout, key, by) !== undefined,
    setRules: (rules) => setLayout((current) => ({ ...current, rules }), 'now'),
  };
  return {
    table,
    drawnColumns,
    fit,
    layout,
    edits,
    // Reset columns leaves the colour rules: they are no column's order or width.
    resetLayout: () =>
      setLayout((current) => (current.rules ? { ...initial, rules: current.rules } : initial)),
  };
}

/** TanStack's visibility state of a layout's hidden columns (the others are shown). */
function visibilityOf(hidden: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(hidden.map((key) => [key, false]));
}

/** The same array while the columns' keys and widths are unchanged (the drawn rows compare it). */
function useStableColumns(columns: DrawnColumn[]): readonly DrawnColumn[] {
  const signature = columns.map((column) => `${column.width}:${column.left ?? ''}:${column.id}`).join('\n');
  // Keyed on what the columns say, not on the array (a new one every render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => columns, [signature]);
}
