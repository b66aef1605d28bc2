import { useTranslation } from 'react-i18next';
import type { AgreementSummary, Deadline, StatusGroup } from '@shared/agreement-summary';
import { DEADLINE_SOON_DAYS } from '@shared/agreement-summary';
import type { Language } from '@shared/api-rules';
import { deadlineDay } from '@shared/deadline';
import { dateTimeFormat, numberFormat } from '../i18n/intl';
import { formatMoney } from '@shared/value-text';

export function SummaryFigures({ summary, language }: { summary: AgreementSummary; language: Language }) {
  const { t } = useTranslation();
  const number = numberFormat(language);
  const percent = numberFormat(language, { style: 'percent' });
  const money = (amount: number, currency: string | null) => formatMoney(amount, currency, language);
  const labelOf = (label: string | null) => label ?? t('summary.noStatus');
  // The shares are of one currency: the one with the most MRR (the Demo has one; adding currencies
  // would lie), named in the column's heading when there are others.
  const shareCurrency = [...summary.totals].sort((a, b) => b.mrr - a.mrr)[0]?.currency ?? null;
  const shareTotal = summary.totals.find(({ currency }) => currency === shareCurrency)?.mrr ?? 0;
  const shareOf = (group: StatusGroup) =>
    shareTotal > 0
      ? (group.mrr.find(({ currency }) => currency === shareCurrency)?.amount ?? 0) / shareTotal
      : 0;
  return (
    <div className="summary-figures">
      <table className="summary-status">
        <caption className="visually-hidden">{t('summary.byStatus')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.status')}</th>
            <th scope="col">{t('summary.agreements')}</th>
            <th scope="col">{t('summary.mrr')}</th>
            <th scope="col">
              {summary.totals.length > 1 && shareCurrency
                ? t('summary.shareIn', { currency: shareCurrency })
                : t('summary.share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.byStatus.map((group) => (
            <tr key={group.status ?? ''}>
              <th scope="row">{labelOf(group.label)}</th>
              <td>{number.format(group.count)}</td>
              <td>{group.mrr.map(({ currency, amount }) => money(amount, currency)).join(' + ')}</td>
              <ShareCell share={shareOf(group)} percent={percent} />
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="summary-totals">
        <dt>{t('summary.totalMrr')}</dt>
        <dd>{summary.live.map((total) => money(total.mrr, total.currency)).join(' + ') || '—'}</dd>
        <dt>{t('summary.totalArr')}</dt>
        <dd>{summary.live.map((total) => money(total.arr, total.currency)).join(' + ') || '—'}</dd>
        <dt>{t('summary.everyStatus')}</dt>
        <dd>{summary.totals.map((total) => money(total.mrr, total.currency)).join(' + ') || '—'}</dd>
        <dt>{t('summary.nextEngagement')}</dt>
        <DeadlineValue deadline={summary.nearestEngagement} language={language} />
        <dt>{t('summary.nextNotice')}</dt>
        <DeadlineValue deadline={summary.nearestNotice} language={language} />
      </dl>
    </div>
  );
}

/**
 * A status's share of the MRR as a bar in its row (MRR by status as a chart, read with the row's
 * figures) and in words: the bar is drawn for the eye only, the percentage is what is read.
 */
function ShareCell({ share, percent }: { share: number; percent: Intl.NumberFormat }) {
  return (
    <td className="summary-share">
      <span className="share-bar" aria-hidden="true">
        <span style={{ inlineSize: `${Math.min(1, Math.max(0, share)) * 100}%` }} />
      </span>
      {percent.format(share)}
    </td>
  );
}

/**
 * A deadline's date and days left (the date is what a caller asks for), its agreement and, within
 * 30 days, a word that says so (not colour alone).
 */
function DeadlineValue({ deadline, language }: { deadline: Deadline | undefined; language: Language }) {
  const { t } = useTranslation();
  if (!deadline) return <dd>{t('summary.noDeadline')}</dd>;
  const days = numberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  const date = dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    deadlineDay(deadline.days),
  );
  const soon = deadline.days <= DEADLINE_SOON_DAYS;
  return (
    <dd className={soon ? 'deadline-soon' : undefined} data-testid="deadline">
      {t('summary.deadline', {
        date,
        days: days.format(deadline.days),
        name: deadline.name,
        id: deadline.id,
      })}
      {soon && <strong> {t('summary.soon', { days: days.format(DEADLINE_SOON_DAYS) })}</strong>}
    </dd>
  );
}
