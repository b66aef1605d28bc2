// What the status bar's totals cost for a selection of 100,000 agreements held (their MRR, in
// euros): the count, sum, average, minimum and maximum the table says as a selection grows, each
// Shift+↓ counting the whole selection again. Beside it, the floor: the cheapest loop over the same
// rows (a sum of the numbers, nothing checked), so the ratio says what the checks cost.
// Run: node --expose-gc --import tsx bench/selection-totals.ts
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RowFactory, generateDataset } from '../electron/demo-api/generate.js';
import { toRecord } from '../electron/demo-api/rows.js';
import type { ApiRecord } from '../electron/shared/schema.js';
import { percentiles, report } from './lib/report.js';

// The renderer's own module, as the table runs it (its imports are the bundler's, not Node's: tsx reads them).
const { totalsOf } = (await import(
  pathToFileURL(resolve('renderer/src/table/selection-totals.ts')).href
)) as {
  totalsOf: (
    rowAt: (index: number) => ApiRecord | undefined,
    from: number,
    to: number,
    key: string,
    column: { numeric: boolean; money: boolean },
  ) => unknown;
};

const ROWS = 100_000;
const RUNS = 30;

const records: ApiRecord[] = generateDataset(new RowFactory(3, '2026-01-01'), {
  customers: 1_000,
  contacts: 0,
  agreements: ROWS,
}).agreements.map((row) => toRecord.agreements(row, 'en'));
const rowAt = (index: number) => records[index];

/** Milliseconds each of `RUNS` runs of `work` took (after a first, to warm the code up). */
function timed(work: () => unknown): number[] {
  work();
  return Array.from({ length: RUNS }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  });
}

let kept: unknown;
const totals = percentiles(
  timed(() => (kept = totalsOf(rowAt, 0, ROWS - 1, 'mrr', { numeric: true, money: true }))),
);
const floor = percentiles(
  timed(() => {
    let sum = 0;
    for (let index = 0; index < ROWS; index++) sum += (rowAt(index)?.mrr as number | null) ?? 0;
    kept = sum;
  }),
);
if (!kept) throw new Error('nothing was counted');
report('selection-totals', [
  { figure: 'totals of 100,000 rows selected, median', value: totals.median, unit: 'ms', target: '< 16' },
  { figure: 'totals of 100,000 rows selected, p95', value: totals.p95, unit: 'ms' },
  { figure: 'floor: a bare sum over the same rows, median', value: floor.median, unit: 'ms' },
  { figure: 'totals ÷ floor', value: totals.median / floor.median, unit: '×' },
]);
