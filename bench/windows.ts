// The table at real size in every window, in Chromium through the browser host, on a Demo of
// 100,000 customers and 300,000 agreements: for each window (beside a ticket tool 500×800, 320×640,
// 200 % zoom of a laptop 640×360, the laptop 1280×720), the grid rows in the DOM, page load → the first
// Customers rows, and Go to row 50,000 → that row on screen, each in the page's own clock. With
// `--before REV`, the renderer of that commit is built apart and measured in the same run, on the
// same app core and Demo, window by window beside this one. A window that does not answer within 90 s
// is printed as such (a grid drawing every row of the list froze the tab).
// Run: node --import tsx bench/windows.ts [--before REV]
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../e2e/chromium.js';
import { WINDOW_SHAPES } from '../e2e/window-shapes.js';
import { loadUntilFirstRows, openAppInChromium } from './lib/app-in-chromium.js';
import { report, type Figure } from './lib/report.js';

const { values } = parseArgs({ options: { before: { type: 'string' } } });
const GO_TO = 50_000;
const NO_ANSWER_MS = 90_000;

const app = await openAppInChromium(
  { size: { customers: 100_000, contacts: 20_000, agreements: 300_000 } },
  undefined,
  values.before,
);

/** `work`'s value, or undefined if it takes longer than `NO_ANSWER_MS`. */
const within = <T>(work: Promise<T>): Promise<T | undefined> =>
  Promise.race([work, new Promise<undefined>((done) => setTimeout(() => done(undefined), NO_ANSWER_MS))]);

/** One window of the app served at `address()`: its DOM rows and its two times (NaN: no answer within 90 s). */
async function measureWindow(browser: Browser, address: () => string, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  const tab = await context.newPage();
  const firstMs = (await within(loadUntilFirstRows(tab, address()))) ?? NaN;
  // Counted once the rows for the grid's box are drawn (a second after the first rows are).
  const domRows = Number.isNaN(firstMs)
    ? NaN
    : ((await within(
        tab
          .waitForTimeout(1_000)
          .then(() => tab.evaluate<number>(`document.querySelectorAll('[role="grid"] [role="row"]').length`)),
      )) ?? NaN);
  // Go to row: the field typed as a person does, then the button, timed to the frame the row is in.
  const goToMs = Number.isNaN(domRows)
    ? NaN
    : ((await within(
        (async () => {
          await tab.getByLabel('Row', { exact: true }).fill(String(GO_TO), { timeout: NO_ANSWER_MS });
          return tab.evaluate<number>(`
            new Promise((resolve) => {
              const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Go to row');
              const at = performance.now();
              button.click();
              const check = () => {
                const cell = document.querySelector('[aria-rowindex="${GO_TO + 1}"] [role="gridcell"]');
                if (cell && cell.textContent.startsWith('CUS-')) resolve(performance.now() - at);
                else requestAnimationFrame(check);
              };
              check();
            })
          `);
        })().catch(() => undefined),
      )) ?? NaN);
  await within(context.close());
  return { firstMs, domRows, goToMs };
}

const builds: { name: string; address: () => string; close?: () => Promise<void> }[] = [
  { name: 'now', address: app.newAddress },
];
if (app.newBeforeAddress) builds.push({ name: `before (${values.before})`, address: app.newBeforeAddress });

// Each build opens a window once before any is measured: the first of a run warms what they share
// (the token, the Demo's sorted lists, the host's connections) and would count it to one build.
// Then this build's windows first: a window of the build before may freeze its tab, which goes on
// taking a core until its browser closes (each build has a browser of its own).
const measured = new Map<string, Awaited<ReturnType<typeof measureWindow>>>();
const browsers = await Promise.all(
  builds.map((build) => (build.name === 'now' ? Promise.resolve(app.browser) : chromium.launch(CHROMIUM))),
);
for (const [index, build] of builds.entries())
  await measureWindow(browsers[index] ?? app.browser, build.address, 1280, 720);
for (const [index, build] of builds.entries()) {
  const browser = browsers[index] ?? app.browser;
  for (const [name, width, height] of WINDOW_SHAPES)
    measured.set(`${name}, ${build.name}`, await measureWindow(browser, build.address, width, height));
  if (browser !== app.browser) await browser.close();
}
const figures: Figure[] = [];
for (const [name, width, height] of WINDOW_SHAPES) {
  for (const build of builds) {
    const window = measured.get(`${name}, ${build.name}`);
    const label = `${name} ${width}×${height}, ${build.name}`;
    const now = build.name === 'now';
    figures.push(
      {
        figure: `${label}: grid rows in the DOM`,
        value: window?.domRows ?? NaN,
        unit: 'rows',
        ...(now && { target: '≤ 200' }),
      },
      {
        figure: `${label}: page load → first rows`,
        value: window?.firstMs ?? NaN,
        unit: 'ms',
        ...(now && { target: '≤ 1000' }),
      },
      {
        figure: `${label}: Go to row ${GO_TO.toLocaleString('en')} → on screen`,
        value: window?.goToMs ?? NaN,
        unit: 'ms',
        ...(now && { target: '≤ 1000' }),
      },
    );
  }
}
for (const build of builds) await build.close?.();
await app.close();
report('windows', figures);
