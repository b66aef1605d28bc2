import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../keyboard/commands';

/**
 * What a table opens over or beside itself, each with its command: a column's values (the active
 * column's), the colour rules, the active row's record.
 */
export function useTableDialogs(
  scope: RefObject<HTMLElement | null>,
  activeColumn: { key: string; label: string } | undefined,
) {
  const { t } = useTranslation();
  /** The column whose values are shown summed up (its key), if one is. */
  const [valuesOf, setValuesOf] = useState<string>();
  useCommand('table.columnValues', () => activeColumn && setValuesOf(activeColumn.key), {
    scope,
    enabled: activeColumn !== undefined,
    label: t('shortcuts.names.table.columnValues', { column: activeColumn?.label ?? '' }),
  });
  const [rulesShown, setRulesShown] = useState(false);
  useCommand('table.colourRules', () => setRulesShown(true), {
    scope,
    label: t('shortcuts.names.table.colourRules'),
  });
  const [recordShown, setRecordShown] = useState(false);
  useCommand('table.record', () => setRecordShown((shown) => !shown), { scope });
  return { valuesOf, setValuesOf, rulesShown, setRulesShown, recordShown, setRecordShown };
}
