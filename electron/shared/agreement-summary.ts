import { daysLeft, isLive } from './deadline.js';
import type { ApiRecord } from './schema.js';

/**
 * What a support agent is asked about a customer, folded from its agreements as the API sends them.
 * The spec names the sortable fields `status`, `mrr`, `arr`, `engagement` (days remaining before
 * the commitment deadline) and `notice` (days remaining before the notice period) and says nothing
 * of their values: a field that is absent or not a number is left out, never guessed.
 */
export interface AgreementSummary {
  agreements: number;
  /** By status, most agreements first; `status` null for agreements without one. */
  byStatus: StatusGroup[];
  /**
   * MRR and ARR per currency of the agreements in force today (deadline.ts, isLive): what the
   * customer pays now (`currency` null where agreements do not say theirs).
   */
  live: CurrencyTotal[];
  /** The same totals over every agreement, whatever its status (the shares by status are of these). */
  totals: CurrencyTotal[];
  /** The agreement whose commitment deadline comes first among those still ahead. */
  nearestEngagement?: Deadline;
  /** The agreement whose notice period ends first among those still ahead. */
  nearestNotice?: Deadline;
}

export interface StatusGroup {
  status: string | null;
  /** The API's own label for it when records carry one (`statusLabel`), else the status. */
  label: string | null;
  count: number;
  /** Monthly recurring revenue of the group, per currency (the chart's bars). A list, not a Map: the summary crosses IPC and the browser host's JSON. */
  mrr: { currency: string | null; amount: number }[];
}

export interface CurrencyTotal {
  currency: string | null;
  mrr: number;
  arr: number;
}

export interface Deadline {
  days: number;
  id: string;
  name: string;
}

/** Days left at which a deadline is pointed out (a notice period ending within a month). */
export const DEADLINE_SOON_DAYS = 30;

const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The summary of `agreements` (one customer's, every page of them). */
export function summarize(agreements: readonly ApiRecord[], now: number = Date.now()): AgreementSummary {
  const groups = new Map<string | null, Omit<StatusGroup, 'mrr'> & { mrr: Map<string | null, number> }>();
  const totals = new Map<string | null, CurrencyTotal>();
  const live = new Map<string | null, CurrencyTotal>();
  let nearestEngagement: Deadline | undefined;
  let nearestNotice: Deadline | undefined;
  for (const record of agreements) {
    const status = textOf(record.status);
    const group = groups.get(status) ?? {
      status,
      label: null,
      count: 0,
      mrr: new Map<string | null, number>(),
    };
    group.count++;
    group.label ??= textOf(record.statusLabel) ?? status;
    groups.set(status, group);

    const currency = textOf(record.currency);
    const mrr = numberOf(record.mrr);
    const arr = numberOf(record.arr);
    if (mrr !== undefined || arr !== undefined) {
      add(totals, currency, mrr, arr);
      if (isLive(record, now)) add(live, currency, mrr, arr);
      group.mrr.set(currency, (group.mrr.get(currency) ?? 0) + (mrr ?? 0));
    }
    // Judged as they stand today: an agreement that is over has none ahead (deadline.ts).
    nearestEngagement = nearer(nearestEngagement, record, daysLeft(record, 'engagement', now) ?? undefined);
    nearestNotice = nearer(nearestNotice, record, daysLeft(record, 'notice', now) ?? undefined);
  }
  return {
    agreements: agreements.length,
    byStatus: [...groups.values()]
      .map((group) => ({ ...group, mrr: [...group.mrr].map(([currency, amount]) => ({ currency, amount })) }))
      .sort((a, b) => b.count - a.count || (a.label ?? '\uffff').localeCompare(b.label ?? '\uffff')),
    live: byCurrency(live),
    totals: byCurrency(totals),
    nearestEngagement,
    nearestNotice,
  };
}

/** Adds an agreement's amounts to the totals of its currency. */
function add(
  totals: Map<string | null, CurrencyTotal>,
  currency: string | null,
  mrr: number | undefined,
  arr: number | undefined,
): void {
  const total = totals.get(currency) ?? { currency, mrr: 0, arr: 0 };
  total.mrr += mrr ?? 0;
  total.arr += arr ?? 0;
  totals.set(currency, total);
}

const byCurrency = (totals: Map<string | null, CurrencyTotal>) =>
  [...totals.values()].sort((a, b) => (a.currency ?? '').localeCompare(b.currency ?? ''));

/**
 * The nearer of two deadlines. Zero days left is a deadline already reached (the Demo counts down
 * to 0 and stays there), so only deadlines still ahead (≥ 1 day) count as "next".
 */
function nearer(current: Deadline | undefined, record: ApiRecord, days: number | undefined) {
  if (days === undefined || days < 1 || (current && current.days <= days)) return current;
  const id = typeof record.id === 'number' ? String(record.id) : (textOf(record.id) ?? '');
  return { days, id, name: textOf(record.name) ?? id };
}
