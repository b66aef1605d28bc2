import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { ColumnValues } from '@shared/column-values';
import { isDeadlineField } from '@shared/deadline';
import type { FilterCondition } from '@shared/filter';
import type { ApiRecord } from '@shared/schema';
import { numberFormat } from '../../i18n/intl';

/**
 * A column's values as its summary shows them: the rows and distinct values, the figures of numbers
 * (in the column's format: an amount in its currency) or the range of dates, then each value with
 * its count and share, a button that keeps only its rows.
 */
export function ValuesTable({
  values,
  field,
  textOf,
  language,
  onOnly,
}: {
  values: ColumnValues;
  field: string;
  textOf: (key: string, record: ApiRecord) => string;
  language: Language;
  onOnly: (condition: FilterCondition) => void;
}) {
  const { t } = useTranslation();
  const numbers = numberFormat(language);
  const shares = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const figures = values.numbers;
  const written = (value: string | number) =>
    textOf(field, { [field]: value, ...(figures?.currency && { currency: figures.currency }) });
  const listed = values.values.length;
  const share = (count: number) => (values.rows ? shares.format(count / values.rows) : '');
  return (
    <>
      <p data-testid="values-summary">
        {t('values.rows', { count: values.rows, rows: numbers.format(values.rows) })} ·{' '}
        {t('values.distinct', { count: values.distinct, distinct: numbers.format(values.distinct) })}
        {figures && figures.count > 0 && !figures.severalCurrencies && (
          <>
            {' · '}
            {/* Days to a deadline count from today: their range says something, a sum nothing. */}
            {isDeadlineField(field)
              ? t('values.dates', { first: written(figures.min), last: written(figures.max) })
              : t('values.numbers', {
                  sum: written(figures.sum),
                  average: written(figures.sum / figures.count),
                  min: written(figures.min),
                  max: written(figures.max),
                })}
          </>
        )}
        {figures?.severalCurrencies && ` · ${t('totals.severalCurrencies')}`}
        {values.dates &&
          ` · ${t('values.dates', { first: written(values.dates.first), last: written(values.dates.last) })}`}
      </p>
      <table className="values-table">
        <thead>
          <tr>
            <th scope="col">{t('values.value')}</th>
            <th scope="col">{t('values.count')}</th>
            <th scope="col">{t('values.share')}</th>
          </tr>
        </thead>
        <tbody>
          {values.values.map(({ value, count }) => (
            <tr key={String(value)}>
              <td>
                <button
                  type="button"
                  title={t('values.only', { value: written(value) })}
                  onClick={() => onOnly({ field, op: 'eq', value })}
                >
                  {written(value)}
                </button>
              </td>
              <td>{numbers.format(count)}</td>
              <td>{share(count)}</td>
            </tr>
          ))}
          {values.empty > 0 && (
            <tr>
              <td>
                <button
                  type="button"
                  title={t('values.onlyEmpty')}
                  onClick={() => onOnly({ field, op: 'empty' })}
                >
                  {t('values.empty')}
                </button>
              </td>
              <td>{numbers.format(values.empty)}</td>
              <td>{share(values.empty)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {values.distinct > listed && (
        <p>
          {t('values.others', {
            count: values.distinct - listed,
            others: numbers.format(values.distinct - listed),
          })}
        </p>
      )}
    </>
  );
}
