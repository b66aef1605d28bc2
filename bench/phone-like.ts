// What a page of a held list costs when an API's records are full of values written as phones
// (200 a record, none named as one), beside a plain page of the Demo's customers (one phone each),
// before (the commit given by --before, b7c1c3a by default: every phone-like value parsed as a
// phone) and now (the first few of a record only, shared/phone.ts), in one run on this machine:
// - the time to take in a 500-row page (`append`, median of 10 pages);
// - the longest hold of the thread while a page is taken in as the background reads do
//   (`appendInSlices`, the time between two pauses).
// Run: node --expose-gc --import tsx bench/phone-like.ts [--before REV]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { RowFactory, generateDataset } from '../electron/demo-api/generate.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { percentiles, report, type Figure } from './lib/report.js';
import { worktreeOf } from './lib/renderer-of.js';

const { values } = parseArgs({ options: { before: { type: 'string', default: 'b7c1c3a' } } });
const PAGES = 10;
const PAGE_ROWS = 500;
const PHONE_LIKE_FIELDS = 200;

type Page = Record<string, unknown>[];
interface Rows {
  append(records: Page): void;
  appendInSlices(records: Page, pause: () => Promise<void>): Promise<void>;
}
type HeldRowsOf = new () => Rows;

const customers = generateDataset(new RowFactory(1, '2026-01-01'), {
  customers: PAGES * PAGE_ROWS,
  contacts: 0,
  agreements: 0,
}).customers.map((row) => toRecord.customers(row, 'en'));
const pagesOf = (records: Page) =>
  Array.from({ length: PAGES }, (_, page) => records.slice(page * PAGE_ROWS, (page + 1) * PAGE_ROWS));
const plain = pagesOf(customers);
// Each value a different number, as a mobile is written in France; the names say nothing of phones.
const phoneLike = pagesOf(
  customers.map((record, row) => {
    const extra: Record<string, string> = {};
    for (let field = 0; field < PHONE_LIKE_FIELDS; field++) {
      const digits = String((row * PHONE_LIKE_FIELDS + field) % 100_000_000).padStart(8, '0');
      extra[`ref${field}`] = `+33 6 ${digits.replace(/(\d\d)(?=\d)/g, '$1 ')}`;
    }
    return { ...record, ...extra };
  }),
);

/** The median ms of `append` a page, each page into the same list (ids differ from page to page). */
function appendMs(HeldRows: HeldRowsOf, pages: Page[]): number {
  const rows = new HeldRows();
  const times = pages.map((page) => {
    const started = performance.now();
    rows.append(page);
    return performance.now() - started;
  });
  return percentiles(times).median;
}

/** The longest ms the thread is held between two pauses while the pages are taken in in slices. */
async function longestSliceMs(HeldRows: HeldRowsOf, pages: Page[]): Promise<number> {
  const rows = new HeldRows();
  let longest = 0;
  for (const page of pages) {
    let resumed = performance.now();
    await rows.appendInSlices(page, async () => {
      longest = Math.max(longest, performance.now() - resumed);
      await nextTurn();
      resumed = performance.now();
    });
    longest = Math.max(longest, performance.now() - resumed);
  }
  return longest;
}

const heldRowsAt = async (root: string): Promise<HeldRowsOf> =>
  (
    (await import(pathToFileURL(join(root, 'electron/core/search/columns/held-rows.ts')).href)) as {
      HeldRows: HeldRowsOf;
    }
  ).HeldRows;

const before = await worktreeOf(values.before ?? 'b7c1c3a');
const figures: Figure[] = [];
try {
  for (const [when, root] of [
    [`before (${values.before})`, before.tree],
    ['now', process.cwd()],
  ] as const) {
    const HeldRows = await heldRowsAt(root);
    appendMs(HeldRows, plain.slice(0, 2)); // warms the code both measures run
    const plainMs = appendMs(HeldRows, plain);
    const phoneMs = appendMs(HeldRows, phoneLike);
    figures.push(
      { figure: `${when}: a plain page (500 customers), append`, value: plainMs, unit: 'ms' },
      {
        figure: `${when}: a page with ${PHONE_LIKE_FIELDS} phone-like values a row, append`,
        value: phoneMs,
        unit: 'ms',
      },
      { figure: `${when}: that page ÷ a plain page`, value: phoneMs / plainMs, unit: '×' },
      {
        figure: `${when}: the longest hold of the thread, phone-like pages in slices`,
        value: await longestSliceMs(HeldRows, phoneLike),
        unit: 'ms',
      },
    );
  }
} finally {
  await before.remove();
}
report('phone-like', figures);
