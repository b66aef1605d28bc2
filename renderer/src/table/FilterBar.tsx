import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANY_FIELD,
  BETWEEN_SEPARATOR,
  betweenBounds,
  type FieldKind,
  type FilterCondition,
  type FilterOp,
} from '../../../electron/shared/filter';
import { useFieldCommand, useShortcutHint } from '../keyboard/commands';

/** A column as the filter bar offers it: its label, how its values compare, its values when it has a fixed set. */
export interface FilterColumn {
  key: string;
  label: string;
  kind: FieldKind;
  values?: { value: string; label: string }[];
}

const OPS: Record<FieldKind | 'set', FilterOp[]> = {
  text: ['contains', 'eq', 'neq', 'empty', 'notEmpty'],
  number: ['gte', 'lte', 'between', 'eq', 'neq', 'empty', 'notEmpty'],
  date: ['gte', 'lte', 'between', 'eq', 'empty', 'notEmpty'],
  set: ['eq', 'neq', 'empty', 'notEmpty'],
};
const NEEDS_NO_VALUE: readonly FilterOp[] = ['empty', 'notEmpty'];

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
}: {
  /** The table's name, so two filter bars on one screen are told apart. */
  table: string;
  columns: FilterColumn[];
  filter: FilterCondition[];
  onChange: (filter: FilterCondition[]) => void;
  /** The table it filters: Ctrl+F (⌘F) there puts the keyboard in its search box. */
  scope: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const searchBox = useRef<HTMLInputElement>(null);
  useFieldCommand('table.search', searchBox, scope);
  const searchHint = useShortcutHint('table.search', t('filter.search'));
  const search = filter.find((condition) => condition.field === ANY_FIELD);
  const conditions = filter.filter((condition) => condition.field !== ANY_FIELD);
  const [key, setKey] = useState(columns[0]?.key ?? '');
  const column = columns.find((candidate) => candidate.key === key) ?? columns[0];
  const ops = OPS[column?.values ? 'set' : (column?.kind ?? 'text')];
  const [op, setOp] = useState<FilterOp>(ops[0] ?? 'contains');
  const [value, setValue] = useState('');
  /** The upper bound of "between" (`value` is the lower). */
  const [upTo, setUpTo] = useState('');
  const currentOp = ops.includes(op) ? op : (ops[0] ?? 'contains');

  const valueType = column?.kind === 'number' ? 'number' : column?.kind === 'date' ? 'date' : 'text';

  const setSearch = (text: string) =>
    onChange([...conditions, ...(text ? [{ field: ANY_FIELD, op: 'contains' as const, value: text }] : [])]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!column) return;
    const needsValue = !NEEDS_NO_VALUE.includes(currentOp);
    const chosen = column.values && !value ? (column.values[0]?.value ?? '') : value;
    if (needsValue && !chosen) return;
    if (currentOp === 'between' && !upTo) return;
    const written = currentOp === 'between' ? `${chosen}${BETWEEN_SEPARATOR}${upTo}` : chosen;
    onChange([...filter, { field: column.key, op: currentOp, ...(needsValue && { value: written }) }]);
    setValue('');
    setUpTo('');
  };

  const describe = (condition: FilterCondition) => {
    const target = columns.find((candidate) => candidate.key === condition.field);
    const bounds = condition.op === 'between' ? betweenBounds(condition.value ?? '') : undefined;
    const shown = bounds
      ? t('filter.betweenBounds', { from: bounds[0], to: bounds[1] })
      : (target?.values?.find((option) => option.value === condition.value)?.label ?? condition.value ?? '');
    return `${target?.label ?? condition.field} ${t(`filter.ops.${condition.op}`)} ${String(shown)}`.trim();
  };

  return (
    <div className="filter-bar">
      <input
        ref={searchBox}
        type="search"
        className="search"
        {...searchHint}
        aria-label={t('filter.search')}
        placeholder={t('filter.search')}
        value={typeof search?.value === 'string' ? search.value : ''}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Down or Enter goes to the results, as from a search box's list: the table's grid, on its
          // active row (ten Tabs reached it).
          if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
          if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
          const grid = scope.current?.querySelector<HTMLElement>('[role="grid"]');
          if (!grid) return;
          event.preventDefault();
          grid.focus();
        }}
      />
      <form className="filter-editor" onSubmit={add} aria-label={t('filter.addTo', { table })}>
        <select
          aria-label={t('filter.column')}
          value={column?.key ?? ''}
          onChange={(event) => setKey(event.target.value)}
        >
          {columns.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {candidate.label}
            </option>
          ))}
        </select>
        <select
          aria-label={t('filter.operator')}
          value={currentOp}
          onChange={(event) => setOp(event.target.value as FilterOp)}
        >
          {ops.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`filter.ops.${candidate}`)}
            </option>
          ))}
        </select>
        {!NEEDS_NO_VALUE.includes(currentOp) &&
          (column?.values ? (
            <select
              aria-label={t('filter.value')}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            >
              {column.values.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <>
              <input
                aria-label={t(currentOp === 'between' ? 'filter.from' : 'filter.value')}
                type={valueType}
                step="any"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
              {currentOp === 'between' && (
                <input
                  aria-label={t('filter.to')}
                  type={valueType}
                  step="any"
                  value={upTo}
                  onChange={(event) => setUpTo(event.target.value)}
                />
              )}
            </>
          ))}
        <button type="submit">{t('filter.apply')}</button>
      </form>
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
