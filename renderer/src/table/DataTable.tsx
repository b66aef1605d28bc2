import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterCondition } from '../../../electron/shared/filter';
import type { ApiRecord } from '../../../electron/shared/schema';
import { settingsQuery, type ListView } from '../data/queries';
import { useApi } from '../api/context';
import { FilterBar } from './FilterBar';
import { highlighterOf } from './grid/highlight';
import { TableBody } from './grid/TableBody';
import { TableError } from './TableError';
import { WalkProgress } from './WalkProgress';
import { RecordPanel } from './record-panel/RecordPanel';
import { TableHeader } from './grid/TableHeader';
import { TableToolbar } from './TableToolbar';
import type { Language } from '../../../electron/shared/api-rules';
import { failureLine } from '../ui/describe-failure';
import { numberFormat } from '../i18n/intl';
import { useCopyText } from '../data/clipboard';
import { useCommand } from '../keyboard/commands';
import { useGridKeyboard } from './grid/useGridKeyboard';
import { RowPlace, rowsOnScreen, scrollRowIntoView } from './grid/row-viewport';
import { useTableColumns } from './columns/useTableColumns';
import { useTablePlace, type TablePlace } from './grid/useTablePlace';
import { useViewRows } from './useViewRows';

/** A row's height in each density of the settings (the rows' CSS takes it from `--row-height`). */
const ROW_HEIGHTS = { standard: 32, compact: 28 } as const;
/**
 * Rows drawn beyond each edge of the screen, and the chunk the drawn rows move by: each one more is
 * a row rewritten at every flick, for no row a person sees (docs/architecture.md, "Drawing the rows").
 */
const OVERSCAN = 4;

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
  /** Told where the user is at each scroll and move of the active cell (to reopen there after a restart). */
  onMove?: (place: TablePlace) => void;
  /** Opens a customer by id (the record panel's link from a contact or an agreement). */
  onOpenCustomer?: (customerId: string) => void;
}

export type { TablePlace };

/**
 * The one data table of every view (docs/architecture.md, "How a page reaches the screen"): the rows of the view (useViewRows),
 * sized for the whole view from the start and only those near the screen in the DOM (TableBody,
 * the one component that follows the scroll position), server sorting on the spec's sortable
 * fields (TanStack Table's manual sorting), columns and labels from the schema, the grid's keyboard
 * (useGridKeyboard). This component renders when rows arrive or the user acts, never per scroll.
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
  onMove,
  onOpenCustomer,
}: DataTableProps) {
  const { t, i18n } = useTranslation();
  const gridId = useId();
  const copyText = useCopyText();
  const rows = useViewRows(view, filter, pageSize);
  const { source, error, filtered } = rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = ROW_HEIGHTS[useQuery(settingsQuery(useApi())).data?.density ?? 'standard'];
  /** Copies a cell's, a selection's or a record field's text, and says so in the toolbar. */
  const copyValue = (text: string) =>
    void copyText(text).then(
      () => rows.setNotice(t('table.copied')),
      (failure: unknown) =>
        rows.setNotice(t('table.copyFailed', { reason: failureLine(t, i18n.language as Language, failure) })),
    );
  const [place] = useState(() => new RowPlace());
  /** The table's own commands act on it when it holds the focus (or it is the first on the page). */
  const scope = useRef<HTMLElement>(null);
  const scrollToRow = (index: number) =>
    scrollRef.current && scrollRowIntoView(scrollRef.current, source.rowCount, rowHeight, index);
  const { table, drawnColumns, fit, layout, resetLayout } = useTableColumns({
    view,
    rows,
    scrollRef,
    onSortChange,
  });
  const leafColumns = table.getVisibleLeafColumns();
  const grid = useGridKeyboard({
    rowCount: source.rowCount,
    rowAt: (index) => source.rowAt(index),
    columns: leafColumns.map((column) => column.id),
    textOf: rows.textOf,
    scrollToRow,
    copyText: copyValue,
    onOpenRow,
    resetOn: view.sort,
    initialActive: initialPlace?.active,
  });
  const [recordShown, setRecordShown] = useState(false);
  useCommand('table.record', () => setRecordShown((shown) => !shown), { scope });
  const cellId = useCallback((row: number, column: number) => `${gridId}-r${row}-c${column}`, [gridId]);
  const highlight = useMemo(() => highlighterOf(filter), [filter]);

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
      rows.setNotice(
        t('table.placePastEnd', {
          count: source.rowCount,
          total: numbers.format(source.rowCount),
          row: numbers.format(row + 1),
        }),
      );
    },
  });
  /** Makes row `index` (from 0) the active one, on screen, with the keyboard in the grid. */
  const goToRow = (index: number) => {
    grid.setActive({ row: index, column: grid.active.column });
    scrollToRow(index);
    scrollRef.current?.focus({ preventScroll: true });
  };

  /** The records on screen now (fitting a column to what it shows). */
  const recordsOnScreen = () => {
    if (!scrollRef.current) return [];
    const { first, last } = rowsOnScreen(scrollRef.current, source.rowCount, rowHeight);
    const records: ApiRecord[] = [];
    for (let index = first; index <= last; index++) {
      const record = source.rowAt(index);
      if (record) records.push(record);
    }
    return records;
  };

  /** Stops a far jump being walked, and shows the row it reached (its cursors are kept). */
  const cancelWalk = () => {
    const reached = rows.cancelWalk();
    if (reached !== undefined) goToRow(reached);
  };

  return (
    // The rows held in memory, for the end-to-end test that memory stays bounded at any depth.
    <section
      ref={scope}
      className="data-table"
      aria-label={label}
      data-held-rows={source.held}
      style={{ '--row-height': `${rowHeight}px` } as CSSProperties}
    >
      {title && <h3 className="table-title">{title}</h3>}
      <FilterBar
        table={label}
        columns={rows.filterColumns}
        filter={filter}
        onChange={onFilterChange}
        scope={scope}
      />
      <TableToolbar
        table={table}
        rows={rows}
        view={view}
        filter={filter}
        label={label}
        layout={layout}
        onResetLayout={resetLayout}
        place={place}
        onGoToRow={(row) => goToRow(row - 1)}
        recordShown={recordShown}
        onToggleRecord={() => setRecordShown((shown) => !shown)}
        scope={scope}
      />
      <TableError rows={rows} />
      {rows.walk && <WalkProgress progress={rows.walk} onCancel={cancelWalk} />}
      <div className="table-and-record">
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
            // Escape that closes something here is not the app's Back.
            if (event.key === 'Escape' && (rows.walk || recordShown)) {
              event.preventDefault();
              if (rows.walk) cancelWalk();
              else setRecordShown(false);
            } else if (event.key === ' ' && !event.ctrlKey && !event.metaKey) {
              // Space shows the active row's record beside the table (a list's own key: no page scroll).
              event.preventDefault();
              setRecordShown(true);
            } else grid.onKeyDown(event);
          }}
          onScroll={(event) => {
            const scroller = event.currentTarget;
            keepPlace(scroller.scrollTop);
            // The rows' first cells stay in view only while it is scrolled sideways (table.css).
            scroller.toggleAttribute('data-sideways', scroller.scrollLeft > 0);
          }}
          data-testid="grid"
        >
          <TableHeader
            table={table}
            // Fitted to the rows on screen and the sample the table was first sized on.
            onFit={(key) => {
              const width = fit(key, [...recordsOnScreen(), ...(rows.firstRows ?? [])]);
              if (width !== undefined) table.setColumnSizing((current) => ({ ...current, [key]: width }));
            }}
          />
          <TableBody
            scrollRef={scrollRef}
            source={source}
            rowHeight={rowHeight}
            overscan={OVERSCAN}
            place={place}
            openAt={openingAt}
            columns={drawnColumns}
            textOf={rows.textOf}
            highlight={highlight}
            active={grid.active}
            selection={grid.selection}
            cellId={cellId}
            onActivate={grid.setActive}
            onOpenRow={onOpenRow}
          />
          {!source.loading && source.rowCount === 0 && !error && <p className="empty">{t('table.empty')}</p>}
        </div>
        {recordShown && (
          <RecordPanel
            resource={view.resource}
            record={source.rowAt(grid.active.row)}
            fields={rows.filterColumns}
            textOf={rows.textOf}
            onCopy={copyValue}
            onOpenCustomer={onOpenCustomer}
            onClose={() => {
              setRecordShown(false);
              scrollRef.current?.focus({ preventScroll: true });
            }}
          />
        )}
      </div>
    </section>
  );
}
