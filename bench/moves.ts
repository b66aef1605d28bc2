// A support desk's moves in Chromium through the browser host, on the default Demo: page load →
// the first Customers rows, in another tab and in a browser with nothing cached; the first switch
// to another view, the app's own time beside its first page's round trip; the renderer script's
// size; back to a view seen seconds before (Agreements → Customers → Agreements), to one left
// 10,000 rows down, and Back from a customer, five times each, timed in the page from the click to
// the frame its rows are in, with the API requests they cost; and a customer's detail, whose
// summary and agreements table read the same pages: how many of its pages were read twice.
// Run: node --import tsx bench/moves.ts (builds the renderer first).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { loadUntilFirstRows, openAppInChromium, VIEWPORT } from './lib/app-in-chromium.js';
import { percentiles, report } from './lib/report.js';

// The desk's sizes: a Demo of 20,000 customers, 50,000 contacts and 300,000 agreements.
const { page, demo, browser, newAddress, close } = await openAppInChromium({
  size: { customers: 20_000, contacts: 50_000, agreements: 300_000 },
});
const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name });
/** Waits for the first row whose text starts with `prefix`, in `on` (the app's first tab unless said). */
const rowsOf = (prefix: RegExp, on: Page = page) =>
  on.getByTestId('row').filter({ hasText: prefix }).first().waitFor();

/** Page load → the first Customers row in the DOM, in a tab `open` gives (the token and the Demo are warm). */
async function loadToFirstRows(open: () => Promise<Page>): Promise<number> {
  const tab = await open();
  const ms = await loadUntilFirstRows(tab, newAddress());
  await tab.close();
  return ms;
}
// Another tab of the browser the app is open in: its script comes from the browser's caches, as
// for every window after the first.
const loads: number[] = [];
for (let run = 0; run < 7; run++) loads.push(await loadToFirstRows(() => page.context().newPage()));
// A browser profile of its own: nothing cached, the script fetched and compiled.
const coldLoads: number[] = [];
for (let run = 0; run < 7; run++)
  coldLoads.push(await loadToFirstRows(() => browser.newPage({ viewport: VIEWPORT })));

const scripts = readdirSync('out/renderer/assets').filter((name) => name.endsWith('.js'));
const scriptBytes = scripts.map((name) => readFileSync(join('out/renderer/assets', name)));
const scriptKiB = scriptBytes.reduce((sum, bytes) => sum + bytes.length, 0) / 1024;
const gzippedKiB = scriptBytes.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0) / 1024;

/**
 * Clicks the button labelled `label` inside the page and measures, frame by frame, how long until a
 * row of `selector` for which `matches` (a JS expression of `row`) holds is in the DOM: the user's
 * wait, without the test driver's.
 */
function clickUntil(on: Page, label: string, selector: string, matches: string): Promise<number> {
  return on.evaluate(`
    new Promise((resolve, reject) => {
      const button = [...document.querySelectorAll('button')].find((element) =>
        element.textContent.includes(${JSON.stringify(label)}));
      if (!button) return reject(new Error('no button ' + ${JSON.stringify(label)}));
      const at = performance.now();
      button.click();
      const check = () => {
        const rows = [...document.querySelectorAll(${JSON.stringify(selector)})];
        if (rows.some((row) => ${matches})) resolve(performance.now() - at);
        else requestAnimationFrame(check);
      };
      check();
    })
  `);
}

/** Clicks `label` and measures until a row whose text starts with `prefix` is in the DOM. */
const clickUntilRows = (on: Page, label: string, prefix: string) =>
  clickUntil(on, label, '[data-testid="row"]', `row.textContent.startsWith(${JSON.stringify(prefix)})`);

/**
 * Clicks `label` and measures until a row at or past `row` (from 0), with its text, is in the DOM:
 * coming back to a place deep in a view.
 */
const clickUntilRowsFrom = (on: Page, label: string, row: number) =>
  clickUntil(
    on,
    label,
    '[data-testid="row"]:not(.skeleton-row)',
    `Number(row.getAttribute('aria-rowindex')) - 2 >= ${row}`,
  );

/**
 * The first switch to Agreements in a new tab, whose Customers rows are on screen and whose reads
 * have settled: click → the first Agreements row in the DOM, and within it the round trip of the
 * view's first data.listPage as the page saw it (the host, the limiter and the Demo API: the
 * server's time). What is left is the app's own.
 */
async function firstSwitch(): Promise<{ total: number; server: number }> {
  const tab = await browser.newPage({ viewport: VIEWPORT });
  await tab.goto(newAddress());
  await rowsOf(/^CUS-/, tab);
  await tab.waitForTimeout(1_000);
  await tab.evaluate('performance.clearResourceTimings()');
  const total = await clickUntilRows(tab, 'Agreements', 'AGR-');
  const server = await tab.evaluate<number>(`(() => {
    const [first] = performance.getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('/data.listPage'))
      .sort((a, b) => a.startTime - b.startTime);
    return first ? first.responseEnd - first.startTime : NaN;
  })()`);
  await tab.close();
  return { total, server };
}
const switches: { total: number; server: number }[] = [];
for (let run = 0; run < 5; run++) switches.push(await firstSwitch());

/** API requests the Demo answered while `move` ran and one second after it. */
async function requestsDuring<T>(move: () => Promise<T>): Promise<{ result: T; requests: number }> {
  const before = demo.requests.length;
  const result = await move();
  await page.waitForTimeout(1_000);
  return { result, requests: demo.requests.length - before };
}

const REPEATS = 5;

// Back to a view seen seconds before (each time: Agreements → Customers → Agreements).
await nav('Agreements').click();
await rowsOf(/^AGR-/);
const revisits: number[] = [];
let revisitRequests = 0;
for (let run = 0; run < REPEATS; run++) {
  await nav('Customers').click();
  await rowsOf(/^CUS-/);
  await page.waitForTimeout(500);
  const revisit = await requestsDuring(() => clickUntilRows(page, 'Agreements', 'AGR-'));
  revisits.push(revisit.result);
  revisitRequests += revisit.requests;
}

// Back to a view left deep: Agreements scrolled 10,000 rows down by the wheel, Customers, and back.
const DEEP_ROW = 10_000;
const backDeep: number[] = [];
let backDeepRequests = 0;
let backDeepReads = 0;
let listPages = 0;
page.on('request', (request) => {
  if (new URL(request.url()).pathname.endsWith('/data.listPage')) listPages++;
});
for (let run = 0; run < REPEATS; run++) {
  await nav('Agreements').click();
  await rowsOf(/^AGR-/);
  if (run === 0) {
    await page.getByRole('grid', { name: 'Agreements' }).hover();
    // 32 px rows: 2,000 px a notch, a notch a frame, as a fast wheel goes.
    for (let notch = 0; notch < (DEEP_ROW * 32) / 2_000; notch++) {
      await page.mouse.wheel(0, 2_000);
      await page.waitForTimeout(16);
    }
    await page.locator('[data-testid="row"]:not(.skeleton-row)').first().waitFor();
  }
  await page.waitForTimeout(1_000);
  await nav('Customers').click();
  await rowsOf(/^CUS-/);
  await page.waitForTimeout(500);
  const pagesBefore = listPages;
  const back = await requestsDuring(() => clickUntilRowsFrom(page, 'Agreements', DEEP_ROW - 500));
  backDeep.push(back.result);
  backDeepRequests += back.requests;
  backDeepReads += listPages - pagesBefore;
}
await nav('Customers').click();
await rowsOf(/^CUS-/);
await page.waitForTimeout(1_000);

// A customer's detail (the first time its pages are read), then Back; then again, for Back alone.
const detailFrom = demo.requests.length;
const backs: number[] = [];
let backRequests = 0;
let detailReads: string[] = [];
for (let run = 0; run < REPEATS; run++) {
  await page.getByTestId('row').nth(run).dblclick();
  await page.getByRole('heading', { name: 'Agreements at a glance' }).waitFor();
  // Its agreements, or the words that it has none.
  await page
    .getByRole('grid', { name: /agreements/i })
    .locator('[data-testid="row"], .empty')
    .first()
    .waitFor();
  await page.locator('.summary-figures, .customer-summary p:not([role])').first().waitFor();
  await page.waitForTimeout(1_000);
  if (run === 0) detailReads = demo.requests.slice(detailFrom);
  const back = await requestsDuring(() => clickUntilRows(page, 'Back', 'CUS-'));
  backs.push(back.result);
  backRequests += back.requests;
}
const readTwice = detailReads.length - new Set(detailReads).size;

await close();

const load = percentiles(loads);
report('moves', [
  {
    figure: 'page load → first Customers rows, another tab (median of 7)',
    value: load.median,
    unit: 'ms',
    target: '≤ 300',
  },
  {
    figure: '  in a browser with nothing cached (median of 7)',
    value: percentiles(coldLoads).median,
    unit: 'ms',
  },
  {
    figure: 'first switch to Agreements → its first rows (median of 5)',
    value: percentiles(switches.map((move) => move.total)).median,
    unit: 'ms',
  },
  {
    figure: "  of which its first page's round trip (host, limiter, Demo API)",
    value: percentiles(switches.map((move) => move.server)).median,
    unit: 'ms',
  },
  {
    figure: "  the app's own time",
    value: percentiles(switches.map((move) => move.total - move.server)).median,
    unit: 'ms',
    target: '≤ 150',
  },
  { figure: 'renderer script', value: scriptKiB, unit: 'KiB' },
  { figure: 'renderer script, gzipped', value: gzippedKiB, unit: 'KiB' },
  {
    figure: `back to a view seen within the minute → rows on screen (median of ${REPEATS})`,
    value: percentiles(revisits).median,
    unit: 'ms',
    target: '≤ 50',
  },
  { figure: `  the slowest of the ${REPEATS}`, value: Math.max(...revisits), unit: 'ms' },
  { figure: '  API requests they cost', value: revisitRequests, unit: '', target: '≤ 0' },
  {
    figure: `back to a view left ${DEEP_ROW.toLocaleString('en')} rows down → its rows on screen (median of ${REPEATS})`,
    value: percentiles(backDeep).median,
    unit: 'ms',
    target: '≤ 50',
  },
  { figure: `  the slowest of the ${REPEATS}`, value: Math.max(...backDeep), unit: 'ms' },
  { figure: '  data.listPage requests they cost', value: backDeepReads, unit: '', target: '≤ 0' },
  { figure: '  API requests they cost', value: backDeepRequests, unit: '', target: '≤ 0' },
  {
    figure: `Back from a customer → rows on screen (median of ${REPEATS})`,
    value: percentiles(backs).median,
    unit: 'ms',
    target: '≤ 50',
  },
  { figure: `  the slowest of the ${REPEATS}`, value: Math.max(...backs), unit: 'ms' },
  { figure: '  API requests they cost', value: backRequests, unit: '', target: '≤ 0' },
  { figure: "a customer's detail, first opened: API requests", value: detailReads.length, unit: '' },
  { figure: '  pages read more than once', value: readTwice, unit: '', target: '≤ 0' },
]);
