import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BETWEEN_SEPARATOR, type FieldKind, type FilterCondition, type FilterOp } from '@shared/filter';
import type { FilterColumn } from './columns/column-shapes';

const OPS: Record<FieldKind | 'set', FilterOp[]> = {
  text: ['contains', 'eq', 'neq', 'empty', 'notEmpty'],
  number: ['gte', 'lte', 'between', 'eq', 'neq', 'empty', 'notEmpty'],
  date: ['gte', 'lte', 'between', 'eq', 'empty', 'notEmpty'],
  set: ['eq', 'neq', 'empty', 'notEmpty'],
};
const NEEDS_NO_VALUE: readonly FilterOp[] = ['empty', 'notEmpty'];

/** The form that adds a condition on one column to a table's filter: column, comparison, value(s). */
export function FilterEditor({
  table,
  columns,
  filter,
  onChange,
}: {
  table: string;
  columns: FilterColumn[];
  filter: FilterCondition[];
  onChange: (filter: FilterCondition[]) => void;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState(columns[0]?.key ?? '');
  const column = columns.find((candidate) => candidate.key === key) ?? columns[0];
  const ops = OPS[column?.values ? 'set' : (column?.kind ?? 'text')];
  const [op, setOp] = useState<FilterOp>(ops[0] ?? 'contains');
  const [value, setValue] = useState('');
  /** The upper bound of "between" (`value` is the lower). */
  const [upTo, setUpTo] = useState('');
  const currentOp = ops.includes(op) ? op : (ops[0] ?? 'contains');

  const valueType = column?.kind === 'number' ? 'number' : column?.kind === 'date' ? 'date' : 'text';

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

  return (
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
  );
}
