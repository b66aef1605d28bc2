import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../keyboard/commands';
import type { ColumnEdits } from './useTableColumns';

/** Pin (or unpin) the active column, from the command box or its key, named with the column. */
export function usePinCommand(
  scope: RefObject<HTMLElement | null>,
  active: { key: string; label: string } | undefined,
  edits: Pick<ColumnEdits, 'togglePin' | 'isPinned'>,
): void {
  const { t } = useTranslation();
  useCommand('table.pinColumn', () => active && edits.togglePin(active.key), {
    scope,
    label: t(active && edits.isPinned(active.key) ? 'table.unpin' : 'table.pin', {
      column: active?.label ?? '',
    }),
  });
}
