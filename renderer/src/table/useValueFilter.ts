import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterCondition } from '@shared/filter';
import type { ApiRecord } from '@shared/schema';
import { useCommand } from '../keyboard/commands';
import type { RowSource } from '../rows';
import { valueCondition, withCondition, type ValueFilter } from './filter-by-value';
import type { GridPosition } from './grid/place-keeper';
import { valueFilterLabel } from './GridMenu';

/**
 * Only a cell's value, or all but it, as a condition added to the table's filter: what the cell
 * menu's two items do (for the cell it was opened on), and two commands of the command box for the
 * active cell, named with its value.
 */
export function useValueFilter({
  source,
  columns,
  textOf,
  filter,
  onFilterChange,
  active,
  activeLabel,
  scope,
}: {
  source: RowSource;
  /** The visible columns' keys, in order. */
  columns: readonly string[];
  textOf: (key: string, record: ApiRecord) => string;
  filter: FilterCondition[];
  onFilterChange: (filter: FilterCondition[]) => void;
  active: GridPosition;
  /** The active column's label. */
  activeLabel: string;
  scope: RefObject<HTMLElement | null>;
}): ValueFilter {
  const { t } = useTranslation();
  const valueFilter: ValueFilter = (row, column, exclude) => {
    const record = source.rowAt(row);
    const key = columns[column];
    if (!record || key === undefined) return { text: '', add: undefined };
    const condition = valueCondition(record, key, exclude);
    return {
      text: textOf(key, record),
      add: condition && (() => onFilterChange(withCondition(filter, condition))),
    };
  };
  const only = valueFilter(active.row, active.column, false);
  useCommand('table.onlyValue', () => only.add?.(), {
    scope,
    enabled: only.add !== undefined,
    label: valueFilterLabel(t, 'onlyValue', activeLabel, only.text),
  });
  const leftOut = valueFilter(active.row, active.column, true);
  useCommand('table.excludeValue', () => leftOut.add?.(), {
    scope,
    enabled: leftOut.add !== undefined,
    label: valueFilterLabel(t, 'excludeValue', activeLabel, leftOut.text),
  });
  return valueFilter;
}
