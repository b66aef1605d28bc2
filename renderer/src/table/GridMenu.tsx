import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ContextMenu, type MenuItem } from '../ui/ContextMenu';
import type { CopyFormat } from '../ui/copy-formats';
import type { ColumnMeta, DataTableInstance } from './columns/table-columns';
import type { ColumnEdits } from './columns/useTableColumns';
import { gridMenuActions, type GridMenuAction } from './grid-menu';
import type { ValueFilter } from './filter-by-value';

/** "Only rows where City is “Lyon”", "Leave out rows where Phone is empty": the menu's and the command box's words. */
export function valueFilterLabel(
  t: TFunction,
  kind: 'onlyValue' | 'excludeValue',
  column: string,
  text: string,
): string {
  const shown = text.length > VALUE_SHOWN_MAX ? `${text.slice(0, VALUE_SHOWN_MAX - 1)}…` : text;
  return shown ? t(`gridMenu.${kind}`, { column, value: shown }) : t(`gridMenu.${kind}Empty`, { column });
}

/** The longest value a menu item says in full: a street address would make it as wide as the window. */
const VALUE_SHOWN_MAX = 40;

/** Where the grid's menu was opened: on a cell or a header of the visible column at `column`. */
export interface GridMenuTarget {
  where: 'cell' | 'header';
  column: number;
  /** The row of the cell it was opened on. */
  row?: number;
  at: { x: number; y: number };
}

interface GridMenuProps {
  target: GridMenuTarget;
  table: DataTableInstance;
  edits: ColumnEdits;
  /** Copies the selection (or the active row) in `format`; 'cell': as Ctrl+C does. */
  onCopy: (format: CopyFormat | 'cell') => void;
  onShowRecord: () => void;
  onFit: (key: string) => void;
  /** Gives the keyboard to column `key`'s edge: the arrow keys resize it. */
  onResize: (key: string) => void;
  /** The cell's value as a filter's condition, only it or all but it (filter-by-value.ts). */
  valueFilter: ValueFilter;
  /** Shows column `key`'s values summed up. */
  onValues: (key: string) => void;
  onClose: () => void;
}

/** The grid's context menu (grid-menu.ts says what it offers), in the language shown. */
export function GridMenu({
  target,
  table,
  edits,
  onCopy,
  onShowRecord,
  onFit,
  onResize,
  valueFilter,
  onValues,
  onClose,
}: GridMenuProps) {
  const { t } = useTranslation();
  const column = table.getVisibleLeafColumns()[target.column];
  if (!column) return null;
  const { label } = column.columnDef.meta as ColumnMeta;
  const first = table.getAllLeafColumns()[0]?.id === column.id;
  const actions = gridMenuActions(target.where, {
    first,
    pinned: edits.isPinned(column.id),
    sortable: column.getCanSort(),
  });
  const direction = column.getIsSorted();
  const itemOf = (action: GridMenuAction): MenuItem => {
    switch (action.kind) {
      case 'copy':
        return {
          key: `copy-${action.format}`,
          label: action.format === 'cell' ? t('gridMenu.copy') : t(`copy.${action.format}`),
          run: () => onCopy(action.format),
        };
      case 'sort': {
        const word = action.descending ? 'sortDescending' : 'sortAscending';
        return {
          key: word,
          label: t(`gridMenu.${word}`, { column: label }),
          // The order it is in already cannot be chosen again.
          disabled: direction === (action.descending ? 'desc' : 'asc'),
          run: () => column.toggleSorting(action.descending),
        };
      }
      case 'pin':
      case 'unpin':
        return {
          key: 'pin',
          label: t(`table.${action.kind}`, { column: label }),
          run: () => edits.togglePin(column.id),
        };
      case 'hide':
        return {
          key: 'hide',
          label: t('gridMenu.hide', { column: label }),
          run: () => column.toggleVisibility(false),
        };
      case 'fit':
        return { key: 'fit', label: t('gridMenu.fit', { column: label }), run: () => onFit(column.id) };
      case 'resize':
        return {
          key: 'resize',
          label: t('gridMenu.resize', { column: label }),
          run: () => onResize(column.id),
        };
      case 'record':
        return { key: 'record', label: t('gridMenu.record'), run: onShowRecord };
      case 'values':
        return {
          key: 'values',
          label: t('shortcuts.names.table.columnValues', { column: label }),
          run: () => onValues(column.id),
        };
      case 'onlyValue':
      case 'excludeValue': {
        const { text, add } = valueFilter(target.row ?? 0, target.column, action.kind === 'excludeValue');
        return {
          key: action.kind,
          label: valueFilterLabel(t, action.kind, label, text),
          disabled: !add,
          run: () => add?.(),
        };
      }
    }
  };
  return (
    <ContextMenu
      label={t('gridMenu.label', { column: label })}
      items={actions.map(itemOf)}
      at={target.at}
      onClose={onClose}
    />
  );
}
