import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldListStatus } from '@shared/held-list';
import { useRowsStore } from '../data/rows-context';
import type { Language } from '@shared/api-rules';
import { CHANGED_FIELD, splitChanged, type FilterCondition } from '@shared/filter';
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
  const { told, marks, seen, status } = changes;
  const { onlyChanged, rest } = splitChanged(filter);
  const time = dateTimeFormat(i18n.language as Language, { timeStyle: 'short' });
  const unchangedSince = useUnchangedSince(status);
  if (!told && !onlyChanged)
    return unchangedSince === undefined ? null : (
      <div className="changes-bar" data-testid="changes-bar">
        <span role="status">
          {t('changes.none', {
            since: time.format(unchangedSince.since),
            at: time.format(unchangedSince.at),
          })}
        </span>
      </div>
    );
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

/**
 * After a Refresh, once the list held for the table is read again and found nothing changed: when it
 * was read before and when again (a Refresh said nothing at all then). Undefined before, or when
 * the Refresh found changes (marked as seen since, they still were).
 */
function useUnchangedSince(status: HeldListStatus | undefined): { since: number; at: number } | undefined {
  const { views } = useRowsStore();
  const refreshes = useSyncExternalStore(views.onRefresh, views.refreshCount);
  const asOf = status?.asOf;
  const [asked, setAsked] = useState({ refreshes, asOf, found: false });
  // The list's time when Refresh was asked: its catch-up settles with a later one.
  if (asked.refreshes !== refreshes) setAsked({ refreshes, asOf, found: false });
  const readAgain = asked.asOf !== undefined && asOf !== undefined && asOf > asked.asOf && !status?.rereading;
  if (readAgain && status?.changes && !asked.found) setAsked({ ...asked, found: true });
  return refreshes > 0 && readAgain && !asked.found && !status?.changes
    ? { since: asked.asOf ?? 0, at: asOf ?? 0 }
    : undefined;
}
