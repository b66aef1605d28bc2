import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DensityToggle } from './DensityToggle';
import { SelectionTotals } from './SelectionTotals';
import type { Language } from '@shared/api-rules';
import type { SessionStatus } from '@shared/contract/status';
import { useLatestEvent } from '../data/queries';
import { useReadingLists } from '../data/useHeldLists';
import { useApi } from '../api/context';
import { dateTimeFormat, numberFormat } from '../i18n/intl';
import { AppFailure } from '../api/call';
import { failureLine } from '../ui/describe-failure';

/** Connection, token state and budget, live request rate and queue (docs/architecture.md, "How a page reaches the screen"). */
export function StatusBar({ session }: { session: SessionStatus | undefined }) {
  const { t, i18n } = useTranslation();
  const connectionId = session?.connection?.id;
  const stats = useLatestEvent('limiter.stats', connectionId);
  const token = useLatestEvent('token.state', connectionId) ?? session?.token ?? undefined;
  const language = i18n.language as Language;
  const api = useApi();
  // Lists read for search go on when the table or field that asked is gone: said here, with Cancel.
  const reading = useReadingLists(session?.connection?.id);
  const percent = numberFormat(language, { style: 'percent' });
  const time = (at: number) =>
    // In words (« 28 nov., 07:50 »): 28/11 and 11/28 read alike to no one; a token lives 10 hours,
    // so its year says nothing and cost the bar its room at 1440 px.
    dateTimeFormat(language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
      at,
    );
  const tokenText =
    token?.status === 'valid' && token.expiresAt
      ? t('status.tokenValid', { time: time(token.expiresAt) })
      : token?.status === 'requesting'
        ? t('status.tokenRequesting')
        : token?.status === 'failed'
          ? t('status.tokenFailed', {
              error: token.errorCode
                ? failureLine(
                    t,
                    language,
                    new AppFailure({ code: token.errorCode, message: token.error ?? '' }),
                  )
                : (token.error ?? ''),
            })
          : t('status.tokenNone');
  return (
    <footer className="status-bar" role="contentinfo">
      <span data-testid="connection">
        {session?.connection
          ? t('status.connection', {
              name: session.connection.demo ? t('connection.demo') : session.connection.name,
            })
          : t('status.noConnection')}
      </span>
      {/* Each part that may be cut short says itself whole in its title. */}
      {token && (
        <span data-testid="token-state" title={tokenText}>
          {tokenText}
        </span>
      )}
      {token && (
        <span data-testid="token" title={budgetText(token, t, false)}>
          {budgetText(token, t, true)}
        </span>
      )}
      {stats && (
        <span data-testid="rate" title={t('status.rateHint')}>
          {t('status.rate', {
            count: stats.requestsPerSecond,
            rate: numberFormat(language, { maximumFractionDigits: 1 }).format(stats.requestsPerSecond),
          })}
          {stats.queued > 0 && ` · ${t('status.queued', { count: stats.queued })}`}
          {stats.sharedWith > 0 && ` · ${t('status.shared', { count: stats.sharedWith })}`}
        </span>
      )}
      {stats && stats.allowedRate < stats.configuredRate && (
        <span role="status">{t('status.slowedDown')}</span>
      )}
      {reading.map((list) => (
        <span key={`${list.resource}:${list.customerId ?? ''}:${list.lang}`} data-testid="status-reading">
          {t(list.prepared ? 'search.statusPreparing' : 'search.statusReading', {
            list: t(`search.lists.${list.resource}`),
            percent: list.total ? percent.format(Math.min(1, list.read / list.total)) : '…',
          })}{' '}
          <button
            type="button"
            aria-label={t('search.cancelReading', { list: t(`search.lists.${list.resource}`) })}
            onClick={() =>
              void api.invoke('lists.stop', {
                list: {
                  resource: list.resource,
                  ...(list.customerId !== undefined && { customerId: list.customerId }),
                },
                lang: list.lang,
              })
            }
          >
            {t('search.cancel')}
          </button>
        </span>
      ))}
      {session?.keychainProblem && <span role="status">{t('errors.keychain')}</span>}
      {session?.listsKept === 'no-keychain' && !session.keychainProblem && (
        <span role="status">{t('search.notKept')}</span>
      )}
      {/*
        A display setting at the bar's end, where the window's state is shown; the totals of a
        selection before it, inside its group: with none, they take no room, not even a gap.
      */}
      <span className="status-end">
        <SelectionTotals />
        <DensityToggle />
      </span>
    </footer>
  );
}

/** The tokens used today: whole (the part's title), or `short` for the bar itself. */
function budgetText(token: NonNullable<SessionStatus['token']>, t: TFunction, short: boolean): string {
  const words = token.countUnknown
    ? short
      ? 'status.budgetShortUnknown'
      : 'status.budgetUnknown'
    : short
      ? 'status.budgetShort'
      : 'status.budget';
  const used = t(words, { used: token.used, limit: token.limit });
  return token.unconfirmed > 0 ? `${used} · ${t('status.unconfirmed', { count: token.unconfirmed })}` : used;
}
