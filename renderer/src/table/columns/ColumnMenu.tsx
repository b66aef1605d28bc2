import type { ReactTable } from '@tanstack/react-table';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '../../../../electron/shared/schema';
import { useCommand, useShortcutHint } from '../../keyboard/commands';
import { canMove, moveAmongVisible } from './column-order';
import type { ColumnMeta, TABLE_FEATURES } from './table-columns';

/** Show, hide and reorder a table's columns (widths are dragged on the headers); kept per view. */
export function ColumnMenu({
  table,
  onReset,
  scope,
}: {
  table: ReactTable<typeof TABLE_FEATURES, ApiRecord>;
  onReset: () => void;
  /** The table: Alt+C (⌃C on macOS) there opens the menu, the keyboard on its first column. */
  scope: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  useCommand(
    'table.columns',
    () => {
      if (!menu.current) return;
      menu.current.open = true;
      menu.current.querySelector<HTMLInputElement>('input')?.focus();
    },
    { scope },
  );
  const hint = useShortcutHint('table.columns', t('shortcuts.names.table.columns'));
  const columns = table.getAllLeafColumns();
  const order = columns.map((column) => column.id);
  const visible = new Set(table.getVisibleLeafColumns().map((column) => column.id));
  const move = (id: string, by: -1 | 1) => table.setColumnOrder(moveAmongVisible(order, visible, id, by));
  return (
    <details
      ref={menu}
      className="column-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menu.current?.open) return;
        // Escape closes the menu, back on its button, and is not also the app's Back (which took
        // the window away from the list it was on).
        event.preventDefault();
        menu.current.open = false;
        menu.current.querySelector('summary')?.focus();
      }}
    >
      <summary {...hint}>{t('table.columns')}</summary>
      <ul>
        {columns.map((column) => {
          const label = (column.columnDef.meta as ColumnMeta).label;
          return (
            <li key={column.id}>
              <label>
                <input
                  type="checkbox"
                  checked={column.getIsVisible()}
                  onChange={(event) => column.toggleVisibility(event.target.checked)}
                />
                {t('table.show', { column: label })}
              </label>
              <button
                type="button"
                aria-label={t('table.moveLeft', { column: label })}
                disabled={!canMove(order, visible, column.id, -1)}
                onClick={() => move(column.id, -1)}
              >
                ←
              </button>
              <button
                type="button"
                aria-label={t('table.moveRight', { column: label })}
                disabled={!canMove(order, visible, column.id, 1)}
                onClick={() => move(column.id, 1)}
              >
                →
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={onReset}>
        {t('table.reset')}
      </button>
    </details>
  );
}
