import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { CHANGED_FIELD, splitChanged, type FilterCondition } from '../../../electron/shared/filter';
import { dateTimeFormat } from '../i18n/intl';
import type { useChangeMarks } from './useChangeMarks';

/**
 * Above a table whose list changed since the person last looked (its catch-up or a whole read
 * found it): how many rows changed or are new, Show only what changed (a condition of the table's
 * filter, judged by the app), the rows gone from it (listed, with when), and Mark as seen, which
 * clears the marks in every window. Said politely to screen readers as it appears.
 */
export function ChangesBar({
  changes,
  filter,
  onFilterChange,
}: {
  changes: ReturnType<typeof useChangeMarks>;
  filter: FilterCondition[];
  onFilterChange: (filter: FilterCondition[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const { told, marks, seen } = changes;
  const { onlyChanged, rest } = splitChanged(filter);
  if (!told && !onlyChanged) return null;
  const time = dateTimeFormat(i18n.language as Language, { timeStyle: 'short' });
  const gone = marks?.answer.gone ?? [];
  return (
    <div className="changes-bar" data-testid="changes-bar">
      <span role="status">
        {t('changes.summary', { count: told?.rows ?? 0 })}
        {told && told.gone > 0 && ` · ${t('changes.gone', { count: told.gone })}`}
        {told && told.unlisted > 0 && ` · ${t('changes.unlisted', { count: told.unlisted })}`}
      </span>
      <button
        type="button"
        aria-pressed={onlyChanged}
        onClick={() =>
          onFilterChange(onlyChanged ? rest : [...filter, { field: CHANGED_FIELD, op: 'notEmpty' }])
        }
      >
        {t('changes.onlyChanged')}
      </button>
      {told && (
        <button type="button" onClick={() => seen()}>
          {t('changes.seen')}
        </button>
      )}
      {gone.length > 0 && (
        <details className="changes-gone">
          <summary>{t('changes.goneList')}</summary>
          <ul>
            {gone.map(({ id, at, record }) => (
              <li key={id}>
                {[id, record.name, record.email]
                  .filter((part) => typeof part === 'string' && part)
                  .join(' · ')}{' '}
                ({time.format(at)})
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
