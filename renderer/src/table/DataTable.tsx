import {
  functionalUpdate,
  useTable,
  type columnResizingState as ColumnResizingState,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterCondition } from '../../../electron/shared/filter';
import type { ApiRecord } from '../../../electron/shared/schema';
import type { ListView } from '../data/queries';
import { FilterBar } from './FilterBar';
import { TableBody } from './TableBody';
import { TableError } from './TableError';
import { WalkProgress } from './WalkProgress';
import { TableHeader } from './TableHeader';
import { TableToolbar } from './TableToolbar';
import { TABLE_FEATURES } from './columns';
import { sortingOf, sortParamOf } from './sorting';
import type { Language } from '../../../electron/shared/api-rules';
import { failureLine } from '../app/describe-failure';
import { useCopyText } from '../data/clipboard';
import { useColumnLayout } from './useColumnLayout';
import { useColumnWidths } from './useColumnWidths';
import { useGridKeyboard } from './useGridKeyboard';
import { useRowViewport } from './useRowViewport';
import { useTablePlace, type TablePlace } from './useTablePlace';
import { useViewRows } from './useViewRows';

const ROW_HEIGHT = 32;
const OVERSCAN = 10;
/** TanStack's resting resize state (its own default is not exported). */
const NOT_RESIZING: ColumnResizingState = {
  columnSizingStart: [],
  deltaOffset: null,
  deltaPercentage: null,
  isResizingColumn: false,
  startOffset: null,
  startSize: null,
};

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
  /** Where the user left the list (back navigation comes back there): scrolled to, and the active cell. */
  initialPlace?: TablePlace;
  /** Put the keyboard focus on the grid when it appears (back from a customer opened from it). */
  focusOnStart?: boolean;
  /** Called when the table goes away, with where the user left it. */
  onLeave?: (place: TablePlace) => void;
}

export type { TablePlace };

/**
 * The one data table of every view (docs/architecture.md, "How a page reaches the screen"): the rows of the view (useViewRows),
 * sized for the whole view from the start and only those on screen in the DOM (useRowViewport,
 * scaled past the browser's height limit), server sorting on the spec's sortable fields (TanStack
 * Table's manual sorting), columns and labels from the schema, the grid's keyboard
 * (useGridKeyboard). Scrolling re-renders this table only, and the work it does is the screen's,
 * whatever the depth.
 */
export function DataTable({
  view,
  onSortChange,
  filter,
  onFilterChange,
  label,
  pageSize,
  onOpenRow,
  title,
  initialPlace,
  focusOnStart,
  onLeave,
}: DataTableProps) {
  const { t, i18n } = useTranslation();
  const gridId = useId();
  const copyText = useCopyText();
  const rows = useViewRows(view, filter, pageSize);
  const { source, error, filtered } = rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const viewport = useRowViewport(scrollRef, source.rowCount, ROW_HEIGHT, OVERSCAN);
  const placed = viewport.window;
  // The rows on screen, read if they are not (every render: cheap, and it follows what arrived).
  useEffect(() => source.ensure(placed.first, placed.last));
  const onScreen = placed.items.map((item) => ({ ...item, record: source.rowAt(item.index) }));
  const records = onScreen.flatMap((item) => (item.record ? [item.record] : []));
  const [layout, setLayout] = useColumnLayout(view.customerId ? `customer:${view.resource}` : view.resource);
  // Stable while unchanged: TanStack Table compares its state slices by identity.
  const hidden = useMemo(() => Object.fromEntries(layout.hidden.map((key) => [key, false])), [layout.hidden]);
  const sorting = useMemo(() => sortingOf(view.sort), [view.sort]);
  const visibleColumns = useMemo(
    () => rows.filterColumns.filter((column) => !layout.hidden.includes(column.key)),
    [rows.filterColumns, layout.hidden],
  );
  const [resizing, setResizing] = useState<ColumnResizingState>(NOT_RESIZING);
  const { widths, fit } = useColumnWidths({
    scrollRef,
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
    data: records,
    columnResizeMode: 'onChange',
    manualSorting: true,
    enableMultiSort: false,
    state: {
      columnOrder: layout.order,
      columnVisibility: hidden,
      columnSizing: widths,
      columnResizing: resizing,
      sorting,
    },
    onColumnResizingChange: setResizing,
    onSortingChange: (updater) => onSortChange(sortParamOf(functionalUpdate(updater, sorting))),
    onColumnOrderChange: (updater) =>
      setLayout({ ...layout, order: functionalUpdate(updater, layout.order) }),
    onColumnVisibilityChange: (updater) => {
      const visibility = functionalUpdate(updater, hidden);
      setLayout({ ...layout, hidden: Object.keys(visibility).filter((key) => visibility[key] === false) });
    },
    // Only the columns the user sized are remembered: the others stay fitted to what they show.
    onColumnSizingChange: (updater) => {
      const next = functionalUpdate(updater, widths);
      const sized = Object.entries(next)
        .map(([key, size]) => [key, Math.round(size)] as const)
        .filter(([key, size]) => size !== widths[key]);
      if (sized.length) setLayout({ ...layout, sizes: { ...layout.sizes, ...Object.fromEntries(sized) } });
    },
  });
  const leafColumns = table.getVisibleLeafColumns();
  // Each row on screen with its TanStack row (the table's rows are those on screen, in order).
  const modelRows = table.getRowModel().rows;
  let model = 0;
  const items = onScreen.map((item) => ({ ...item, row: item.record ? modelRows[model++] : undefined }));
  const grid = useGridKeyboard({
    rowCount: source.rowCount,
    rowAt: source.rowAt,
    columns: leafColumns.map((column) => column.id),
    textOf: rows.textOf,
    scrollToRow: viewport.scrollToRow,
    copyText: (text) =>
      void copyText(text).then(
        () => rows.setNotice(t('table.copied')),
        (failure: unknown) =>
          rows.setNotice(
            t('table.copyFailed', { reason: failureLine(t, i18n.language as Language, failure) }),
          ),
      ),
    onOpenRow,
    resetOn: view.sort,
    initialActive: initialPlace?.active,
  });
  const cellId = (row: number, column: number) => `${gridId}-r${row}-c${column}`;

  const keepPlace = useTablePlace(scrollRef, {
    sort: view.sort,
    active: grid.active,
    initialPlace,
    focusOnStart,
    onLeave,
  });
  /** Makes row `index` (from 0) the active one, on screen, with the keyboard in the grid. */
  const goToRow = (index: number) => {
    grid.setActive({ row: index, column: grid.active.column });
    viewport.scrollToRow(index);
    scrollRef.current?.focus({ preventScroll: true });
  };

  /** Stops a far jump being walked, and shows the row it reached (its cursors are kept). */
  const cancelWalk = () => {
    const reached = rows.cancelWalk();
    if (reached !== undefined) goToRow(reached);
  };

  return (
    <section className="data-table" aria-label={label}>
      {title && <h3 className="table-title">{title}</h3>}
      <FilterBar table={label} columns={rows.filterColumns} filter={filter} onChange={onFilterChange} />
      <TableToolbar
        table={table}
        rows={rows}
        view={view}
        filter={filter}
        label={label}
        onResetLayout={() => setLayout({ order: [], hidden: [], sizes: {} })}
        onGoToRow={(row) => goToRow(row - 1)}
      />
      <TableError rows={rows} />
      {rows.walk && <WalkProgress progress={rows.walk} onCancel={cancelWalk} />}
      <div
        ref={scrollRef}
        className="table-scroll"
        role="grid"
        aria-label={label}
        aria-rowcount={filtered ? -1 : source.rowCount + 1}
        aria-colcount={leafColumns.length}
        aria-activedescendant={
          source.rowAt(grid.active.row) ? cellId(grid.active.row, grid.active.column) : undefined
        }
        aria-busy={source.loading}
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && rows.walk) cancelWalk();
          else grid.onKeyDown(event);
        }}
        onScroll={(event) => {
          keepPlace(event.currentTarget.scrollTop);
          viewport.onScroll(event.currentTarget.scrollTop);
        }}
        data-testid="grid"
      >
        <TableHeader
          table={table}
          // Fitted to the rows on screen and the sample the table was first sized on.
          onFit={(key) => {
            const width = fit(key, [...records, ...(rows.firstRows ?? [])]);
            if (width !== undefined) table.setColumnSizing((current) => ({ ...current, [key]: width }));
          }}
        />
        <TableBody
          table={table}
          items={items}
          height={placed.height}
          grid={grid}
          cellId={cellId}
          onOpenRow={onOpenRow}
        />
        {!source.loading && source.rowCount === 0 && !error && <p className="empty">{t('table.empty')}</p>}
      </div>
    </section>
  );
}
