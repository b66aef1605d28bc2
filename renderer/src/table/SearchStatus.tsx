import { useTranslation } from 'react-i18next';
import { counted } from '../i18n/translations';
import type { Language } from '@shared/api-rules';
import type { HeldListStatus } from '@shared/held-list';
import { useApi } from '../api/context';
import { dateTimeFormat } from '../i18n/intl';
import { failureLine } from '../ui/describe-failure';
import { AppFailure } from '../api/call';
import { durationText } from '../ui/format';
import type { ViewRows } from './view/useViewRows';
import { ListProgress } from './view/ListProgress';

const MIB = 2 ** 20;

/**
 * A filtered table's count, and the list held for search its matches come from (docs/architecture.md,
 * "Search"): how far its read is, with Cancel; how old it is once held; why it was stopped or failed,
 * with the way to go on; or, for a list too long to hold, that each search scans it and how long that
 * takes. The count is a polite live region; the read's progress is not (it changes many times a second).
 */
export function SearchStatus({ rows, numbers }: { rows: ViewRows; numbers: Intl.NumberFormat }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const api = useApi();
  const list = rows.heldList;
  if (!list || list.state === 'too-long') return <ScanStatus rows={rows} numbers={numbers} list={list} />;
  const { resource, customerId } = list;
  const named = {
    list: t(`search.lists.${resource}`),
    read: numbers.format(list.read),
    total: numbers.format(list.total ?? 0),
  };
  const target = { list: { resource, ...(customerId !== undefined && { customerId }) }, lang: list.lang };
  const readOn = () => void api.invoke('lists.read', target);
  // A time of today as such; another day's with its date (a list kept from yesterday, read whole then).
  const time = (at: number) =>
    dateTimeFormat(
      language,
      new Date(at).toDateString() === new Date().toDateString()
        ? { timeStyle: 'short' }
        : { dateStyle: 'short', timeStyle: 'short' },
    ).format(at);
  const reason = (error: HeldListStatus['error']) =>
    error ? failureLine(t, language, new AppFailure(error)) : '';

  return (
    <>
      <span data-testid="row-count" aria-live="polite">
        {rows.counted === 'not-yet'
          ? t('search.searching')
          : t(rows.counted === 'all' ? 'search.matches' : 'search.matchesSoFar', {
              count: rows.matches,
              matches: numbers.format(rows.matches),
            })}
      </span>
      {list.state === 'reading' && <ListProgress list={list} numbers={numbers} />}
      {rows.customersAwaited && <ListProgress list={rows.customersAwaited} numbers={numbers} />}
      {list.state === 'held' && (
        <span data-testid="held-list">
          {list.wholeAt === undefined || list.wholeAt === list.asOf
            ? t('search.heldWhole', { ...named, time: time(list.wholeAt ?? list.asOf ?? 0) })
            : t('search.held', {
                ...named,
                time: time(list.asOf ?? list.wholeAt),
                whole: time(list.wholeAt),
              })}
          {list.rereading && ` · ${t('search.rereading')}`}
          {list.changesUnreadable && ` · ${t('search.changesUnreadable')}`}
          {list.error && ` · ${t('search.refreshFailed', { reason: reason(list.error) })}`}
        </span>
      )}
      {(list.state === 'stopped' || list.state === 'failed') && (
        <span data-testid="held-list" role={list.state === 'failed' ? 'alert' : undefined}>
          {list.state === 'stopped'
            ? t('search.stopped', named)
            : t('search.failed', { ...named, reason: reason(list.error) })}{' '}
          <button type="button" onClick={readOn}>
            {list.state === 'stopped' ? t('search.resume') : t('search.retry')}
          </button>
        </span>
      )}
    </>
  );
}

/** A filtered table that scans its list page by page (too long to hold): its counter, Stop, and why. */
function ScanStatus({
  rows,
  numbers,
  list,
}: {
  rows: ViewRows;
  numbers: Intl.NumberFormat;
  list: HeldListStatus | undefined;
}) {
  const { t } = useTranslation();
  const { count } = rows;
  return (
    <>
      <span data-testid="row-count" aria-live="polite">
        {/* Nothing scanned yet (or the list's status not here yet): no count is known, none is said. */}
        {rows.source.held === 0
          ? t('search.searching')
          : t('filter.scanning', {
              matches: counted(t, 'matches', rows.matches, numbers),
              scanned: numbers.format(rows.source.held),
              total: count ? numbers.format(count.total) : '…',
            })}
      </span>
      {rows.canScanMore && (
        <button type="button" onClick={() => rows.setScanStopped(rows.scanning)}>
          {rows.scanning ? t('filter.stop') : t('filter.resume')}
        </button>
      )}
      {list?.state === 'too-long' && (
        <span className="notice" data-testid="too-long">
          {list.estimatedBytes !== undefined && list.total !== undefined && list.scanSeconds !== undefined
            ? t('search.tooLong', {
                list: t(`search.lists.${list.resource}`),
                size: numbers.format(Math.ceil(list.estimatedBytes / MIB)),
                budget: numbers.format(Math.round(list.budgetBytes / MIB)),
                time: durationText(list.scanSeconds, numbers),
                total: numbers.format(list.total),
              })
            : t('search.tooLongUnknown', {
                list: t(`search.lists.${list.resource}`),
                budget: numbers.format(Math.round(list.budgetBytes / MIB)),
              })}
        </span>
      )}
    </>
  );
}
