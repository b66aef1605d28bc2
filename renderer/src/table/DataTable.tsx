import { useQueryClient } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import type { ApiRecord } from '../../../electron/shared/schema';
import { AppFailure } from '../api/call';
import { useCount, useCursorPages, useRetry, useSchemas, useSession, type ListView } from '../data/queries';
import { describeFailure } from '../app/describe-failure';
import { compileFilter, type FilterCondition } from '../../../electron/shared/filter';
import { buildColumns, TABLE_FEATURES, type ColumnMeta } from './columns';
import { ExportDialog } from '../exports/ExportDialog';
import { ColumnMenu } from './ColumnMenu';
import { FilterBar } from './FilterBar';
import { useColumnLayout } from './useColumnLayout';
import { nextSort, sortDirection } from './sorting';

/** The value an updater (TanStack's setter argument: a value or a function of the old one) gives. */
function resolve<T>(updater: T | ((old: T) => T), old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

const ROW_HEIGHT = 32;
const OVERSCAN = 10;
/** The next page is asked for when the user is this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 60;
const SKELETON_ROWS = 4;
const PAGE_STEP = 20;

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
  /** Where the list was scrolled to, to come back to it (back navigation keeps the position). */
  scrollTop?: number;
  onScrollTopChange?: (scrollTop: number) => void;
}

/**
 * The one data table of every view (DESIGN.md, "Renderer"): cursor pages from the app, only the
 * visible rows in the DOM, server sorting on the spec's sortable fields, columns and labels from
 * the schema, values formatted in the current locale, and keyboard access.
 */
export function DataTable({
  view,
  onSortChange,
  filter,
  onFilterChange,
  label,
  pageSize,
  onOpenRow,
  scrollTop,
  onScrollTopChange,
}: DataTableProps) {
  const { t, i18n } = useTranslation();
  const retry = useRetry();
  const language = i18n.language as Language;
  const gridId = useId();
  const queryClient = useQueryClient();
  const session = useSession().data;
  const schemas = useSchemas(session, language).data;
  const count = useCount(session, { resource: view.resource, customerId: view.customerId }).data;
  const pages = useCursorPages(session, view, language, pageSize);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.rows) ?? [], [pages.data]);
  const schema = schemas?.schemas?.find((candidate) => candidate.resource === view.resource);
  const firstRows = pages.data?.pages[0]?.rows;
  const { columns, textOf, filterColumns } = useMemo(
    () => buildColumns(view.resource, schema, firstRows ?? [], language),
    [view.resource, schema, firstRows, language],
  );
  const { keep, filterProblem } = useMemo(() => {
    if (!filter.length) return { keep: undefined, filterProblem: undefined };
    const kinds = new Map(filterColumns.map((column) => [column.key, column.kind]));
    try {
      return { keep: compileFilter(filter, (key) => kinds.get(key) ?? 'text'), filterProblem: undefined };
    } catch (problem) {
      return { keep: undefined, filterProblem: (problem as Error).message };
    }
  }, [filter, filterColumns]);
  const shown = useMemo(() => (keep ? rows.filter(keep) : rows), [rows, keep]);
  const [scanStopped, setScanStopped] = useState(false);
  useEffect(() => setScanStopped(false), [filter]);
  const [layout, setLayout] = useColumnLayout(view.customerId ? `customer:${view.resource}` : view.resource);
  const table = useTable({
    features: TABLE_FEATURES,
    columns,
    data: shown,
    columnResizeMode: 'onChange',
    state: {
      columnOrder: layout.order,
      columnVisibility: Object.fromEntries(layout.hidden.map((key) => [key, false])),
      columnSizing: layout.sizes,
    },
    onColumnOrderChange: (updater) => setLayout({ ...layout, order: resolve(updater, layout.order) }),
    onColumnVisibilityChange: (updater) => {
      const visibility = resolve(updater, Object.fromEntries(layout.hidden.map((key) => [key, false])));
      setLayout({ ...layout, hidden: Object.keys(visibility).filter((key) => visibility[key] === false) });
    },
    onColumnSizingChange: (updater) => {
      const sizes = resolve(updater, layout.sizes);
      setLayout({
        ...layout,
        sizes: Object.fromEntries(Object.entries(sizes).map(([key, size]) => [key, Math.round(size)])),
      });
    },
  });
  const [active, setActive] = useState({ row: 0, column: 0 });
  const [anchor, setAnchor] = useState<number | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);

  const error = pages.error instanceof AppFailure ? pages.error : undefined;
  const loadingMore = pages.isFetchingNextPage || (pages.isFetching && rows.length === 0);
  const extraRows = error ? 1 : loadingMore ? SKELETON_ROWS : 0;
  const virtualizer = useVirtualizer({
    count: shown.length + extraRows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? 0;

  // The next page before the user reaches the end. With a filter, this keeps scanning pages until
  // enough matching rows fill the view (or the traversal ends, or the user stops it).
  const scanning = Boolean(keep) && !scanStopped;
  useEffect(() => {
    if (!pages.hasNextPage || pages.isFetchingNextPage || error || (keep && scanStopped)) return;
    if (lastVisible >= shown.length - PREFETCH_ROWS) void pages.fetchNextPage();
  }, [lastVisible, shown.length, pages, error, keep, scanStopped]);

  // DESIGN.md: a refused cursor reloads the table from the top, with a notice.
  useEffect(() => {
    if (error?.code !== 'invalid-cursor') return;
    setNotice(t('table.cursorReset'));
    void queryClient.resetQueries({ queryKey: ['pages', session?.connection?.id, view] });
  }, [error, queryClient, session, view, t]);

  // A new sort is a new traversal, seen from the top (the old rows stay until its first page arrives).
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setActive((current) => ({ ...current, row: 0 }));
    setAnchor(undefined);
  }, [view.sort]);

  // Back navigation: the list comes back where it was.
  useEffect(() => {
    if (scrollRef.current && scrollTop) scrollRef.current.scrollTop = scrollTop;
    // Only when the table first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const leafColumns = table.getVisibleLeafColumns();
  const width = leafColumns.reduce((sum, column) => sum + column.getSize(), 0);
  const numbers = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB');
  const cellId = (row: number, column: number) => `${gridId}-r${row}-c${column}`;

  const move = (row: number, column: number) => {
    const next = {
      row: Math.max(0, Math.min(shown.length - 1, row)),
      column: Math.max(0, Math.min(leafColumns.length - 1, column)),
    };
    setActive(next);
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
    return next;
  };

  const copy = () => {
    const [from, to] =
      anchor === undefined
        ? [active.row, active.row]
        : [Math.min(anchor, active.row), Math.max(anchor, active.row)];
    const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
    const keys = leafColumns.map((column) => column.id);
    const text =
      from === to && anchor === undefined
        ? clean(textOf(keys[active.column] ?? '', shown[active.row] ?? {}))
        : shown
            .slice(from, to + 1)
            .map((record) => keys.map((key) => clean(textOf(key, record))).join('\t'))
            .join('\n');
    void navigator.clipboard.writeText(text).then(() => setNotice(t('table.copied')));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { row, column } = active;
    // Shift with a vertical move selects the rows between where it started and here.
    const step = (to: number) => {
      setAnchor(event.shiftKey ? (anchor ?? row) : undefined);
      move(to, column);
    };
    const keys: Record<string, () => void> = {
      ArrowDown: () => step(row + 1),
      ArrowUp: () => step(row - 1),
      PageDown: () => step(row + PAGE_STEP),
      PageUp: () => step(row - PAGE_STEP),
      ArrowRight: () => move(row, column + 1),
      ArrowLeft: () => move(row, column - 1),
      Home: () => move(event.ctrlKey || event.metaKey ? 0 : row, 0),
      End: () => move(event.ctrlKey || event.metaKey ? shown.length - 1 : row, leafColumns.length - 1),
      Enter: () => {
        const record = shown[row];
        if (record && onOpenRow) onOpenRow(record);
      },
    };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      copy();
      return;
    }
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const loaded = numbers.format(rows.length);
  return (
    <section className="data-table" aria-label={label}>
      <FilterBar table={label} columns={filterColumns} filter={filter} onChange={onFilterChange} />
      <div className="table-toolbar">
        <span data-testid="row-count" aria-live="polite">
          {keep
            ? t('filter.scanning', {
                matches: numbers.format(shown.length),
                scanned: loaded,
                total: count ? numbers.format(count.total) : '…',
              })
            : count
              ? t('table.loaded', { loaded, total: numbers.format(count.total) })
              : t('table.loadedUnknown', { loaded })}
        </span>
        {keep && pages.hasNextPage && (
          <button type="button" onClick={() => setScanStopped(scanning)}>
            {scanning ? t('filter.stop') : t('filter.resume')}
          </button>
        )}
        {filterProblem && (
          <span className="error" role="alert">
            {t('filter.invalid', { message: filterProblem })}
          </span>
        )}
        <ColumnMenu table={table} onReset={() => setLayout({ order: [], hidden: [], sizes: {} })} />
        <button type="button" onClick={() => setExporting(true)} disabled={!session?.connection}>
          {t('export.action')}
        </button>
        {exporting && (
          <ExportDialog
            view={{
              resource: view.resource,
              ...(view.customerId !== undefined && { customerId: view.customerId }),
              ...(view.sort !== undefined && { sort: view.sort }),
              columns: leafColumns.map((column) => column.id),
              ...(filter.length && { filter }),
              lang: language,
            }}
            table={label}
            sortLabel={
              view.sort
                ? (table.getColumn(view.sort.split('.')[0] ?? '')?.columnDef.meta as ColumnMeta | undefined)
                    ?.label
                : undefined
            }
            total={count?.total}
            canChooseFolder={session?.canRevealFiles ?? false}
            onClose={() => setExporting(false)}
          />
        )}
        {notice && (
          <span className="notice" role="status">
            {notice}
          </span>
        )}
      </div>
      <div
        ref={scrollRef}
        className="table-scroll"
        role="grid"
        aria-label={label}
        aria-rowcount={keep ? -1 : (count?.total ?? rows.length) + 1}
        aria-colcount={leafColumns.length}
        aria-activedescendant={shown.length ? cellId(active.row, active.column) : undefined}
        aria-busy={loadingMore}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(event) => onScrollTopChange?.(event.currentTarget.scrollTop)}
        data-testid="grid"
      >
        <div className="table-header" role="row" aria-rowindex={1}>
          {table.getHeaderGroups()[0]?.headers.map((header) => {
            const meta = header.column.columnDef.meta as ColumnMeta;
            const direction = sortDirection(view.sort, header.column.id);
            return (
              <div
                key={header.id}
                role="columnheader"
                className="cell header-cell"
                aria-sort={meta.sortable ? (direction ?? 'none') : undefined}
                style={{ width: header.getSize() }}
              >
                {meta.sortable ? (
                  <button
                    type="button"
                    className="sort-button"
                    title={t('table.sortBy', { column: meta.label })}
                    onClick={() => onSortChange(nextSort(view.sort, header.column.id))}
                  >
                    {meta.label}
                    <span aria-hidden="true">
                      {direction === 'descending' ? ' ▼' : direction === 'ascending' ? ' ▲' : ''}
                    </span>
                  </button>
                ) : (
                  <span>{meta.label}</span>
                )}
                <div
                  className="resizer"
                  onMouseDown={header.getResizeHandler()}
                  onTouchStart={header.getResizeHandler()}
                  aria-hidden="true"
                />
              </div>
            );
          })}
        </div>
        <div className="table-body" style={{ height: virtualizer.getTotalSize(), width }}>
          {items.map((item) => {
            const row = table.getRowModel().rows[item.index];
            const style = { transform: `translateY(${item.start}px)`, width };
            if (!row) {
              return error ? (
                <div key={item.key} className="table-row error-row" role="row" style={style}>
                  <span role="alert">
                    {t('table.error', { message: describeFailure(t, language, error) })}
                  </span>
                  <button
                    type="button"
                    onClick={() => void retry(() => (rows.length ? pages.fetchNextPage() : pages.refetch()))}
                  >
                    {t('table.retry')}
                  </button>
                </div>
              ) : (
                <div
                  key={item.key}
                  className="table-row skeleton-row"
                  role="row"
                  aria-label={t('table.loading')}
                  style={style}
                >
                  {leafColumns.map((column) => (
                    <span key={column.id} className="cell skeleton" style={{ width: column.getSize() }} />
                  ))}
                </div>
              );
            }
            const selected =
              anchor !== undefined &&
              item.index >= Math.min(anchor, active.row) &&
              item.index <= Math.max(anchor, active.row);
            return (
              <div
                key={item.key}
                className={`table-row${selected ? ' selected' : ''}${onOpenRow ? ' openable' : ''}`}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected || undefined}
                data-testid="row"
                title={onOpenRow ? t('table.openCustomer') : undefined}
                style={style}
                onClick={() => (onOpenRow ? onOpenRow(row.original) : undefined)}
              >
                {row.getVisibleCells().map((cell, column) => (
                  <div
                    key={cell.id}
                    id={cellId(item.index, column)}
                    role="gridcell"
                    className={`cell${active.row === item.index && active.column === column ? ' active' : ''}`}
                    style={{ width: cell.column.getSize() }}
                    onMouseDown={() => setActive({ row: item.index, column })}
                  >
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        {!pages.isFetching && shown.length === 0 && !error && <p className="empty">{t('table.empty')}</p>}
      </div>
    </section>
  );
}
