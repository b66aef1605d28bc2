import { describe, expect, it } from 'vitest';
import { AWKWARD_COMPANY_NAMES } from './fixtures.js';
import { generateDataset, RowFactory, type DatasetSize } from './generate.js';
import { toRecord } from './rows.js';

const SIZE: DatasetSize = { customers: 3_000, contacts: 4_000, agreements: 5_000 };
const dataset = (seed: number) => generateDataset(new RowFactory(seed, '2026-01-01'), SIZE);

describe('generated data', () => {
  it('is the same for the same seed and differs for another seed', () => {
    // Compared as text: a deep comparison of 12,000 rows took most of the test's time.
    expect(JSON.stringify(dataset(42))).toBe(JSON.stringify(dataset(42)));
    expect(dataset(43).customers.map((c) => c.name)).not.toEqual(dataset(42).customers.map((c) => c.name));
  });

  it('has the requested counts and links every contact and agreement to an existing customer', () => {
    const { customers, contacts, agreements } = dataset(1);
    expect([customers.length, contacts.length, agreements.length]).toEqual([3_000, 4_000, 5_000]);
    const ids = new Set(customers.map((customer) => customer.id));
    expect([...contacts, ...agreements].every((row) => ids.has(row.customerId))).toBe(true);
  });

  it('carries the awkward text real data has', () => {
    const { customers } = dataset(1);
    const text = customers.flatMap((c) => [c.name, c.street ?? '']);
    const some = (pattern: RegExp) => text.some((value) => pattern.test(value));
    expect(some(/,/), 'comma').toBe(true);
    expect(some(/"/), 'double quote').toBe(true);
    expect(some(/\n/), 'line break').toBe(true);
    for (const lead of ['=', '+', '-', '@', '\t'])
      expect(some(new RegExp(`^\\${lead}`)), `leading ${lead}`).toBe(true);
    expect(some(/[\u3040-\u30ff\u4e00-\u9fff]/), 'CJK').toBe(true);
    expect(some(/[\u0400-\u04ff]/), 'Cyrillic').toBe(true);
    expect(some(/\p{Extended_Pictographic}/u), 'emoji').toBe(true);
    expect(some(/[éèêëàçîïôûùüÿñ]/i), 'accents').toBe(true);
    expect(AWKWARD_COMPANY_NAMES.filter((name) => text.includes(name)).length).toBeGreaterThan(10);
  });

  it('keeps its invariants: arr = 12 × mrr, end after start, notice within engagement', () => {
    // The rows that break a rule, in one assertion (one per row took most of the test's time).
    const broken = dataset(9)
      .agreements.map((row) => toRecord.agreements(row, 'en'))
      .filter(
        (record) =>
          (record.mrr === null
            ? record.arr !== null
            : Math.abs((record.arr as number) - (record.mrr as number) * 12) > 1e-6) ||
          (typeof record.endDate === 'string' && !(record.endDate > (record.startDate as string))) ||
          (record.notice !== null && !((record.notice as number) <= (record.engagement as number))) ||
          !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/.test(record.createdAt as string),
      );
    expect(broken).toEqual([]);
  });
});
