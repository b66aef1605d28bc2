import type { FilterCondition } from '@shared/filter';
import type { ListView } from '../data/queries';
import { ColourRulesDialog } from './colours/ColourRulesDialog';
import type { ColumnMeta } from './columns/table-columns';
import { withCondition } from './filter-by-value';
import type { DataTableState } from './useDataTable';
import { ColumnValuesDialog } from './values/ColumnValuesDialog';

/** The dialogs a table opens over itself: a column's values, and its colour rules. */
export function TableDialogs({
  shown,
  view,
  filter,
  onFilterChange,
}: {
  shown: DataTableState;
  view: ListView;
  filter: FilterCondition[];
  onFilterChange: (filter: FilterCondition[]) => void;
}) {
  const { rows, columns, dialogs } = shown;
  const { valuesOf } = dialogs;
  const labelOf = (key: string) =>
    (columns.table.getColumn(key)?.columnDef.meta as ColumnMeta | undefined)?.label ?? key;
  return (
    <>
      {valuesOf !== undefined && (
        <ColumnValuesDialog
          connectionId={rows.session?.connection?.id}
          view={view}
          filter={filter}
          field={valuesOf}
          label={labelOf(valuesOf)}
          textOf={rows.textOf}
          onOnly={(condition) => onFilterChange(withCondition(filter, condition))}
          onClose={() => dialogs.setValuesOf(undefined)}
        />
      )}
      {dialogs.rulesShown && (
        <ColourRulesDialog
          rules={columns.layout.rules ?? []}
          columns={rows.filterColumns}
          onChange={columns.edits.setRules}
          onClose={() => dialogs.setRulesShown(false)}
        />
      )}
    </>
  );
}
