// The data table at depth, in Chromium through the browser host, on a Demo of 1,000,000 agreements:
// time to the first rows; the scrollbar's height before scrolling; the longest
// main-thread task (Long Tasks API) and the busy time while scrolling the first 10,000 rows and
// 10,000 rows after row 100,000; the JS heap after a forced GC at 25,000, 75,000 and 150,000 rows
// passed; the scrolling rate; the time from dragging the scrollbar to the end until the last rows
// are shown; rows in the DOM. Scrolling moves the grid 2,000 px at a time, as a wheel does, and
// counts rows by the greatest aria-rowindex on screen (scaled scrolling moves fewer pixels per row).
// The busy time is printed beside that of a plain recycled DOM grid of the same shape scrolled by the
// same script in the same browser (lib/floor-grid.ts): the floor, what style, layout and paint cost.
// Their ratio is taken without what the scroll script itself costs each page (measured apart).
// Run: node --expose-gc --import tsx bench/table.ts (builds the renderer first).
import type { CDPSession } from '@playwright/test';
import { floorGridPage } from './lib/floor-grid.js';
import { openAppInChromium, VIEWPORT } from './lib/app-in-chromium.js';
import { report } from './lib/report.js';
import { ROW_HEIGHT, scrollerOf, watchLongTasks } from './lib/scroll-measure.js';

const TOTAL = 1_000_000;

// 500-row pages, as a profile would have.
const { page, browser, close } = await openAppInChromium(
  { size: { customers: 20_000, contacts: 0, agreements: TOTAL } },
  500,
);
const cdp: CDPSession = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const grid = page.getByTestId('grid');

const started = Date.now();
await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
await page.getByTestId('row').filter({ hasText: /^AGR-/ }).first().waitFor();
const firstRowsMs = Date.now() - started;
const heightBefore = await grid.evaluate((element) => element.scrollHeight);

/** The JS heap after a forced garbage collection, in MiB. */
const heapMiB = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
};

const app = scrollerOf(page, cdp);
const { lastRowShown, scrollTo, scrollTenThousand } = app;
await watchLongTasks(page);

const shallow = await scrollTenThousand(0);
await scrollTo(25_000);
const heapAt25k = await heapMiB();
await scrollTo(75_000);
const heapAt75k = await heapMiB();
await scrollTo(100_000);
const deep = await scrollTenThousand(100_000);
await scrollTo(150_000);
const heapAt150k = await heapMiB();
const rowsInDom = await page.getByTestId('row').count();
const appScript = await app.scriptPerThousand();

// Dragging the thumb to the bottom: the scroll position jumps to the end in one move.
const dragged = Date.now();
await grid.evaluate((element) => (element.scrollTop = element.scrollHeight));
let toLastRowsMs = NaN;
while (Date.now() - dragged < 20_000) {
  if ((await lastRowShown()) >= TOTAL) {
    toLastRowsMs = Date.now() - dragged;
    break;
  }
  await page.waitForTimeout(20);
}
const reachedAfterDrag = await lastRowShown();

// The floor, in the same browser, with the same scroll script.
const floorPage = await browser.newPage({ viewport: VIEWPORT });
await floorPage.setContent(floorGridPage(TOTAL));
const floorCdp = await floorPage.context().newCDPSession(floorPage);
await floorCdp.send('Performance.enable');
await watchLongTasks(floorPage);
const floor = scrollerOf(floorPage, floorCdp);
const floorShallow = await floor.scrollTenThousand(0);
await floor.scrollTo(100_000);
const floorDeep = await floor.scrollTenThousand(100_000);
const floorScript = await floor.scriptPerThousand();
/** The table's busy time over the floor's, each without what the scroll script costs its page. */
const ratio = (table: number, floorBusy: number) => (table - appScript) / (floorBusy - floorScript);

await close();

report('table', [
  { figure: 'open the Agreements view → first rows painted', value: firstRowsMs, unit: 'ms' },
  {
    figure: `scrollable height before scrolling (the whole view: ${(TOTAL * ROW_HEIGHT).toLocaleString('en')} px or the browser's cap)`,
    value: heightBefore,
    unit: 'px',
  },
  { figure: 'longest main-thread task, rows 0–10,000', value: shallow.longest, unit: 'ms', target: '≤ 50' },
  {
    figure: 'longest main-thread task, rows 100,000–110,000',
    value: deep.longest,
    unit: 'ms',
    target: '≤ 50',
  },
  { figure: 'main-thread busy per 1,000 rows, rows 0–10,000', value: shallow.busyPerThousand, unit: 'ms' },
  {
    figure: '  the floor (plain recycled DOM grid), rows 0–10,000',
    value: floorShallow.busyPerThousand,
    unit: 'ms',
  },
  {
    figure: '  the scroll script alone, per 1,000 rows: on the table / on the floor',
    value: appScript,
    unit: `/ ${floorScript.toFixed(0)} ms`,
  },
  {
    figure: '  the table ÷ the floor, rows 0–10,000 (the script off both)',
    value: ratio(shallow.busyPerThousand, floorShallow.busyPerThousand),
    unit: '×',
    target: '≤ 1.3',
  },
  {
    figure: 'main-thread busy per 1,000 rows, rows 100,000–110,000',
    value: deep.busyPerThousand,
    unit: 'ms',
  },
  { figure: '  the floor, rows 100,000–110,000', value: floorDeep.busyPerThousand, unit: 'ms' },
  {
    figure: '  the table ÷ the floor, rows 100,000–110,000 (the script off both)',
    value: ratio(deep.busyPerThousand, floorDeep.busyPerThousand),
    unit: '×',
    target: '≤ 1.3',
  },
  {
    figure: '  the floor: longest task while scrolling',
    value: Math.max(floorShallow.longest, floorDeep.longest),
    unit: 'ms',
  },
  { figure: 'scrolling rate, rows 0–10,000', value: shallow.rowsPerSecond, unit: 'rows/s' },
  { figure: 'scrolling rate, rows 100,000–110,000', value: deep.rowsPerSecond, unit: 'rows/s' },
  { figure: 'JS heap after GC, 25,000 rows passed', value: heapAt25k, unit: 'MiB' },
  { figure: 'JS heap after GC, 75,000 rows passed', value: heapAt75k, unit: 'MiB' },
  { figure: 'JS heap after GC, 150,000 rows passed', value: heapAt150k, unit: 'MiB' },
  { figure: 'heap at 150,000 ÷ heap at 25,000', value: heapAt150k / heapAt25k, unit: '×' },
  {
    figure: 'scrollbar dragged to the end → last row shown (NaN: not within 20 s)',
    value: toLastRowsMs,
    unit: 'ms',
  },
  { figure: 'last row shown 20 s after the drag', value: reachedAfterDrag, unit: '' },
  { figure: 'rows in the DOM', value: rowsInDom, unit: '' },
]);
