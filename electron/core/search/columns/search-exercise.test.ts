import { describe, expect, it } from 'vitest';
import { generateDataset, RowFactory } from '../../../demo-api/generate.js';
import { toRecord } from '../../../demo-api/rows.js';
import { HeldRows } from './held-rows.js';
import { AS_READ } from './rows-reading.js';
import { exerciseSearch } from './search-exercise.js';

// Once a list is held, its search's code is exercised in the background: in steps, the thread let
// go between two, so that nothing the process serves waits for it.

describe("a held list's search exercised", () => {
  it('lets the thread go between steps of a few thousand rows, each exercise in turn', async () => {
    const { agreements } = generateDataset(new RowFactory(3, '2026-01-01'), {
      customers: 500,
      contacts: 0,
      agreements: 12_000,
    });
    const rows = new HeldRows();
    for (let at = 0; at < agreements.length; at += 500)
      rows.append(agreements.slice(at, at + 500).map((row) => toRecord.agreements(row, 'en')));
    let pauses = 0;
    await exerciseSearch(rows, AS_READ, () => {
      pauses++;
      return Promise.resolve();
    });
    // Three exercises of 12,000 rows in steps of 5,000, and a pause a term in the dictionaries.
    expect(pauses).toBeGreaterThanOrEqual(3 * 3);
  });
});
