// The data table in Chromium through the browser host: time from opening a view to the first rows
// painted, the longest main-thread task (tasks of 50 ms and more: the Long Tasks API) and the main
// thread's busy time while scrolling 10,000 rows, and the JS heap once 100,000
// rows are loaded. Run: node --expose-gc --import tsx bench/table.ts (builds the renderer first).
import type { Page } from '@playwright/test';
import { openAppInChromium } from './lib/app-in-chromium.js';
import { report } from './lib/report.js';

const ROWS = 100_000;

// 500-row pages, as a profile would have.
const { page, close } = await openAppInChromium(
  { size: { customers: 5_000, contacts: 0, agreements: ROWS } },
  500,
);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');

await page.getByTestId('row').first().waitFor();
// Opening the Agreements view: from the click to the first row on screen.
const started = Date.now();
await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
await page.getByTestId('row').filter({ hasText: /^AGR-/ }).first().waitFor();
const firstRowsMs = Date.now() - started;

/** Scrolls the grid down step by step until `rows` rows are loaded (or scrolled past). */
async function scrollThrough(target: Page, rows: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const reached = await target.getByTestId('grid').evaluate((grid, top) => {
      grid.scrollTop = Math.min(top, grid.scrollTop + 2_000, grid.scrollHeight);
      return grid.scrollTop;
    }, rows * 32);
    if (reached >= rows * 32 - 1_000) return;
    if (Date.now() > deadline) throw new Error(`scrolling stalled at ${reached}px`);
    await target.waitForTimeout(16);
  }
}

// Long tasks while scrolling the first 10,000 rows.
// (Browser code as text: this file is type-checked against Node's globals, not the DOM's.)
await page.evaluate(`
  globalThis.longTasks = [];
  new PerformanceObserver((list) => globalThis.longTasks.push(...list.getEntries().map((entry) => entry.duration)))
    .observe({ type: 'longtask' });
`);
/** The main thread's busy time so far (CDP's TaskDuration), in ms. */
const busyMs = async () =>
  ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')
    ?.value ?? NaN) * 1000;
const busyBefore = await busyMs();
await scrollThrough(page, 10_000);
const busyPerThousandRows = ((await busyMs()) - busyBefore) / 10;
const longest = await page.evaluate(() =>
  Math.max(0, ...((globalThis as { longTasks?: number[] }).longTasks ?? [])),
);

await scrollThrough(page, ROWS - 50);
await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
await cdp.send('HeapProfiler.collectGarbage');
const metrics = (await cdp.send('Performance.getMetrics')).metrics;
const heapMiB = (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
const rowsInDom = await page.getByTestId('row').count();

await close();

report('table', [
  { figure: 'open the Agreements view → first rows painted', value: firstRowsMs, unit: 'ms' },
  { figure: 'longest main-thread task scrolling 10,000 rows', value: longest, unit: 'ms' },
  {
    figure: 'main-thread busy time per 1,000 rows scrolled (first 10,000)',
    value: busyPerThousandRows,
    unit: 'ms',
  },
  { figure: `JS heap with ${ROWS.toLocaleString('en')} rows loaded`, value: heapMiB, unit: 'MiB' },
  { figure: 'rows in the DOM at that point', value: rowsInDom, unit: '' },
]);
