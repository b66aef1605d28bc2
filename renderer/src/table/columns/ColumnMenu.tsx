import type { ReactTable } from '@tanstack/react-table';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRecord } from '@shared/schema';
import { useCommand, useShortcutHint } from '../../keyboard/commands';
import type { ColumnMeta, TABLE_FEATURES } from './table-columns';
import type { ColumnEdits } from './useTableColumns';

export interface ColumnMenuProps {
  table: ReactTable<typeof TABLE_FEATURES, ApiRecord>;
  edits: ColumnEdits;
  onReset: () => void;
  /** Opens the table's colour rules. */
  onColourRules: () => void;
  /** The table: Alt+C (⌃C on macOS) there opens the menu, the keyboard on its first column. */
  scope: RefObject<HTMLElement | null>;
}

/**
 * Show, hide, pin and reorder a table's columns (widths are dragged on the headers), and the way to
 * its colour rules; kept per view.
 */
export function ColumnMenu({ table, edits, onReset, onColourRules, scope }: ColumnMenuProps) {
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
  const first = columns[0]?.id;
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
      {/* Over the table, under its button: open inline, it pushed the toolbar into a tall band. */}
      <div className="column-panel">
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
                  disabled={!edits.canMove(column.id, -1)}
                  onClick={() => edits.move(column.id, -1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  aria-label={t('table.moveRight', { column: label })}
                  disabled={!edits.canMove(column.id, 1)}
                  onClick={() => edits.move(column.id, 1)}
                >
                  →
                </button>
                {column.id !== first && (
                  <button
                    type="button"
                    className="pin-button"
                    aria-pressed={edits.isPinned(column.id)}
                    aria-label={t('table.pin', { column: label })}
                    onClick={() => edits.togglePin(column.id)}
                  >
                    {/* A word, not 📌: without an emoji font that was an empty box. */}
                    <span aria-hidden="true">
                      {edits.isPinned(column.id) ? t('table.pinnedShort') : t('table.pinShort')}
                    </span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <button type="button" onClick={onReset}>
          {t('table.reset')}
        </button>
        <button
          type="button"
          onClick={() => {
            if (menu.current) menu.current.open = false;
            onColourRules();
          }}
        >
          {t('shortcuts.names.table.colourRules')}
        </button>
      </div>
    </details>
  );
}
