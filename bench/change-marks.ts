// What "what changed" costs at a desk's size, 100,000 customers held: (1) a whole read compared
// with the rows it replaces, by id (list-changes.ts: every row made and compared, 100 renamed), beside
// two floors: the cheapest by-id pass over the same rows (each new row's id found among the old
// ones, nothing compared), and the least a correct comparison does here (both rows' records made,
// nothing compared); (2) the grid's marks as the table asks them, one lookup a row drawn, over all
// 100,000 records with 5,000 changes, beside the floor of one Map lookup a record.
// Run: node --expose-gc --import tsx bench/change-marks.ts
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RowFactory, generateDataset } from '../electron/demo-api/generate.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { HeldRows } from '../electron/core/search/columns/held-rows.js';
import { ListChanges, recordDifferences } from '../electron/core/search/lists/list-changes.js';
import { Slicer } from '../electron/core/slices.js';
import type { ApiRecord } from '../electron/shared/schema.js';
import type { ListChangesAnswer } from '../electron/shared/held-list.js';
import { percentiles, report } from './lib/report.js';

// The renderer's own module, as the table runs it.
interface Mark {
  kind: 'changed' | 'new';
  words: string;
  was: ReadonlyMap<string, string>;
}
const { ChangeMarks, markerOf } = (await import(
  pathToFileURL(resolve('renderer/src/rows/change-marks.ts')).href
)) as {
  ChangeMarks: new (answer: ListChangesAnswer) => unknown;
  markerOf: (marks: unknown, describe: () => Mark) => (record: ApiRecord) => Mark | undefined;
};

const ROWS = 100_000;
const RENAMED = 100;
const LISTED = 5_000;
const RUNS = 7;

const records: ApiRecord[] = generateDataset(new RowFactory(3, '2026-01-01'), {
  customers: ROWS,
  contacts: 0,
  agreements: 0,
}).customers.map((row) => toRecord.customers(row, 'en'));
const renamed = records.map((record, index) =>
  index % (ROWS / RENAMED) === 7
    ? { ...record, name: `Renamed ${index}`, updatedAt: '2026-11-28T13:42:00Z' }
    : record,
);
const held = (rows: ApiRecord[]) => {
  const made = new HeldRows();
  for (let from = 0; from < rows.length; from += 500) made.append(rows.slice(from, from + 500));
  return made;
};
const before = held(records);
const after = held(renamed);

/** Milliseconds each of `RUNS` runs of `work` took (after a first, to warm the code up). */
async function timed(work: () => unknown): Promise<number[]> {
  await work();
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return runs;
}

let found = 0;
const diff = percentiles(
  await timed(async () => {
    const changes = new ListChanges();
    await recordDifferences(before, after, changes, Date.now(), new Slicer());
    found = changes.count().rows;
  }),
);
if (found !== RENAMED) throw new Error(`found ${found} changed rows, not ${RENAMED}`);
const diffFloor = percentiles(
  await timed(() => {
    let matched = 0;
    for (let index = 0; index < after.length; index++)
      if (before.indexOf(String(after.valueAt(index, 'id'))) !== undefined) matched++;
    found = matched;
  }),
);
// The cheapest correct comparison must read every value of both rows: both records made, nothing compared.
const readFloor = percentiles(
  await timed(() => {
    let fields = 0;
    for (let index = 0; index < after.length; index++) {
      const id = String(after.valueAt(index, 'id'));
      const was = before.indexOf(id);
      fields += Object.keys(after.recordAt(index)).length;
      if (was !== undefined) fields += Object.keys(before.recordAt(was)).length;
    }
    found = fields;
  }),
);

const answer: ListChangesAnswer = {
  rows: records.slice(0, LISTED).map((record) => ({
    id: String(record.id),
    at: 0,
    kind: 'changed',
    previous: { name: 'Before' },
  })),
  gone: [],
  unlisted: 0,
};
const marks = new ChangeMarks(answer);
const describe = () => ({
  kind: 'changed' as const,
  words: 'changed at 13:42',
  was: new Map([['name', 'was: Before']]),
});
let marked = 0;
const markCost = percentiles(
  await timed(() => {
    // A new marker each run, as after each change of the list: every record described again.
    const marker = markerOf(marks, describe);
    marked = 0;
    for (const record of records) if (marker(record)) marked++;
  }),
);
if (marked !== LISTED) throw new Error(`marked ${marked} rows, not ${LISTED}`);
const ids = new Map(answer.rows.map((change) => [change.id, change]));
const markFloor = percentiles(
  await timed(() => {
    marked = 0;
    for (const record of records) if (ids.get(String(record.id))) marked++;
  }),
);

report('change-marks', [
  { figure: 'whole read of 100,000 compared by id, median', value: diff.median, unit: 'ms' },
  { figure: 'floor: ids matched only, median', value: diffFloor.median, unit: 'ms' },
  { figure: 'compared ÷ ids floor', value: diff.median / diffFloor.median, unit: '×' },
  { figure: 'floor: both records read, nothing compared, median', value: readFloor.median, unit: 'ms' },
  { figure: 'compared ÷ read floor', value: diff.median / readFloor.median, unit: '×' },
  {
    figure: 'marks of 100,000 rows (5,000 changed), median',
    value: markCost.median,
    unit: 'ms',
    target: '< 16',
  },
  { figure: 'floor: one Map lookup a row, median', value: markFloor.median, unit: 'ms' },
  { figure: 'marks ÷ floor', value: markCost.median / markFloor.median, unit: '×' },
]);
