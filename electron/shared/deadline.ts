import type { ApiRecord } from './schema.js';

/**
 * Deadlines as they really stand today (docs/api.md, "Deadlines"). The spec's `engagement` and
 * `notice` are days remaining before an agreement's commitment deadline and notice period, counted
 * by the API on a day of its own; nothing says they are checked against the agreement's end date or
 * its status. An agreement that is over (a closing status, or an end date passed) has no deadline
 * ahead, and one with an end date is counted from today to it.
 */

/** The fields that count days to a deadline, as the spec names them. */
export const DEADLINE_FIELDS = ['engagement', 'notice'] as const;
export type DeadlineField = (typeof DEADLINE_FIELDS)[number];

/** Statuses of an agreement that is over, in the words APIs use (the spec lists none). */
const OVER = new Set([
  'expired',
  'terminated',
  'cancelled',
  'canceled',
  'closed',
  'ended',
  'churned',
  'inactive',
]);

const DAY_MS = 86_400_000;

export function isDeadlineField(field: string): field is DeadlineField {
  return (DEADLINE_FIELDS as readonly string[]).includes(field);
}

/** Whether the agreement is over: its status says so, or its end date has passed. */
export function isOver(record: ApiRecord, now: number = Date.now()): boolean {
  if (typeof record.status === 'string' && OVER.has(record.status.toLowerCase())) return true;
  const end = endOf(record);
  return end !== undefined && end < startOfDay(now);
}

/**
 * The days left before `field`'s deadline today: none (null) for an agreement that is over; from
 * today to its end date for the commitment when it has one, and the notice period moved by as
 * many days as the API's count was behind (negative once it has passed); else the API's own count
 * (undefined when it gave none).
 */
export function daysLeft(
  record: ApiRecord,
  field: DeadlineField,
  now: number = Date.now(),
): number | null | undefined {
  const given = record[field];
  const days = typeof given === 'number' && Number.isFinite(given) ? given : undefined;
  if (isOver(record, now)) return null;
  const end = endOf(record);
  if (end === undefined) return days;
  const toEnd = Math.round((end - startOfDay(now)) / DAY_MS);
  if (field === 'engagement') return toEnd;
  const engagement = record.engagement;
  if (days === undefined || typeof engagement !== 'number' || !Number.isFinite(engagement)) return days;
  // The notice period ends as many days before the end as the API's two counts are apart; below
  // zero, it has passed (0 is today: the two must not read, sort or filter alike).
  return toEnd - (engagement - days);
}

/** The day (its start, UTC, as the API's dates are) a deadline `days` days from today falls on. */
export function deadlineDay(days: number, now: number = Date.now()): number {
  return startOfDay(now) + days * DAY_MS;
}

/** Statuses of an agreement not in force yet, in the words APIs use (the spec lists none). */
const NOT_YET = new Set(['draft', 'pending', 'pending_signature', 'proposed', 'quote', 'quoted', 'signing']);

/**
 * Whether the agreement is in force today: neither over (isOver) nor still to come (a draft, one
 * waiting for its signature, one that starts later). Its MRR is what the customer pays now.
 */
export function isLive(record: ApiRecord, now: number = Date.now()): boolean {
  if (isOver(record, now)) return false;
  if (typeof record.status === 'string' && NOT_YET.has(record.status.toLowerCase())) return false;
  const start = typeof record.startDate === 'string' ? Date.parse(record.startDate) : Number.NaN;
  return Number.isNaN(start) || start < startOfDay(now) + DAY_MS;
}

function endOf(record: ApiRecord): number | undefined {
  if (typeof record.endDate !== 'string') return undefined;
  const end = Date.parse(
    /^\d{4}-\d{2}-\d{2}$/.test(record.endDate) ? `${record.endDate}T00:00:00Z` : record.endDate,
  );
  return Number.isNaN(end) ? undefined : end;
}

function startOfDay(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}
