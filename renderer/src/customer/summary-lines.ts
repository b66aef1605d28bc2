import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEADLINE_SOON_DAYS, type AgreementSummary, type Deadline } from '@shared/agreement-summary';
import type { Language } from '@shared/api-rules';
import { deadlineDay } from '@shared/deadline';
import { formatMoney } from '@shared/value-text';
import { useSession } from '../data/queries';
import { dateTimeFormat, numberFormat } from '../i18n/intl';

/**
 * The lines of a customer's summary that Copy details adds to its fields (the MRR and ARR in force,
 * the next deadlines, as its page says them), when the page has read it: `lines()` gives them at
 * the moment of the copy, none before the summary is known.
 */
export function useSummaryLines(customerId: string): () => { key: string; label: string; text: string }[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const client = useQueryClient();
  const connectionId = useSession().data?.connection?.id;
  return () => {
    const known = client
      .getQueriesData<{ summary: AgreementSummary | null }>({
        queryKey: ['summary', connectionId, customerId, language],
      })
      .map(([, data]) => data?.summary)
      .find((summary) => summary && summary.agreements > 0);
    if (!known) return [];
    const money = (key: 'mrr' | 'arr') =>
      known.live.map((total) => formatMoney(total[key], total.currency, language)).join(' + ') || '—';
    const days = numberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
    const day = dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    // As the page writes it (DeadlineValue): its date, the days left, the agreement, and within a
    // month a word that says so.
    const deadline = (found: Deadline | undefined) => {
      if (!found) return t('summary.noDeadline');
      const text = t('summary.deadline', {
        date: day.format(deadlineDay(found.days)),
        days: days.format(found.days),
        name: found.name,
        id: found.id,
      });
      const soon = found.days <= DEADLINE_SOON_DAYS;
      return soon ? `${text} ${t('summary.soon', { days: days.format(DEADLINE_SOON_DAYS) })}` : text;
    };
    return [
      { key: 'mrr', label: t('summary.totalMrr'), text: money('mrr') },
      { key: 'arr', label: t('summary.totalArr'), text: money('arr') },
      { key: 'engagement', label: t('summary.nextEngagement'), text: deadline(known.nearestEngagement) },
      { key: 'notice', label: t('summary.nextNotice'), text: deadline(known.nearestNotice) },
    ];
  };
}
