import { describe, expect, it } from 'vitest';
import { summarize } from './agreement-summary.js';

const agreement = (fields: Record<string, unknown>) => ({
  id: `AGR-${Math.random()}`,
  name: 'Plan',
  ...fields,
});

describe("a customer's agreements at a glance", () => {
  it('sums as in force only what the customer pays today: not over, not a draft or unsigned, started', () => {
    const now = Date.UTC(2026, 11, 1, 10);
    const euros = (status: string, mrr: number, more: Record<string, unknown> = {}) =>
      agreement({ status, mrr, arr: mrr * 12, currency: 'EUR', startDate: '2024-01-01', ...more });
    const summary = summarize(
      [
        euros('active', 100),
        euros('suspended', 10),
        euros('active', 1, { startDate: '2026-12-01' }),
        euros('terminated', 548),
        euros('expired', 1_000),
        euros('pending', 492.5),
        euros('draft', 20),
        euros('active', 7, { endDate: '2025-06-30' }),
        euros('active', 3, { startDate: '2027-01-01' }),
      ],
      now,
    );
    expect(summary.live).toEqual([{ currency: 'EUR', mrr: 111, arr: 1332 }]);
    expect(summary.totals).toEqual([{ currency: 'EUR', mrr: 2181.5, arr: 26178 }]);
  });

  it('counts by status with the API’s label, most first, and sums MRR and ARR per currency', () => {
    const summary = summarize([
      agreement({ status: 'active', statusLabel: 'Actif', mrr: 100, arr: 1200, currency: 'EUR' }),
      agreement({ status: 'active', statusLabel: 'Actif', mrr: 50.5, arr: 606, currency: 'EUR' }),
      agreement({ status: 'draft', statusLabel: 'Brouillon', mrr: 10, arr: 120, currency: 'USD' }),
      agreement({ status: null, mrr: null, arr: null }),
    ]);
    expect(summary.agreements).toBe(4);
    expect(summary.byStatus.map(({ status, label, count }) => [status, label, count])).toEqual([
      ['active', 'Actif', 2],
      ['draft', 'Brouillon', 1],
      [null, null, 1],
    ]);
    expect(summary.byStatus[0]?.mrr).toEqual([{ currency: 'EUR', amount: 150.5 }]);
    expect(summary.totals).toEqual([
      { currency: 'EUR', mrr: 150.5, arr: 1806 },
      { currency: 'USD', mrr: 10, arr: 120 },
    ]);
  });

  it('names the nearest deadline still ahead, a reached one (0 days) not counted', () => {
    const summary = summarize([
      agreement({ id: 'A', engagement: 0, notice: 0 }),
      agreement({ id: 'B', name: 'Gold', engagement: 40, notice: 12 }),
      agreement({ id: 'C', engagement: 25, notice: null }),
      agreement({ id: 'D', engagement: '3', notice: 'soon' }),
    ]);
    expect(summary.nearestEngagement).toEqual({ days: 25, id: 'C', name: 'Plan' });
    expect(summary.nearestNotice).toEqual({ days: 12, id: 'B', name: 'Gold' });
  });

  it('leaves out what the records do not carry, guessing nothing', () => {
    const summary = summarize([{ id: 1, title: 'no known fields' }]);
    expect(summary.totals).toEqual([]);
    expect(summary.nearestEngagement).toBeUndefined();
    expect(summary.byStatus).toEqual([{ status: null, label: null, count: 1, mrr: [] }]);
  });
});
