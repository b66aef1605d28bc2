import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { useGridDrawing } from './grid/grid-drawing';
import { useChangeMarks } from './useChangeMarks';
import { useFind } from './find/useFind';
import { useColumnCommands } from './columns/useColumnCommands';
import { useValueFilter } from './useValueFilter';
import { useTableDialogs } from './useTableDialogs';
import { useCellMarks } from './useCellMarks';
import { useTableGrid } from './useTableGrid';
import type { DataTableProps } from './data-table-props';

export type { DataTableProps };

/**
 * A data table's state and moves (the headless half of DataTable): its rows, columns, grid keys,
 * place, what it opens over itself, and what copying and Go to row do. What the grid draws with
 * comes as one object (`drawing`).
 */
export function useDataTable({
  view,
  onSortChange,
  filter,
  onFilterChange,
  pageSize,
  onOpenRow,
  initialPlace,
  focusOnStart,
  onLeave,
  onMove,
}: DataTableProps) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const core = useTableGrid({
    view,
    onSortChange,
    filter,
    pageSize,
    onOpenRow,
    initialPlace,
    focusOnStart,
    onLeave,
    onMove,
  });
  const { rows, source, scrollRef, scope, grid, shownColumns, columnKeys, active, scrollToRow, place } = core;
  const { rowHeight } = core.sizes;
  const gridId = useId();
  const valueFilter = useValueFilter({
    source,
    columns: columnKeys,
    textOf: rows.textOf,
    filter,
    onFilterChange,
    active: grid.active,
    activeLabel: active?.label ?? '',
    scope,
  });
  const dialogs = useTableDialogs(scope, active);
  const cellId = useCallback((row: number, column: number) => `${gridId}-r${row}-c${column}`, [gridId]);
  const find = useFind({
    view,
    filter,
    language,
    rows,
    columns: columnKeys,
    active: grid.active,
    setActive: grid.setActive,
    scrollToRow,
    scope,
  });
  const { highlight, paint } = useCellMarks(filter, find.condition, rows, core.columns.layout.rules);
  const changes = useChangeMarks(rows.session?.connection?.id, view, language, rows.textOf);
  useColumnCommands({
    resource: view.resource,
    columns: shownColumns,
    scope,
    onGoTo: (position) => {
      grid.setActive({ row: grid.active.row, column: position });
      core.scrollToColumn(position);
      scrollRef.current?.focus({ preventScroll: true });
    },
  });
  /** Makes row `index` (from 0) the active one, on screen, with the keyboard in the grid. */
  const goToRow = (index: number) => {
    grid.setActive({ row: index, column: grid.active.column });
    scrollToRow(index);
    scrollRef.current?.focus({ preventScroll: true });
  };
  const drawing = useGridDrawing({
    scrollRef,
    rowHeight,
    place,
    openAt: core.openingAt,
    cellId,
    textOf: rows.textOf,
    highlight,
    marks: changes.marker,
    paint,
  });
  return {
    rows,
    source,
    scope,
    sizes: core.sizes,
    copyValue: core.copyValue,
    columns: core.columns,
    grid,
    dialogs,
    find,
    valueFilter,
    changes,
    drawing,
    keepPlace: core.keepPlace,
    goToRow,
    /** Stops a far jump being walked, and shows the row it reached (its cursors are kept). */
    cancelWalk: () => {
      const reached = rows.cancelWalk();
      if (reached !== undefined) goToRow(reached);
    },
  };
}

export type DataTableState = ReturnType<typeof useDataTable>;
