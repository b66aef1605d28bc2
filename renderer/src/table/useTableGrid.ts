import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsQuery } from '../data/queries';
import { useApi } from '../api/context';
import { useGridKeyboard } from './grid/useGridKeyboard';
import { RowPlace, scrollRowIntoView } from './grid/row-viewport';
import { useTableColumns } from './columns/useTableColumns';
import { usePinCommand } from './columns/usePinCommand';
import { scrollColumnIntoView } from './columns/column-pins';
import { useViewRows } from './view/useViewRows';
import { useSelectionTotals } from './useSelectionTotals';
import { useCopyCommands } from './copy-selection';
import { shownColumnsOf, type ColumnMeta } from './columns/table-columns';
import { tableSizes } from './table-text';
import { useTableCopy } from './useTableCopy';
import { useTablePlace } from './grid/useTablePlace';
import { numberFormat } from '../i18n/intl';
import type { Language } from '@shared/api-rules';
import type { DataTableProps } from './data-table-props';

/**
 * A table's grid as the keys move in it: the view's rows, the columns shown, their sizes, the active
 * cell and the selection (useGridKeyboard), what copying does, and the scroll moves to a row or a
 * column. useDataTable adds what opens over the grid and what is drawn in it.
 */
export function useTableGrid({
  view,
  onSortChange,
  filter,
  pageSize,
  onOpenRow,
  initialPlace,
  focusOnStart,
  onLeave,
  onMove,
}: Omit<DataTableProps, 'onFilterChange' | 'label' | 'title' | 'savedView' | 'onOpenCustomer'>) {
  const { i18n } = useTranslation();
  const rows = useViewRows(view, filter, pageSize);
  const { source } = rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const settings = useQuery(settingsQuery(useApi())).data;
  const sizes = tableSizes(settings?.density, settings?.tableTextSize);
  const { rowHeight } = sizes;
  const [place] = useState(() => new RowPlace());
  /** The table's own commands act on it when it holds the focus (or it is the first on the page). */
  const scope = useRef<HTMLElement>(null);
  const scrollToRow = (index: number) =>
    scrollRef.current && scrollRowIntoView(scrollRef.current, source.rowCount, rowHeight, index);
  const textSize = sizes.textSize;
  const { table, drawnColumns, fit, layout, edits, resetLayout } = useTableColumns({
    view,
    rows,
    scrollRef,
    onSortChange,
    textSize,
  });
  const leafColumns = table.getVisibleLeafColumns();
  const shownColumns = shownColumnsOf(table);
  const columnKeys = shownColumns.map((column) => column.key);
  /** Brings the visible column at `position` into view beside the pinned ones (they never scroll). */
  const scrollToColumn = (position: number) =>
    scrollRef.current && scrollColumnIntoView(scrollRef.current, drawnColumns, position);
  const { copyValue, copyRows } = useTableCopy(rows, source, shownColumns);
  const grid = useGridKeyboard({
    rowCount: source.rowCount,
    rowAt: (index) => source.rowAt(index),
    columns: columnKeys,
    textOf: rows.textOf,
    scrollToRow,
    scrollToColumn,
    copyText: copyValue,
    copyRows,
    onOpenRow,
    resetOn: view.sort,
    initialActive: initialPlace?.active,
  });
  useCopyCommands(scope, grid.copy);
  const active = shownColumns[grid.active.column];
  usePinCommand(scope, active, edits);
  const totalsKind = (leafColumns[grid.active.column]?.columnDef.meta as ColumnMeta | undefined)?.totals;
  useSelectionTotals(
    source,
    grid.selection,
    active && { key: active.key, numeric: totalsKind !== undefined, money: totalsKind === 'money' },
    rows.textOf,
  );
  const { keepPlace, openingAt } = useTablePlace(scrollRef, {
    sort: view.sort,
    rowCount: source.rowCount,
    complete: source.complete,
    rowHeight,
    place,
    active: grid.active,
    initialPlace,
    focusOnStart,
    onLeave,
    onMove,
    onPastEnd: (row) => {
      grid.setActive({ row: Math.max(0, source.rowCount - 1), column: grid.active.column });
      const numbers = numberFormat(i18n.language as Language);
      const total = numbers.format(source.rowCount);
      rows.setNotice({
        key: 'table.placePastEnd',
        values: { count: source.rowCount, total, row: numbers.format(row + 1) },
      });
    },
  });
  return {
    rows,
    source,
    scrollRef,
    scope,
    sizes,
    place,
    columns: { table, drawn: drawnColumns, fit, layout, edits, resetLayout },
    shownColumns,
    columnKeys,
    active,
    grid,
    copyValue,
    scrollToRow,
    scrollToColumn,
    keepPlace,
    openingAt,
  };
}
