import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { numberFormat } from '../intl';
import { FailureMessage } from '../app/FailureMessage';
import { useCursorPages, useRetry, useSession } from '../data/queries';
import { formatMoney } from '../table/format';
import { DEADLINE_SOON_DAYS, summarize, type AgreementSummary, type Deadline } from './agreement-summary';

/**
 * The summary reads at most this many agreements (20 pages of 500): a customer's agreements are
 * counted in tens; one with more is summarised on its first ones, and says so.
 */
const SUMMARY_MAX_AGREEMENTS = 10_000;

/**
 * A customer at a glance: its agreements by status, MRR and ARR per currency, the next commitment
 * and notice deadlines (pointed out within 30 days) and MRR by status as a chart whose text
 * alternative is the table beside it. Folded from the customer's own agreement pages, read
 * through to the end (the table beside it reads only the rows on its screen).
 */
export function CustomerSummary({ customerId, pageSize }: { customerId: string; pageSize: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const headingId = useId();
  const session = useSession().data;
  const pages = useCursorPages(session, { resource: 'agreements', customerId }, language, pageSize);
  const retry = useRetry();
  const agreements = useMemo(() => pages.data?.pages.flatMap((page) => page.rows) ?? [], [pages.data]);
  const capped = agreements.length >= SUMMARY_MAX_AGREEMENTS;
  const complete = pages.isSuccess && (!pages.hasNextPage || capped);
  useEffect(() => {
    if (pages.hasNextPage && !pages.isFetchingNextPage && !pages.error && !capped) void pages.fetchNextPage();
  }, [pages, capped]);
  const summary = useMemo(() => (complete ? summarize(agreements) : undefined), [complete, agreements]);
  const number = numberFormat(language);

  return (
    <section className="customer-summary" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('summary.title')}</h3>
      {pages.error ? (
        <FailureMessage
          failure={pages.error}
          onRetry={() => void retry(() => (agreements.length ? pages.fetchNextPage() : pages.refetch()))}
        />
      ) : !summary ? (
        <p role="status">{t('summary.reading', { n: number.format(agreements.length) })}</p>
      ) : summary.agreements === 0 ? (
        <p>{t('summary.none')}</p>
      ) : (
        <SummaryFigures summary={summary} capped={capped} language={language} />
      )}
    </section>
  );
}

function SummaryFigures({
  summary,
  capped,
  language,
}: {
  summary: AgreementSummary;
  capped: boolean;
  language: Language;
}) {
  const { t } = useTranslation();
  const number = numberFormat(language);
  const money = (amount: number, currency: string | null) => formatMoney(amount, currency, language);
  const labelOf = (label: string | null) => label ?? t('summary.noStatus');
  // The chart shows one currency: the one with the most MRR (the Demo has one; mixing would lie).
  const chartCurrency = [...summary.totals].sort((a, b) => b.mrr - a.mrr)[0]?.currency ?? null;
  return (
    <div className="summary-figures">
      {capped && <p>{t('summary.capped', { n: number.format(summary.agreements) })}</p>}
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
              <td>{[...group.mrr].map(([currency, mrr]) => money(mrr, currency)).join(' + ')}</td>
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
          value: group.mrr.get(chartCurrency) ?? 0,
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
