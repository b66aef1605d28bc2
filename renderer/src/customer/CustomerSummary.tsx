import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgreementSummary, Deadline } from '../../../electron/shared/agreement-summary';
import { DEADLINE_SOON_DAYS } from '../../../electron/shared/agreement-summary';
import type { Language } from '../../../electron/shared/api-rules';
import type { HeldListView } from '../../../electron/shared/held-list';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { numberFormat } from '../intl';
import { FailureMessage } from '../app/FailureMessage';
import { useHeldList } from '../data/held-lists';
import { queryKeys, useRetry, useSession } from '../data/queries';
import { formatMoney } from '../table/format';

/**
 * A customer at a glance: its agreements by status, MRR and ARR per currency, the next commitment
 * and notice deadlines (pointed out within 30 days) and MRR by status as a chart whose text
 * alternative is the table beside it. The app folds it from the customer's agreements held for
 * search (lists.summary), the list a filter of its agreements reads too: read once, in pages of
 * the most rows the API gives, for both. It is asked again when the list's state changes: read
 * whole, read again (Refresh, or older than ten minutes), or dropped to make room.
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

  return (
    <section className="customer-summary" aria-labelledby={headingId}>
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
        <p role="status">{t('summary.reading', { n: number.format(list?.read ?? 0) })}</p>
      )}
    </section>
  );
}

function SummaryFigures({ summary, language }: { summary: AgreementSummary; language: Language }) {
  const { t } = useTranslation();
  const number = numberFormat(language);
  const money = (amount: number, currency: string | null) => formatMoney(amount, currency, language);
  const labelOf = (label: string | null) => label ?? t('summary.noStatus');
  // The chart shows one currency: the one with the most MRR (the Demo has one; mixing would lie).
  const chartCurrency = [...summary.totals].sort((a, b) => b.mrr - a.mrr)[0]?.currency ?? null;
  return (
    <div className="summary-figures">
      <table className="summary-status">
        <caption>{t('summary.byStatus')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.status')}</th>
            <th scope="col">{t('summary.agreements')}</th>
            <th scope="col">{t('summary.mrr')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.byStatus.map((group) => (
            <tr key={group.status ?? ''}>
              <th scope="row">{labelOf(group.label)}</th>
              <td>{number.format(group.count)}</td>
              <td>{group.mrr.map(({ currency, amount }) => money(amount, currency)).join(' + ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="summary-totals">
        <dt>{t('summary.totalMrr')}</dt>
        <dd>{summary.totals.map((total) => money(total.mrr, total.currency)).join(' + ') || '—'}</dd>
        <dt>{t('summary.totalArr')}</dt>
        <dd>{summary.totals.map((total) => money(total.arr, total.currency)).join(' + ') || '—'}</dd>
        <dt>{t('summary.nextEngagement')}</dt>
        <DeadlineValue deadline={summary.nearestEngagement} language={language} />
        <dt>{t('summary.nextNotice')}</dt>
        <DeadlineValue deadline={summary.nearestNotice} language={language} />
      </dl>
      <MrrChart
        bars={summary.byStatus.map((group) => ({
          label: labelOf(group.label),
          value: group.mrr.find(({ currency }) => currency === chartCurrency)?.amount ?? 0,
        }))}
        currency={chartCurrency}
        language={language}
      />
    </div>
  );
}

/** A deadline's days left, agreement and, within 30 days, a word that says so (not colour alone). */
function DeadlineValue({ deadline, language }: { deadline: Deadline | undefined; language: Language }) {
  const { t } = useTranslation();
  if (!deadline) return <dd>{t('summary.noDeadline')}</dd>;
  const days = numberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  const soon = deadline.days <= DEADLINE_SOON_DAYS;
  return (
    <dd className={soon ? 'deadline-soon' : undefined} data-testid="deadline">
      {t('summary.deadline', { days: days.format(deadline.days), name: deadline.name, id: deadline.id })}
      {soon && <strong> {t('summary.soon', { days: days.format(DEADLINE_SOON_DAYS) })}</strong>}
    </dd>
  );
}

const BAR_HEIGHT = 18;
const BAR_GAP = 6;
const LABEL_WIDTH = 150;
const CHART_WIDTH = 420;

/** MRR by status as horizontal bars: an image whose text alternative names every bar. */
function MrrChart({
  bars,
  currency,
  language,
}: {
  bars: { label: string; value: number }[];
  currency: string | null;
  language: Language;
}) {
  const { t } = useTranslation();
  const largest = Math.max(...bars.map((bar) => bar.value), 0);
  if (largest <= 0) return null;
  const money = (amount: number) => formatMoney(amount, currency, language);
  const height = bars.length * (BAR_HEIGHT + BAR_GAP);
  const room = CHART_WIDTH - LABEL_WIDTH - 90;
  const description = bars.map((bar) => `${bar.label}: ${money(bar.value)}`).join('; ');
  return (
    <figure className="summary-chart">
      <figcaption>{t('summary.chart')}</figcaption>
      <svg
        role="img"
        aria-label={`${t('summary.chart')}: ${description}`}
        width={CHART_WIDTH}
        height={height}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      >
        {bars.map((bar, index) => {
          const y = index * (BAR_HEIGHT + BAR_GAP);
          const width = Math.max(1, (bar.value / largest) * room);
          return (
            <g key={bar.label} transform={`translate(0 ${y})`}>
              <text x={LABEL_WIDTH - 8} y={BAR_HEIGHT - 5} textAnchor="end">
                {bar.label}
              </text>
              <rect x={LABEL_WIDTH} width={width} height={BAR_HEIGHT} rx={2} />
              <text x={LABEL_WIDTH + width + 6} y={BAR_HEIGHT - 5}>
                {money(bar.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
