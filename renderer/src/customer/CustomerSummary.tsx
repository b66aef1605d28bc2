import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_MAX, type Language } from '@shared/api-rules';
import type { HeldListView } from '@shared/held-list';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { numberFormat } from '../i18n/intl';
import { FailureMessage } from '../ui/FailureMessage';
import { useHeldList } from '../data/useHeldLists';
import { queryKeys, useRetry, useSession } from '../data/queries';
import { SummaryFigures } from './SummaryFigures';

/**
 * A customer at a glance: its agreements by status, MRR and ARR per currency, the next commitment
 * and notice deadlines (pointed out within 30 days), each status's share of the MRR as a bar in
 * its row. The app folds it from the customer's agreements held for search (lists.summary), the
 * list a filter of its agreements reads too: read once, in pages of the most rows the API gives,
 * for both. It is asked again when the list's state changes: read whole, read again (Refresh, or
 * older than ten minutes), or dropped to make room.
 */
export function CustomerSummary({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const headingId = useId();
  const api = useApi();
  const retry = useRetry();
  const connectionId = useSession().data?.connection?.id;
  const scope = useMemo<HeldListView>(() => ({ resource: 'agreements', customerId }), [customerId]);
  const list = useHeldList(connectionId, scope, language);
  const answer = useQuery({
    queryKey: queryKeys.summary(connectionId, customerId, language, `${list?.state}:${list?.asOf}`),
    // The list's state comes from the app's events alone: an answer made before the last event
    // would take the state back (and the summary with it).
    queryFn: () => call(api, 'lists.summary', { customerId, lang: language }),
    enabled: Boolean(connectionId),
  });
  const readOn = () => void retry(() => call(api, 'lists.read', { list: scope, lang: language }));
  const summary = answer.data?.summary;
  const number = numberFormat(language);
  // Agreements read in one request (as many as the API gives in a page) come with the tables, and
  // the summary takes the height its figures need. Until the figures come, and when they took
  // more pages, it keeps the height of seven statuses: the tables below do not move under the
  // pointer when a long read ends.
  const keepsItsHeight = !summary || summary.agreements > PAGE_SIZE_MAX;

  return (
    // Focusable: it scrolls when a customer has more statuses than its height shows (keyboard users scroll it too).
    <section
      className={keepsItsHeight ? 'customer-summary summary-band' : 'customer-summary'}
      aria-labelledby={headingId}
      tabIndex={0}
    >
      <h3 id={headingId}>{t('summary.title')}</h3>
      {answer.error ? (
        <FailureMessage failure={answer.error} onRetry={() => void retry(() => answer.refetch())} />
      ) : summary ? (
        summary.agreements === 0 ? (
          <p>{t('summary.none')}</p>
        ) : (
          <SummaryFigures summary={summary} language={language} />
        )
      ) : list?.state === 'failed' ? (
        <FailureMessage failure={list.error} onRetry={readOn} />
      ) : list?.state === 'too-long' ? (
        <p>{t('summary.tooLong')}</p>
      ) : list?.state === 'stopped' ? (
        <p>
          {t('summary.stopped', { n: number.format(list.read) })}{' '}
          <button type="button" onClick={readOn}>
            {t('summary.readOn')}
          </button>
        </p>
      ) : (
        <p role="status">
          {list?.total === undefined
            ? t('summary.reading', { n: number.format(list?.read ?? 0) })
            : t('summary.readingOf', { n: number.format(list.read), total: number.format(list.total) })}
        </p>
      )}
    </section>
  );
}
