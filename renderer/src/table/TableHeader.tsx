import { useTranslation } from 'react-i18next';
import type { ColumnMeta, DataTableInstance } from './columns';
import { ariaSort } from './sorting';

/**
 * The header row of a data table: each column's label, a sort button on the columns the API can
 * sort by (TanStack's manual sorting: the new order is asked of the server), and its resize handle.
 */
export function TableHeader({ table }: { table: DataTableInstance }) {
  const { t } = useTranslation();
  return (
    <div className="table-header" role="row" aria-rowindex={1}>
      {table.getHeaderGroups()[0]?.headers.map((header) => {
        const { column } = header;
        const { label } = column.columnDef.meta as ColumnMeta;
        const sortable = column.getCanSort();
        const direction = column.getIsSorted();
        return (
          <div
            key={header.id}
            role="columnheader"
            className="cell header-cell"
            aria-sort={sortable ? ariaSort(direction) : undefined}
            style={{ width: header.getSize() }}
          >
            {sortable ? (
              <button
                type="button"
                className="sort-button"
                title={t('table.sortBy', { column: label })}
                onClick={column.getToggleSortingHandler()}
              >
                {label}
                <span aria-hidden="true">
                  {direction === 'desc' ? ' ▼' : direction === 'asc' ? ' ▲' : ''}
                </span>
              </button>
            ) : (
              <span>{label}</span>
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
  );
}
