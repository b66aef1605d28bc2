// Every screen at once, in Chromium through the browser host, on a desk-sized Demo: page load → the
// first Customers rows in another tab, with where the time goes (the script, the first request, the
// first page's answer, the first rows); and the first visit to each list and to a customer in a
// fresh tab (click → its first rows), with the Demo in process and with 50 ms between the app and
// the API. With `--before REV`, every figure is also taken for the renderer of that commit (built
// apart) in the same run, the two in turn, on the same app core.
// Run: node --import tsx bench/first-visits.ts [--before REV] (builds the renderer first).
import { parseArgs } from 'node:util';
import {
  loadUntilFirstRows,
  openAppInChromium,
  VIEWPORT,
  type AppInChromium,
} from './lib/app-in-chromium.js';
import { percentiles, report, type Figure } from './lib/report.js';

const SIZE = { customers: 20_000, contacts: 50_000, agreements: 300_000 };
const LOADS = 9;
const VISITS = 5;
const before = parseArgs({ options: { before: { type: 'string' } } }).values.before;

type Build = 'after' | 'before';
const builds: Build[] = before ? ['after', 'before'] : ['after'];
const median = (samples: number[]) => percentiles(samples).median;

/** Where one load's time went, in the page's clock from its navigation. */
interface LoadPhases {
  firstRows: number;
  /** The script came (its response's end). */
  script: number;
  /** The first request to the app (the script ran up to it). */
  firstRequest: number;
  /** The first page of the list answered. */
  firstPage: number;
}

async function loadPhases(app: AppInChromium, build: Build): Promise<LoadPhases> {
  const tab = await app.page.context().newPage();
  const address = build === 'after' ? app.newAddress() : (app.newBeforeAddress?.() ?? '');
  const firstRows = await loadUntilFirstRows(tab, address);
  const phases = await tab.evaluate<Omit<LoadPhases, 'firstRows'>>(`(() => {
    const entries = performance.getEntriesByType('resource');
    const script = entries.filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.responseEnd);
    const calls = entries.filter((entry) => !/\\.(js|css)$/.test(entry.name));
    const page = calls.find((entry) => entry.name.endsWith('/data.listPage'));
    return {
      script: Math.max(...script),
      firstRequest: Math.min(...calls.map((entry) => entry.startTime)),
      firstPage: page ? page.responseEnd : NaN,
    };
  })()`);
  await tab.close();
  return { firstRows, ...phases };
}

/**
 * Opens a fresh tab of `build` on the Customers list, lets its reads settle, then runs `move` in the
 * page and measures, frame by frame, until `arrived` (a JS expression) holds: the user's wait.
 */
async function firstVisit(app: AppInChromium, build: Build, move: string, arrived: string): Promise<number> {
  const tab = await app.browser.newPage({ viewport: VIEWPORT });
  await tab.goto(build === 'after' ? app.newAddress() : (app.newBeforeAddress?.() ?? ''));
  await tab.getByTestId('row').filter({ hasText: /^CUS-/ }).first().waitFor();
  await tab.waitForTimeout(1_000);
  const ms = await tab.evaluate<number>(`
    new Promise((resolve) => {
      const at = performance.now();
      ${move};
      const check = () => (${arrived} ? resolve(performance.now() - at) : requestAnimationFrame(check));
      check();
    })
  `);
  await tab.close();
  return ms;
}

const clickList = (label: string) =>
  `[...document.querySelectorAll('nav button')].find((button) => button.textContent.includes(${JSON.stringify(label)})).click()`;
const rowStartingWith = (prefix: string) =>
  `[...document.querySelectorAll('[data-testid="row"]')].some((row) => row.textContent.startsWith(${JSON.stringify(prefix)}))`;
// A double-click on the first customer opens it; it is there when its agreements table shows a
// row, or says it has none.
const openCustomer = `document.querySelector('[data-testid="row"]').dispatchEvent(new MouseEvent('dblclick', { bubbles: true }))`;
const customerShown = `[...document.querySelectorAll('[role="grid"]')].some((grid) =>
  /agreements/i.test(grid.getAttribute('aria-label') ?? '') && grid.querySelector('[data-testid="row"]:not(.skeleton-row), .empty'))`;

const MOVES = [
  { name: 'Contacts', move: clickList('Contacts'), arrived: rowStartingWith('CON-') },
  { name: 'Agreements', move: clickList('Agreements'), arrived: rowStartingWith('AGR-') },
  { name: 'a customer', move: openCustomer, arrived: customerShown },
];

/** The first visits of every move, each build in turn: medians by build and move. */
async function visits(app: AppInChromium): Promise<Record<Build, Record<string, number>>> {
  const samples: Record<Build, Record<string, number[]>> = { after: {}, before: {} };
  for (let run = 0; run < VISITS; run++)
    for (const { name, move, arrived } of MOVES)
      for (const build of builds)
        (samples[build][name] ??= []).push(await firstVisit(app, build, move, arrived));
  const medians = (build: Build) =>
    Object.fromEntries(Object.entries(samples[build]).map(([name, ms]) => [name, median(ms)]));
  return { after: medians('after'), before: medians('before') };
}

const local = await openAppInChromium({ size: SIZE }, undefined, before);
const loads: Record<Build, LoadPhases[]> = { after: [], before: [] };
for (let run = 0; run < LOADS; run++)
  for (const build of builds) loads[build].push(await loadPhases(local, build));
const localVisits = await visits(local);
await local.close();

const distant = await openAppInChromium({ size: SIZE, latencyMs: 50, latencyJitter: 0 }, undefined, before);
const distantVisits = await visits(distant);
await distant.close();

const figures: Figure[] = [];
for (const build of builds) {
  const tag = build === 'after' ? '' : ' [before]';
  const phase = (pick: (load: LoadPhases) => number) => median(loads[build].map(pick));
  figures.push(
    {
      figure: `page load → first Customers rows, another tab (median of ${LOADS})${tag}`,
      value: phase((load) => load.firstRows),
      unit: 'ms',
      ...(build === 'after' && { target: '≤ 300' as const }),
    },
    { figure: `  the script in${tag}`, value: phase((load) => load.script), unit: 'ms' },
    { figure: `  its first request sent${tag}`, value: phase((load) => load.firstRequest), unit: 'ms' },
    { figure: `  the first page answered${tag}`, value: phase((load) => load.firstPage), unit: 'ms' },
  );
  for (const { name } of MOVES) {
    figures.push({
      figure: `first visit to ${name} → its first rows (median of ${VISITS})${tag}`,
      value: localVisits[build][name] ?? NaN,
      unit: 'ms',
      ...(build === 'after' && { target: '≤ 150' as const }),
    });
    figures.push({
      figure: `  with 50 ms between the app and the API${tag}`,
      value: distantVisits[build][name] ?? NaN,
      unit: 'ms',
    });
  }
}
report('first-visits', figures);
