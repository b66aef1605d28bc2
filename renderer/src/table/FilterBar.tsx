import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANGED_FIELD, ANY_FIELD, betweenBounds, type FilterCondition } from '@shared/filter';
import { useFieldCommand } from '../keyboard/commands';
import { SearchBox } from './SearchBox';
import { FilterEditor } from './FilterEditor';
import type { FilterColumn } from './columns/column-shapes';

/**
 * The filters of a table (the shared filter model: conditions joined by AND): a quick search over
 * every column, and conditions per column — text contains or equals, number and date ranges, one
 * of the values of a field with a fixed set (a status).
 */
export function FilterBar({
  table,
  columns,
  filter,
  onChange,
  scope,
  fieldOf,
}: {
  /** The table's name, so two filter bars on one screen are told apart. */
  table: string;
  columns: FilterColumn[];
  filter: FilterCondition[];
  onChange: (filter: FilterCondition[]) => void;
  /** The table it filters: Ctrl+F (⌘F) there puts the keyboard in its search box. */
  scope: RefObject<HTMLElement | null>;
  /** What the search may name a column by (search-words.ts). */
  fieldOf?: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const searchBox = useRef<HTMLInputElement>(null);
  useFieldCommand('table.search', searchBox, scope);
  const search = filter.find((condition) => condition.field === ANY_FIELD);
  const conditions = filter.filter((condition) => condition.field !== ANY_FIELD);
  const setSearch = (text: string) =>
    onChange([...conditions, ...(text ? [{ field: ANY_FIELD, op: 'contains' as const, value: text }] : [])]);

  const describe = (condition: FilterCondition) => {
    if (condition.field === CHANGED_FIELD) return t('changes.onlyChanged');
    const target = columns.find((candidate) => candidate.key === condition.field);
    const bounds = condition.op === 'between' ? betweenBounds(condition.value ?? '') : undefined;
    const shown = bounds
      ? t('filter.betweenBounds', { from: bounds[0], to: bounds[1] })
      : (target?.values?.find((option) => option.value === condition.value)?.label ?? condition.value ?? '');
    return `${target?.label ?? condition.field} ${t(`filter.ops.${condition.op}`)} ${String(shown)}`.trim();
  };

  return (
    <div className="filter-bar">
      <SearchBox
        input={searchBox}
        value={typeof search?.value === 'string' ? search.value : ''}
        onChange={setSearch}
        columns={columns}
        fieldOf={fieldOf}
        scope={scope}
      />
      <FilterEditor table={table} columns={columns} filter={filter} onChange={onChange} />
      <ul className="filter-chips">
        {conditions.map((condition, index) => (
          <li key={`${condition.field}-${condition.op}-${String(condition.value)}-${index}`}>
            <span>{describe(condition)}</span>
            <button
              type="button"
              aria-label={t('filter.remove', { filter: describe(condition) })}
              onClick={() => onChange(filter.filter((candidate) => candidate !== condition))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
