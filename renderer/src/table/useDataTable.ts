import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterCondition } from '@shared/filter';
import type { ApiRecord } from '@shared/schema';
import { settingsQuery, type ListView } from '../data/queries';
import { useApi } from '../api/context';
import { highlighterOf } from './grid/highlight';
import type { Language } from '@shared/api-rules';
import { cellSeparatorOf } from '@shared/locale';
import { failureLine } from '../ui/describe-failure';
import { numberFormat } from '../i18n/intl';
import { useCopyText } from '../data/clipboard';
import { useCommand } from '../keyboard/commands';
import { useGridKeyboard } from './grid/useGridKeyboard';
import { RowPlace, scrollRowIntoView } from './grid/row-viewport';
import { useTableColumns } from './columns/useTableColumns';
import { scrollLeftShowing } from './columns/column-pins';
import { useTablePlace, type TablePlace } from './grid/useTablePlace';
import { useViewRows } from './view/useViewRows';
import { useSelectionTotals } from './useSelectionTotals';
import { useChangeMarks } from './useChangeMarks';
import { cellsOf, useCopyCommands } from './copy-selection';
import { copyAs, type CopyFormat } from '../ui/copy-formats';
import type { ColumnMeta } from './columns/table-columns';
import { useFind } from './find/useFind';
import { tableSizes } from './table-text';
import { paintOf } from '@shared/colour-rules';
import { labelsOf } from '@shared/search';
import { useColumnCommands } from './columns/useColumnCommands';
import { useValueFilter } from './useValueFilter';

/**
 * Rows drawn beyond each edge of the screen, and the chunk the drawn rows move by: each one more is
 * a row rewritten at every flick, for no row a person sees (docs/architecture.md, "Drawing the rows").
 */
export const OVERSCAN = 4;

export interface DataTableProps {
  view: ListView;
  onSortChange: (sort: string | undefined) => void;
  /** Row filter (applied to rows as they arrive: the API has no filter parameters). */
  filter: FilterCondition[];
  onFilterChange: (filter: FilterCondition[]) => void;
  label: string;
  pageSize: number;
  /** Called with a row when it is clicked or Enter is pressed on it (customers open their detail). */
  onOpenRow?: (record: ApiRecord) => void;
  /** A heading shown above the table (a customer's "Contacts (3)"). */
  title?: string;
  /** The saved view the table shows, if it shows one: its exports are named after it. */
  savedView?: string;
  /** Where the user left the list (back navigation comes back there): scrolled to, and the active cell. */
  initialPlace?: TablePlace;
  /** Put the keyboard focus on the grid when it appears (back from a customer opened from it). */
  focusOnStart?: boolean;
  /** Called when the table goes away, with where the user left it. */
  onLeave?: (place: TablePlace) => void;
  /** Told where the user is at each scroll and move of the active cell (to reopen there after a restart). */
  onMove?: (place: TablePlace) => void;
  /** Opens a customer by id (the record panel's link from a contact or an agreement). */
  onOpenCustomer?: (customerId: string) => void;
}

/**
 * A data table's state and moves (the headless half of DataTable): its rows, columns, grid keys,
 * place, the record shown, and what copying and Go to row do.
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
  const { t, i18n } = useTranslation();
  const gridId = useId();
  const copyText = useCopyText();
  const rows = useViewRows(view, filter, pageSize);
  const { source } = rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const settings = useQuery(settingsQuery(useApi())).data;
  const sizes = tableSizes(settings?.density, settings?.tableTextSize);
  const { rowHeight } = sizes;
  /** Copies a cell's, a selection's or a record field's text (with its HTML table), and says so in the toolbar. */
  const copyValue = (text: string, html?: string) =>
    void copyText(text, html).then(
      () => rows.setNotice({ key: 'table.copied', brief: true }),
      (failure: unknown) =>
        rows.setNotice({
          key: 'table.copyFailed',
          values: { reason: failureLine(t, i18n.language as Language, failure) },
        }),
    );
  const [place] = useState(() => new RowPlace());
  /** The table's own commands act on it when it holds the focus (or it is the first on the page). */
  const scope = useRef<HTMLElement>(null);
  const scrollToRow = (index: number) =>
    scrollRef.current && scrollRowIntoView(scrollRef.current, source.rowCount, rowHeight, index);
  const { table, drawnColumns, fit, layout, edits, resetLayout } = useTableColumns({
    view,
    rows,
    scrollRef,
    onSortChange,
    textSize: sizes.textSize,
  });
  const leafColumns = table.getVisibleLeafColumns();
  /** Brings the visible column at `position` into view beside the pinned ones (they never scroll). */
  const scrollToColumn = (position: number) => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const widths = drawnColumns.map((column) => column.width);
    const pinnedCount = drawnColumns.filter((column) => column.left !== undefined).length;
    const left = scrollLeftShowing(widths, position, pinnedCount, {
      scrollLeft: scroller.scrollLeft,
      viewWidth: scroller.clientWidth,
    });
    if (left !== scroller.scrollLeft) scroller.scrollLeft = left;
  };
  /** Copies rows `from`…`to` in `format` (copy-formats.ts): the columns shown, in their order. */
  const copyRows = (from: number, to: number, format: CopyFormat) => {
    const columns = leafColumns.map((column) => ({
      key: column.id,
      label: (column.columnDef.meta as ColumnMeta | undefined)?.label ?? column.id,
    }));
    const copied = copyAs(
      format,
      cellsOf(source, columns, rows.textOf, from, to),
      cellSeparatorOf(i18n.language as Language),
    );
    copyValue(copied.text, copied.html);
  };
  const grid = useGridKeyboard({
    rowCount: source.rowCount,
    rowAt: (index) => source.rowAt(index),
    columns: leafColumns.map((column) => column.id),
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
  const activeColumn = leafColumns[grid.active.column];
  const activeLabel = (activeColumn?.columnDef.meta as ColumnMeta | undefined)?.label ?? '';
  useCommand('table.pinColumn', () => activeColumn && edits.togglePin(activeColumn.id), {
    scope,
    label: t(activeColumn && edits.isPinned(activeColumn.id) ? 'table.unpin' : 'table.pin', {
      column: activeLabel,
    }),
  });
  const totalsKind = (activeColumn?.columnDef.meta as ColumnMeta | undefined)?.totals;
  useSelectionTotals(
    source,
    grid.selection,
    activeColumn && {
      key: activeColumn.id,
      numeric: totalsKind !== undefined,
      money: totalsKind === 'money',
    },
    rows.textOf,
  );
  const valueFilter = useValueFilter({
    source,
    columns: leafColumns.map((column) => column.id),
    textOf: rows.textOf,
    filter,
    onFilterChange,
    active: grid.active,
    activeLabel,
    scope,
  });
  /** The column whose values are shown summed up (its key), if one is. */
  const [valuesOf, setValuesOf] = useState<string>();
  useCommand('table.columnValues', () => activeColumn && setValuesOf(activeColumn.id), {
    scope,
    enabled: activeColumn !== undefined,
    label: t('shortcuts.names.table.columnValues', { column: activeLabel }),
  });
  const [rulesShown, setRulesShown] = useState(false);
  useCommand('table.colourRules', () => setRulesShown(true), {
    scope,
    label: t('shortcuts.names.table.colourRules'),
  });
  const [recordShown, setRecordShown] = useState(false);
  useCommand('table.record', () => setRecordShown((shown) => !shown), { scope });
  const cellId = useCallback((row: number, column: number) => `${gridId}-r${row}-c${column}`, [gridId]);
  const find = useFind({
    view,
    filter,
    language: i18n.language as Language,
    rows,
    columns: leafColumns.map((column) => column.id),
    active: grid.active,
    setActive: grid.setActive,
    scrollToRow,
    scope,
  });
  // The find's words are marked beside the filter's.
  const highlight = useMemo(
    () => highlighterOf(find.condition ? [...filter, find.condition] : filter, rows.fieldOf),
    [filter, find.condition, rows.fieldOf],
  );
  const rules = layout.rules;
  const paint = useMemo(() => {
    if (!rules?.length) return undefined;
    const kinds = new Map(rows.filterColumns.map((column) => [column.key, column.kind]));
    return paintOf(rules, (key) => kinds.get(key) ?? 'text', labelsOf(rows.filterColumns));
  }, [rules, rows.filterColumns]);
  const changes = useChangeMarks(rows.session?.connection?.id, view, i18n.language as Language, rows.textOf);

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
      rows.setNotice({
        key: 'table.placePastEnd',
        values: {
          count: source.rowCount,
          total: numbers.format(source.rowCount),
          row: numbers.format(row + 1),
        },
      });
    },
  });
  useColumnCommands({
    resource: view.resource,
    columns: leafColumns.map((column) => ({
      key: column.id,
      label: (column.columnDef.meta as ColumnMeta | undefined)?.label ?? column.id,
    })),
    scope,
    onGoTo: (position) => {
      grid.setActive({ row: grid.active.row, column: position });
      scrollToColumn(position);
      scrollRef.current?.focus({ preventScroll: true });
    },
  });
  /** Makes row `index` (from 0) the active one, on screen, with the keyboard in the grid. */
  const goToRow = (index: number) => {
    grid.setActive({ row: index, column: grid.active.column });
    scrollToRow(index);
    scrollRef.current?.focus({ preventScroll: true });
  };

  /** Stops a far jump being walked, and shows the row it reached (its cursors are kept). */
  const cancelWalk = () => {
    const reached = rows.cancelWalk();
    if (reached !== undefined) goToRow(reached);
  };

  return {
    rows,
    source,
    scope,
    scrollRef,
    rowHeight,
    sizes,
    copyValue,
    place,
    columns: { table, drawn: drawnColumns, fit, layout, edits, resetLayout },
    grid,
    recordShown,
    setRecordShown,
    cellId,
    highlight,
    find,
    paint,
    valueFilter,
    valuesOf,
    setValuesOf,
    rulesShown,
    setRulesShown,
    changes,
    marks: changes.marker,
    keepPlace,
    openingAt,
    goToRow,
    cancelWalk,
  };
}
