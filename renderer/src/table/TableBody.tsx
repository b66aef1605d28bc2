import type { Row } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '../../../electron/shared/schema';
import type { DataTableInstance, TABLE_FEATURES } from './columns';
import type { useGridKeyboard } from './useGridKeyboard';

export interface TableBodyProps {
  table: DataTableInstance;
  /**
   * The rows on screen (and a few around them): the only ones in the DOM, each with its place in
   * the view, its top in the rows' area, and its TanStack row once read.
   */
  items: { index: number; top: number; row: Row<typeof TABLE_FEATURES, ApiRecord> | undefined }[];
  /** The height all rows would take. */
  height: number;
  grid: ReturnType<typeof useGridKeyboard>;
  cellId: (row: number, column: number) => string;
  onOpenRow?: (record: ApiRecord) => void;
}

/** The rows of a data table on screen, then, past the loaded ones, placeholders while the next page comes. */
export function TableBody({ table, items, height, grid, cellId, onOpenRow }: TableBodyProps) {
  const { t } = useTranslation();
  const leafColumns = table.getVisibleLeafColumns();
  const width = leafColumns.reduce((sum, column) => sum + column.getSize(), 0);
  return (
    <div className="table-body" style={{ height, width }}>
      {items.map((item) => {
        const { row } = item;
        const style = { transform: `translateY(${item.top}px)`, width };
        if (!row) {
          return (
            <div
              key={item.index}
              className="table-row skeleton-row"
              role="row"
              aria-rowindex={item.index + 2}
              aria-label={t('table.loading')}
              style={style}
            >
              {leafColumns.map((column) => (
                // A row holds cells (WAI-ARIA grid): a placeholder's are empty cells.
                <span
                  key={column.id}
                  role="gridcell"
                  className="cell skeleton"
                  style={{ width: column.getSize() }}
                />
              ))}
            </div>
          );
        }
        const selected = grid.isSelected(item.index);
        return (
          <div
            key={item.index}
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
                className={`cell${grid.active.row === item.index && grid.active.column === column ? ' active' : ''}`}
                style={{ width: cell.column.getSize() }}
                onMouseDown={() => grid.setActive({ row: item.index, column })}
              >
                <table.FlexRender cell={cell} />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
