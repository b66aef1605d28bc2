import {
  functionalUpdate,
  useTable,
  type columnResizingState as ColumnResizingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterCondition } from '../../../electron/shared/filter';
import type { ApiRecord } from '../../../electron/shared/schema';
import type { ListView } from '../data/queries';
import { FilterBar } from './FilterBar';
import { TableBody } from './TableBody';
import { TableError } from './TableError';
import { TableHeader } from './TableHeader';
import { TableToolbar } from './TableToolbar';
import { TABLE_FEATURES } from './columns';
import { sortingOf, sortParamOf } from './sorting';
import type { Language } from '../../../electron/shared/api-rules';
import { failureLine } from '../app/describe-failure';
import { useCopyText } from '../data/clipboard';
import { useColumnLayout } from './useColumnLayout';
import { useColumnWidths } from './useColumnWidths';
import { useGridKeyboard, type GridPosition } from './useGridKeyboard';
import { usePrefetch, useViewRows } from './useViewRows';

const ROW_HEIGHT = 32;
const OVERSCAN = 10;
const SKELETON_ROWS = 4;
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

/** Where a table was left: its scroll position and the keyboard's active cell. */
export interface TablePlace {
  scrollTop: number;
  active: GridPosition;
}

/**
 * The one data table of every view (DESIGN.md, "Renderer"): the rows of the view (useViewRows),
 * only the visible ones in the DOM (TanStack Virtual), server sorting on the spec's sortable
 * fields (TanStack Table's manual sorting), columns and labels from the schema, the grid's
 * keyboard (useGridKeyboard). Scrolling re-renders this table only: the position lives in the
 * scroll element, and is handed out when the table goes away.
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
  const { shown, error, loadingMore, filtered, count } = rows;
  const [layout, setLayout] = useColumnLayout(view.customerId ? `customer:${view.resource}` : view.resource);
  // Stable while unchanged: TanStack Table compares its state slices by identity.
  const hidden = useMemo(() => Object.fromEntries(layout.hidden.map((key) => [key, false])), [layout.hidden]);
  const sorting = useMemo(() => sortingOf(view.sort), [view.sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const visibleColumns = useMemo(
    () => rows.filterColumns.filter((column) => !layout.hidden.includes(column.key)),
    [rows.filterColumns, layout.hidden],
  );
  const [resizing, setResizing] = useState<ColumnResizingState>(NOT_RESIZING);
  const { widths, fit } = useColumnWidths({
    scrollRef,
    columns: visibleColumns,
    sample: rows.pages.data?.pages[0]?.rows,
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
    data: shown,
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
  const virtualizer = useVirtualizer({
    count: shown.length + (loadingMore && !error ? SKELETON_ROWS : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  usePrefetch(rows, virtualizer.getVirtualItems().at(-1)?.index ?? 0);
  const leafColumns = table.getVisibleLeafColumns();
  const grid = useGridKeyboard({
    rows: shown,
    columns: leafColumns.map((column) => column.id),
    textOf: rows.textOf,
    scrollToRow: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
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

  // A new sort is a new traversal, seen from the top (the old rows stay until its first page arrives).
  const firstSort = useRef(true);
  useEffect(() => {
    if (firstSort.current) firstSort.current = false;
    else if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [view.sort]);

  // Back navigation: the list comes back where it was, with the keyboard on the row the user left
  // (and the focus when asked), and says where that is when it goes. The
  // position is kept in a ref as the user scrolls: a scroll re-renders nothing outside the table.
  const scrolledTo = useRef(initialPlace?.scrollTop ?? 0);
  const activeNow = useRef(grid.active);
  activeNow.current = grid.active;
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    if (scrollRef.current && initialPlace) scrollRef.current.scrollTop = initialPlace.scrollTop;
    if (focusOnStart) scrollRef.current?.focus({ preventScroll: true });
    return () => leave.current?.({ scrollTop: scrolledTo.current, active: activeNow.current });
    // Only when the table first appears and finally goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
      />
      <TableError rows={rows} />
      <div
        ref={scrollRef}
        className="table-scroll"
        role="grid"
        aria-label={label}
        aria-rowcount={filtered ? -1 : (count?.total ?? rows.rows.length) + 1}
        aria-colcount={leafColumns.length}
        aria-activedescendant={shown.length ? cellId(grid.active.row, grid.active.column) : undefined}
        aria-busy={loadingMore}
        tabIndex={0}
        onKeyDown={grid.onKeyDown}
        onScroll={(event) => (scrolledTo.current = event.currentTarget.scrollTop)}
        data-testid="grid"
      >
        <TableHeader
          table={table}
          // Fitted to the rows on screen and the sample the table was first sized on.
          onFit={(key) => {
            const items = virtualizer.getVirtualItems();
            const onScreen = shown.slice(items[0]?.index ?? 0, (items.at(-1)?.index ?? 0) + 1);
            const width = fit(key, [...onScreen, ...(rows.pages.data?.pages[0]?.rows ?? [])]);
            if (width !== undefined) table.setColumnSizing((current) => ({ ...current, [key]: width }));
          }}
        />
        <TableBody
          table={table}
          items={virtualizer.getVirtualItems()}
          height={virtualizer.getTotalSize()}
          grid={grid}
          cellId={cellId}
          onOpenRow={onOpenRow}
        />
        {!rows.pages.isFetching && shown.length === 0 && !error && (
          <p className="empty">{t('table.empty')}</p>
        )}
      </div>
    </section>
  );
}
