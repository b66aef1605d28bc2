import type { VirtualItem } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import type { ApiRecord } from '../../../electron/shared/schema';
import { describeFailure } from '../app/describe-failure';
import { useRetry } from '../data/queries';
import type { DataTableInstance } from './columns';
import type { useGridKeyboard } from './useGridKeyboard';
import type { ViewRows } from './useViewRows';

export interface TableBodyProps {
  table: DataTableInstance;
  rows: ViewRows;
  /** The rows on screen (and a few around them): the only ones in the DOM. */
  items: VirtualItem[];
  /** The height all rows would take. */
  height: number;
  grid: ReturnType<typeof useGridKeyboard>;
  cellId: (row: number, column: number) => string;
  onOpenRow?: (record: ApiRecord) => void;
}

/**
 * The rows of a data table on screen, then, past the loaded ones, placeholders while the next page
 * comes, or the error that stopped it with Retry.
 */
export function TableBody({ table, rows, items, height, grid, cellId, onOpenRow }: TableBodyProps) {
  const { t, i18n } = useTranslation();
  const retry = useRetry();
  const leafColumns = table.getVisibleLeafColumns();
  const width = leafColumns.reduce((sum, column) => sum + column.getSize(), 0);
  const { error, pages } = rows;
  const modelRows = table.getRowModel().rows;
  return (
    <div className="table-body" style={{ height, width }}>
      {items.map((item) => {
        const row = modelRows[item.index];
        const style = { transform: `translateY(${item.start}px)`, width };
        if (!row) {
          return error ? (
            <div key={item.key} className="table-row error-row" role="row" style={style}>
              <span role="alert">
                {t('table.error', { message: describeFailure(t, i18n.language as Language, error) })}
              </span>
              <button
                type="button"
                onClick={() => void retry(() => (rows.rows.length ? pages.fetchNextPage() : pages.refetch()))}
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
        const selected = grid.isSelected(item.index);
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
