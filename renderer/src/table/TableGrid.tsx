import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '@shared/schema';
import type { DataTableInstance } from './columns/table-columns';
import type { ColumnEdits } from './columns/useTableColumns';
import type { DrawnColumn } from './columns/column-shapes';
import type { GridDrawing } from './grid/grid-drawing';
import { useFitColumn } from './grid/useFitColumn';
import { TableBody } from './grid/TableBody';
import { TableHeader } from './grid/TableHeader';
import { GridMenu } from './GridMenu';
import { useGridMenu } from './useGridMenu';
import type { useGridKeyboard } from './grid/useGridKeyboard';
import type { ViewRows } from './view/useViewRows';
import type { ValueFilter } from './filter-by-value';

interface TableGridProps {
  drawing: GridDrawing;
  label: string;
  rows: ViewRows;
  columns: {
    table: DataTableInstance;
    drawn: readonly DrawnColumn[];
    /** The width that fits column `key` to `records`, if it has one. */
    fit: (key: string, records: ApiRecord[]) => number | undefined;
    edits: ColumnEdits;
  };
  grid: ReturnType<typeof useGridKeyboard>;
  /** Told the scroll position at each scroll (the table keeps its place). */
  onScrolled: (scrollTop: number) => void;
  onOpenRow: ((record: ApiRecord) => void) | undefined;
  onShowRecord: () => void;
  /** Row `row`'s value in the visible column at `column` as a filter's condition (filter-by-value.ts). */
  valueFilter: ValueFilter;
  onValues: (key: string) => void;
  /** What Escape closes here, if anything (else it is the app's Back). */
  onEscape: (() => void) | undefined;
}

/**
 * A data table's grid: the box that scrolls, its header row and the rows near the screen, with the
 * grid's keys (useGridKeyboard) and the list's own (Space shows the record, Escape closes what is
 * open over it).
 */
export function TableGrid({
  drawing,
  label,
  rows,
  columns,
  grid,
  onScrolled,
  onOpenRow,
  onShowRecord,
  valueFilter,
  onValues,
  onEscape,
}: TableGridProps) {
  const { t } = useTranslation();
  const { source, error, filtered } = rows;
  const { table } = columns;
  const { scrollRef, cellId, rowHeight } = drawing;
  const menu = useGridMenu(scrollRef, grid, cellId);
  const fitColumn = useFitColumn(scrollRef, rows, rowHeight, columns);
  return (
    <div
      ref={scrollRef}
      className="table-scroll"
      role="grid"
      aria-label={label}
      aria-rowcount={filtered ? -1 : source.rowCount + 1}
      aria-colcount={table.getVisibleLeafColumns().length}
      aria-activedescendant={
        source.rowAt(grid.active.row) ? cellId(grid.active.row, grid.active.column) : undefined
      }
      aria-busy={source.loading}
      tabIndex={0}
      onContextMenu={menu.onContextMenu}
      onKeyDown={(event) => {
        if (menu.onMenuKey(event)) return;
        if (event.key === 'Escape' && onEscape) {
          event.preventDefault();
          onEscape();
        } else if (event.key === ' ' && !event.ctrlKey && !event.metaKey) {
          // Space shows the active row's record beside the table (a list's own key: no page scroll).
          event.preventDefault();
          onShowRecord();
        } else grid.onKeyDown(event);
      }}
      onScroll={(event) => {
        const scroller = event.currentTarget;
        onScrolled(scroller.scrollTop);
        // The rows' pinned cells stay in view only while it is scrolled sideways (table.css).
        scroller.toggleAttribute('data-sideways', scroller.scrollLeft > 0);
      }}
      data-testid="grid"
    >
      <TableHeader table={table} drawn={columns.drawn} onFit={fitColumn} />
      <TableBody
        drawing={drawing}
        source={source}
        columns={columns.drawn}
        active={grid.active}
        selection={grid.selection}
        onActivate={grid.setActive}
        onOpenRow={onOpenRow}
      />
      {!source.loading && source.rowCount === 0 && !error && <p className="empty">{t('table.empty')}</p>}
      {menu.menu && (
        <GridMenu
          target={menu.menu}
          table={table}
          edits={columns.edits}
          onCopy={(format) => grid.copy(format === 'cell' ? 'tsv' : format)}
          onShowRecord={onShowRecord}
          onFit={fitColumn}
          onResize={menu.focusResizer}
          valueFilter={valueFilter}
          onValues={onValues}
          onClose={menu.close}
        />
      )}
    </div>
  );
}
