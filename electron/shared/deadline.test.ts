import { describe, expect, it } from 'vitest';
import { summarize } from './agreement-summary.js';
import { daysLeft, deadlineDay, isOver } from './deadline.js';
import { compileFilter } from './filter.js';

const TODAY = Date.parse('2026-11-26T15:00:00Z');

describe('deadlines as they stand today', () => {
  it('gives an agreement that is over no deadline, whatever the API counted', () => {
    // Expired on 28 Jan 2026, counted by the API on 1 Jan: "27 days" then, none now.
    const expired = {
      id: 'AGR-00207781',
      status: 'expired',
      endDate: '2026-01-28',
      engagement: 27,
      notice: 0,
    };
    expect(isOver(expired, TODAY)).toBe(true);
    expect(daysLeft(expired, 'engagement', TODAY)).toBeNull();
    // An end date passed is over whatever the status says; a closing status whatever the end date.
    expect(
      daysLeft({ status: 'active', endDate: '2025-12-31', engagement: 5 }, 'engagement', TODAY),
    ).toBeNull();
    expect(
      daysLeft({ status: 'Terminated', endDate: '2027-12-31', engagement: 500 }, 'engagement', TODAY),
    ).toBeNull();
  });

  it('counts a live agreement from today to its end date, the notice period moved as much', () => {
    const live = { status: 'active', endDate: '2026-12-10', engagement: 343, notice: 283 };
    expect(daysLeft(live, 'engagement', TODAY)).toBe(14);
    // 60 days of notice before the end: passed 46 days ago, which is not today (0), and is out of
    // "between 0 and 60".
    expect(daysLeft(live, 'notice', TODAY)).toBe(-46);
    const within = compileFilter([{ field: 'notice', op: 'between', value: '0..60' }], () => 'number');
    expect(within(live)).toBe(false);
    expect(daysLeft({ ...live, endDate: '2027-03-01', notice: 313 }, 'notice', TODAY)).toBe(65);
    // Without an end date the API's own count stands.
    expect(daysLeft({ status: 'active', engagement: 12 }, 'engagement', TODAY)).toBe(12);
  });

  it('leaves an expired agreement out of the next deadline, and out of "between 0 and 30"', () => {
    const agreements = [
      { id: 'A', name: 'old', status: 'expired', endDate: '2026-01-28', engagement: 27, notice: 0 },
      { id: 'B', name: 'live', status: 'active', endDate: '2027-01-05', engagement: 369, notice: 300 },
    ];
    expect(summarize(agreements, TODAY).nearestEngagement).toEqual({ days: 40, id: 'B', name: 'live' });
    const soon = compileFilter([{ field: 'engagement', op: 'between', value: '0..30' }], () => 'number');
    const inFortyFive = compileFilter(
      [{ field: 'engagement', op: 'between', value: '0..45' }],
      () => 'number',
    );
    expect(agreements.filter(soon)).toEqual([]);
    expect(agreements.filter(inFortyFive).map((agreement) => agreement.id)).toEqual(['B']);
  });

  it('takes "between" on numbers and dates, both bounds included, and refuses one bound', () => {
    const amounts = compileFilter([{ field: 'mrr', op: 'between', value: '10..20' }], () => 'number');
    expect([9, 10, 20, 21].filter((mrr) => amounts({ mrr }))).toEqual([10, 20]);
    const days = compileFilter(
      [{ field: 'startDate', op: 'between', value: '2024-01-01..2024-01-31' }],
      () => 'date',
    );
    expect(
      ['2023-12-31', '2024-01-01', '2024-01-31', '2024-02-01'].filter((startDate) => days({ startDate })),
    ).toEqual(['2024-01-01', '2024-01-31']);
    expect(() => compileFilter([{ field: 'mrr', op: 'between', value: '10' }], () => 'number')).toThrow(
      /two values/,
    );
  });
});

describe('the day a deadline falls on', () => {
  it('is today plus its days, as a calendar day (UTC, as the API writes dates), whatever the hour', () => {
    const lateEvening = Date.parse('2026-11-27T23:43:00Z');
    expect(new Date(deadlineDay(162, lateEvening)).toISOString()).toBe('2027-05-08T00:00:00.000Z');
    expect(deadlineDay(0, lateEvening)).toBe(Date.parse('2026-11-27T00:00:00Z'));
  });
});
