import { memo, useEffect, useRef, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '../../../../electron/shared/schema';
import type { Highlighter } from './highlight';
import type { GridPosition } from './place-keeper';
import type { RowPlace } from './row-viewport';
import { useRowViewport } from './useRowViewport';
import type { RowSource } from '../../rows';

/** A visible column as a drawn row needs it: its key and width. */
export interface DrawnColumn {
  id: string;
  width: number;
}

export interface TableBodyProps {
  scrollRef: React.RefObject<HTMLElement | null>;
  source: RowSource;
  rowHeight: number;
  overscan: number;
  /** Told where the rows stand at each scroll and render (the toolbar's position text). */
  place: RowPlace;
  /** The row the table is being opened at (a view come back to), while it is: its rows are drawn first. */
  openAt?: number;
  /** The visible columns, in order (the same array while they are unchanged: rows compare it). */
  columns: readonly DrawnColumn[];
  /** The text a cell of column `key` shows for `record`. */
  textOf: (key: string, record: ApiRecord) => string;
  /** What the filter marks in the cells, if it looks for anything. */
  highlight?: Highlighter;
  active: GridPosition;
  /** The rows selected with Shift, first to last, if any. */
  selection: { from: number; to: number } | undefined;
  cellId: (row: number, column: number) => string;
  onActivate: (position: GridPosition) => void;
  onOpenRow?: (record: ApiRecord) => void;
}

/**
 * The rows of a data table near the screen (useRowViewport), and placeholders for those still being
 * read. This component alone follows the scroll position: a scroll re-renders it only when the
 * drawn rows change, and then each row only if its record, place or state changed (memoized rows).
 * A row's key cycles through as many keys as rows can be drawn, so a row that enters the screen
 * takes the elements of one that left (its cells' text is replaced, as a recycled grid does), and
 * stripes come from the row's index, not its place among its siblings.
 */
export const TableBody = memo(function TableBody({
  scrollRef,
  source,
  rowHeight,
  overscan,
  place,
  openAt,
  columns,
  textOf,
  highlight,
  active,
  selection,
  cellId,
  onActivate,
  onOpenRow,
}: TableBodyProps) {
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const { drawn, keys, height } = useRowViewport(
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

  const rowOf = (event: MouseEvent) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    return element ? Number(element.dataset.index) : undefined;
  };
  const openLabel = onOpenRow ? t('table.openCustomer') : undefined;
  const loadingLabel = t('table.loading');
  const rows = [];
  for (let index = from; index <= to; index++) {
    const record = source.rowAt(index);
    rows.push(
      <TableRow
        key={index % keys}
        index={index}
        top={(index - anchor) * rowHeight}
        width={width}
        record={record}
        columns={columns}
        textOf={textOf}
        highlight={highlight}
        activeColumn={active.row === index ? active.column : -1}
        selected={selection !== undefined && index >= selection.from && index <= selection.to}
        openable={Boolean(onOpenRow)}
        cellId={cellId}
        labels={record ? openLabel : loadingLabel}
      />,
    );
  }
  return (
    <div
      className="table-body"
      style={{ height, width }}
      onMouseDown={(event) => {
        const row = rowOf(event);
        const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column]');
        if (row !== undefined && cell) onActivate({ row, column: Number(cell.dataset.column) });
      }}
      // A click selects the cell (its text can be selected and copied); the id, a double-click or
      // Enter opens the customer.
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest(`.${OPENS_CLASS}`)) return;
        const row = rowOf(event);
        const record = row === undefined ? undefined : source.rowAt(row);
        if (record && onOpenRow) onOpenRow(record);
      }}
      onDoubleClick={(event) => {
        const row = rowOf(event);
        const record = row === undefined ? undefined : source.rowAt(row);
        if (record && onOpenRow) {
          // The double-click's word selection is not what the user asked for.
          window.getSelection()?.removeAllRanges();
          onOpenRow(record);
        }
      }}
    >
      <div ref={layerRef} className="table-rows">
        {rows}
      </div>
    </div>
  );
});

interface TableRowProps {
  index: number;
  /** Where the row stands in the rows' layer. */
  top: number;
  width: number;
  /** Undefined while it is being read: a placeholder of empty cells. */
  record: ApiRecord | undefined;
  columns: readonly DrawnColumn[];
  textOf: (key: string, record: ApiRecord) => string;
  highlight: Highlighter | undefined;
  /** The active cell's column when it is in this row, else −1. */
  activeColumn: number;
  selected: boolean;
  openable: boolean;
  cellId: (row: number, column: number) => string;
  /** The row's title (opens a customer), or a placeholder's name ("Loading…"). */
  labels: string | undefined;
}

/** One row: its cells as the columns' formatters write them, or a placeholder's empty cells. */
const TableRow = memo(function TableRow({
  index,
  top,
  width,
  record,
  columns,
  textOf,
  highlight,
  activeColumn,
  selected,
  openable,
  cellId,
  labels,
}: TableRowProps) {
  const style = { transform: `translateY(${top}px)`, width };
  const stripe = index % 2 === 1 ? ' odd' : '';
  if (!record) {
    return (
      <div
        className={`table-row skeleton-row${stripe}`}
        role="row"
        aria-rowindex={index + 2}
        aria-label={labels}
        style={style}
      >
        {columns.map((column) => (
          // A row holds cells (WAI-ARIA grid): a placeholder's are empty cells, of the same element
          // as a record's, which take them over when its record arrives (no cell made anew).
          <div key={column.id} role="gridcell" className="cell skeleton" style={{ width: column.width }} />
        ))}
      </div>
    );
  }
  return (
    <div
      className={`table-row${stripe}${selected ? ' selected' : ''}${openable ? ' openable' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected || undefined}
      data-testid="row"
      data-index={index}
      style={style}
    >
      {columns.map((column, position) => (
        <div
          key={column.id}
          // Only the active cell is named (the grid's aria-activedescendant): an id on every cell
          // was a third of the script's work per row scrolled, rewritten on each recycled row.
          id={position === activeColumn ? cellId(index, position) : undefined}
          role="gridcell"
          data-column={position}
          className={`cell${position === activeColumn ? ' active' : ''}${openable && column.id === 'id' ? ` ${OPENS_CLASS}` : ''}`}
          title={openable && column.id === 'id' ? labels : undefined}
          style={{ width: column.width }}
        >
          {marked(textOf(column.id, record), column.id, highlight)}
        </div>
      ))}
    </div>
  );
});

/** The cell whose click opens the row's customer: its id, written as a link is. */
const OPENS_CLASS = 'opens';

/** A cell's text with what the filter looks for marked (<mark>), or the text alone. */
function marked(text: string, columnKey: string, highlight: Highlighter | undefined): ReactNode {
  const ranges = highlight?.(columnKey, text);
  if (!ranges?.length) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
