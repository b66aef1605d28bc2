// What a table asks of 300,000 agreements held (a desk's list) besides its rows, as core answers it
// once the list is held. Find in the results (search.find): the words searched over the list,
// placed in a sorted, filtered view (found-rows.ts), "k of N" and the nearest match; each text
// typed is a new search (its first answer is the one a key waits for), Enter on a text already
// found is the move. A column's values (search.values) over the same view, each column of an
// agreement. Beside each, the floor: the cheapest thing that answers it (`includes` over each row's
// text made in advance; a Map count of the column's values read from plain records).
// Run: node --expose-gc --max-old-space-size=4096 --import tsx bench/view-answers.ts
import { RowFactory, generateDataset } from '../electron/demo-api/generate.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { HeldRows } from '../electron/core/search/columns/held-rows.js';
import { compileSearch, matchesOf } from '../electron/core/search/list-query.js';
import { foundPositions, nearestFound } from '../electron/core/search/found-rows.js';
import { exerciseSearch } from '../electron/core/search/columns/search-exercise.js';
import { heldColumnValues } from '../electron/core/search/held-column-values.js';
import { AS_READ } from '../electron/core/search/columns/rows-reading.js';
import { demoFields } from '../electron/core/testing/held-demo.js';
import type { FilterCondition } from '../electron/shared/filter.js';
import { percentiles, report } from './lib/report.js';

const ROWS = 300_000;
const records = generateDataset(new RowFactory(1, '2026-01-01'), {
  customers: 100_000,
  contacts: 0,
  agreements: ROWS,
}).agreements.map((row) => toRecord.agreements(row, 'en'));
const rows = new HeldRows();
for (let at = 0; at < ROWS; at += 500) rows.append(records.slice(at, at + 500));
// As the app has a list once held (HeldLists.settle): its indexes made, its search's code run.
await rows.prepareIndexes(async () => {});
await exerciseSearch(rows, AS_READ, async () => {});

const compiled = (filter: FilterCondition[]) => compileSearch(filter, () => 'text', undefined);
// The table's view, asked by the table before any find (its rows are on screen): kept by the search.
const view = { filter: compiled([{ field: 'status', op: 'neq', value: 'terminated' }]), sort: 'mrr.desc' };
const shownOf = () => matchesOf(rows, view.filter, view.sort);
await shownOf();

/** One find as search.find runs it: the view (kept), the words (new or kept), placed, the nearest. */
async function find(text: string, from: number) {
  const shown = await shownOf();
  const found = await matchesOf(rows, compiled([{ field: '*', op: 'contains', value: text }]), undefined);
  const positions = foundPositions(shown, found, rows.length);
  return { total: positions.length, match: nearestFound(positions, from, 'next') };
}

// What agents type to find in a list of agreements: a word, a customer's id, a plan, a year, a month.
const TEXTS = [
  'pro',
  'CUS-0004',
  'enterprise',
  '2024',
  '2025-0',
  'active',
  'AGR-00012',
  'annual',
  'e',
  'basic 2023',
];
const typedMs: number[] = [];
const movedMs: number[] = [];
let totals = 0;
// Each round searches every text anew (a space more: another text for the search's cache).
for (let round = 0; round < 5; round++)
  for (const text of TEXTS) {
    const typed = `${text}${' '.repeat(round)}`;
    let started = performance.now();
    const answer = await find(typed, -1);
    typedMs.push(performance.now() - started);
    totals += answer.total;
    started = performance.now();
    await find(typed, answer.match?.row ?? 0);
    movedMs.push(performance.now() - started);
  }
if (totals === 0) throw new Error('nothing was found');

// The floor: each row's text made before the clock starts, then one `includes` a row.
const texts = records.map((record) => Object.values(record).join('\u0001').toLowerCase());
const floorMs = TEXTS.map((text) => {
  const started = performance.now();
  let count = 0;
  for (const row of texts) if (row.includes(text.toLowerCase())) count++;
  totals += count;
  return performance.now() - started;
});
// A column's values: each column of an agreement over the view, as search.values counts them.
const COLUMNS = ['status', 'mrr', 'customerId', 'name', 'endDate', 'currency', 'notice', 'id'];
// Amounts are read with their currency, as search.values reads the fields the schema says are money.
const amounts = new Set(
  demoFields('agreements', 'en').flatMap((field) => (field.format === 'currency' ? [field.key] : [])),
);
const valuesMs: number[] = [];
/** Each column's slowest summary, and its distinct values: what the time is made of. */
const slowestOf = new Map<string, { ms: number; distinct: number }>();
const floorOf = new Map<string, number>();
const valuesFloorMs: number[] = [];
const shown = await shownOf();
for (let round = 0; round < 3; round++)
  for (const field of COLUMNS) {
    let started = performance.now();
    const values = await heldColumnValues(rows, shown, field, {
      reading: AS_READ,
      join: undefined,
      money: amounts.has(field),
    });
    valuesMs.push(performance.now() - started);
    slowestOf.set(field, {
      ms: Math.max(slowestOf.get(field)?.ms ?? 0, valuesMs.at(-1)!),
      distinct: values.distinct,
    });
    totals += values.rows;
    started = performance.now();
    const counts = new Map<unknown, number>();
    for (const index of shown) {
      const value = records[index]?.[field];
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    valuesFloorMs.push(performance.now() - started);
    floorOf.set(field, Math.max(floorOf.get(field) ?? 0, valuesFloorMs.at(-1)!));
    totals += counts.size;
  }

const typed = percentiles(typedMs);
const moved = percentiles(movedMs);
const floor = percentiles(floorMs);
const values = percentiles(valuesMs);
const valuesFloor = percentiles(valuesFloorMs);
report('view-answers', [
  {
    figure: 'find in 300,000 agreements: a text typed, k of N, p95',
    value: typed.p95,
    unit: 'ms',
    target: '≤ 50',
  },
  { figure: 'a text typed, median', value: typed.median, unit: 'ms' },
  { figure: 'Enter (next match), p95', value: moved.p95, unit: 'ms', target: '≤ 50' },
  { figure: 'floor: includes over texts made in advance, median', value: floor.median, unit: 'ms' },
  { figure: 'a text typed ÷ floor (medians)', value: typed.median / floor.median, unit: '×' },
  ...[...slowestOf].flatMap(([field, { ms, distinct }]) => [
    {
      figure: `values of ${field} (${distinct.toLocaleString('en-US')} distinct), slowest of 3`,
      value: ms,
      unit: 'ms',
      target: '≤ 200' as const,
    },
    { figure: `  its floor, slowest of 3`, value: floorOf.get(field) ?? Number.NaN, unit: 'ms' },
  ]),
  { figure: "a column's values, median", value: values.median, unit: 'ms' },
  { figure: 'floor: a Map count over plain records, median', value: valuesFloor.median, unit: 'ms' },
  { figure: "a column's values ÷ floor (medians)", value: values.median / valuesFloor.median, unit: '×' },
]);
