import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMN_WIDTH } from '../columns/column-widths';
import type { ColumnMeta, DataTableInstance } from '../columns/table-columns';
import { ariaSort } from '../columns/sorting';
import type { DrawnColumn } from '../columns/column-shapes';
import { PIN_LEFT } from './cell-writing';

/**
 * The header row of a data table: each column's label, a sort button on the columns the API can
 * sort by (TanStack's manual sorting: the new order is asked of the server), and its edge: dragged,
 * or focused and moved with the arrow keys (WCAG 2.2 SC 2.5.7: dragging has a keyboard
 * alternative; the WAI-ARIA window splitter pattern), double-clicked or Enter to fit the content.
 * A pinned column's header stays in view as its cells do; the grid's menu pins and sorts.
 */
export function TableHeader({
  table,
  drawn,
  onFit,
}: {
  table: DataTableInstance;
  /** The drawn columns, in the header's order: where a pinned one stays. */
  drawn: readonly DrawnColumn[];
  /** Fits column `key` to what it shows. */
  onFit: (key: string) => void;
}) {
  const { t } = useTranslation();
  const resizeByKeyboard = (key: string, size: number) => (event: KeyboardEvent) => {
    const step = event.shiftKey ? COLUMN_WIDTH.step * 5 : COLUMN_WIDTH.step;
    const change = { ArrowLeft: -step, ArrowRight: step }[event.key];
    // The grid around it moves its active cell with the same keys: they are this handle's here.
    if (change !== undefined || event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
    }
    if (event.key === 'Enter') onFit(key);
    // Esc or Tab gives the keyboard back to the table (the edge is reached from the grid's menu).
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      (event.currentTarget as HTMLElement).closest<HTMLElement>('[role="grid"]')?.focus();
    }
    if (change === undefined) return;
    // From the width the last press left, not the one drawn: a held key repeats faster than the
    // header redraws, and each press must count.
    table.setColumnSizing((current) => {
      const width = (current[key] ?? size) + change;
      return { ...current, [key]: Math.min(COLUMN_WIDTH.fitMax, Math.max(COLUMN_WIDTH.min, width)) };
    });
  };
  return (
    <div className="table-header" role="row" aria-rowindex={1}>
      {table.getHeaderGroups()[0]?.headers.map((header, position) => {
        const { column } = header;
        const left = drawn[position]?.left;
        const pinned = left !== undefined;
        const { label } = column.columnDef.meta as ColumnMeta;
        const sortable = column.getCanSort();
        const direction = column.getIsSorted();
        return (
          <div
            key={header.id}
            role="columnheader"
            // Named by its label alone (its edge's own name is not part of the column's).
            aria-label={label}
            className={`cell header-cell${pinned ? ' pinned' : ''}`}
            aria-sort={sortable ? ariaSort(direction) : undefined}
            style={{ width: header.getSize(), ...(left !== undefined && { [PIN_LEFT]: `${left}px` }) }}
            data-column={position}
          >
            {sortable ? (
              <button
                type="button"
                // No stop of Tab (the table is one): the grid's menu sorts from the keyboard.
                tabIndex={-1}
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
              role="separator"
              aria-orientation="vertical"
              aria-label={t('table.resize', { column: label })}
              aria-valuenow={Math.round(header.getSize())}
              aria-valuemin={COLUMN_WIDTH.min}
              aria-valuemax={COLUMN_WIDTH.fitMax}
              title={t('table.resizeHint')}
              tabIndex={-1}
              data-resizes={column.id}
              onMouseDown={header.getResizeHandler()}
              onTouchStart={header.getResizeHandler()}
              onDoubleClick={() => onFit(column.id)}
              onKeyDown={resizeByKeyboard(column.id, header.getSize())}
            />
          </div>
        );
      })}
    </div>
  );
}
