// A desk's three lists at their real size (the Demo's 100,000 customers, 250,000 contacts and
// 300,000 agreements), before (the commit given by --before, 92c6207 by default: the lists as parsed
// records, one per language, in memory only) and now, in one run on this machine:
// - the memory the three lists take held together (V8's heap and the typed arrays' buffers), and
//   100 searches over them in core (bench/lib/held-measure.ts, a process of its own per tree);
// - the app's start → the first search answered (a contact's email typed in the top bar finds its
//   customer), on a fresh computer and the next morning (the host stopped and started again on the
//   same data folder), through the browser host of each tree, as a process, in a real keychain;
// - a second window's page load → its first rows while the finder's lists are prepared in the
//   background, against the same once nothing is read (the median of 3 windows each).
// Run inside the test session (a keychain): scripts/with-test-session.sh node --expose-gc --import tsx bench/held-lists.ts [--before REV]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM } from '../e2e/chromium.js';
import { loadUntilFirstRows, VIEWPORT } from './lib/app-in-chromium.js';
import { startHostProcess, type HostProcess } from '../e2e/host-process.js';
import { percentiles, report, type Figure } from './lib/report.js';
import { rendererOf } from './lib/renderer-of.js';

const { values } = parseArgs({ options: { before: { type: 'string', default: '92c6207' } } });
const stage = (what: string) => console.error(`bench/held-lists: ${what}`);
const SIZE = ['--demo-customers', '100000', '--demo-contacts', '250000', '--demo-agreements', '300000'];
/** What a ticket gives: a contact's id (the Demo's data). */
const TICKET = { text: 'CON-00200002' };

stage(`building ${values.before} apart, and this tree`);
const before = await rendererOf(values.before ?? '92c6207');
const beforeRoot = resolve(before.dir, '../..');
if (spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' }).status !== 0)
  throw new Error('the build failed');
const trees = [
  { name: `before (${values.before})`, root: beforeRoot },
  { name: 'now', root: resolve('.') },
];
const figures: Figure[] = [];

for (const { name, root } of trees) {
  stage(`${name}: memory and searches in core`);
  const measured = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', 'bench/lib/held-measure.ts', root],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const core = JSON.parse(measured.stdout.trim().split('\n').at(-1) ?? '{}') as {
    heapMiB: number;
    takeInMs: number;
    searchMedianMs: number;
    searchP95Ms: number;
  };
  figures.push(
    {
      figure: `${name}: the three lists held together, heap and buffers`,
      value: core.heapMiB,
      unit: 'MiB',
      ...(name === 'now' && { target: '≤ 256' as const }),
    },
    { figure: `${name}: taking in their 1,300 pages`, value: core.takeInMs / 1000, unit: 's' },
    { figure: `${name}: 100 searches over them in core, median`, value: core.searchMedianMs, unit: 'ms' },
    {
      figure: `${name}: 100 searches over them in core, p95`,
      value: core.searchP95Ms,
      unit: 'ms',
      ...(name === 'now' && { target: '≤ 20' as const }),
    },
  );
}

const browser = await chromium.launch(CHROMIUM);
/** The median of 3 windows' page load → first rows. */
async function windows(host: HostProcess, browser: Browser): Promise<number> {
  const times: number[] = [];
  for (let window = 0; window < 3; window++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    times.push(await loadUntilFirstRows(await context.newPage(), await host.address()));
    await context.close();
  }
  return percentiles(times).median;
}

/** Starts the host of `tree` (or restarts `host`), and times its start → the ticket's customer offered by the top bar. */
async function firstSearch(
  start: () => Promise<HostProcess>,
): Promise<{ host: HostProcess; seconds: number }> {
  const spawned = performance.now();
  const host = await start();
  for (let tries = 0; tries < 6_000; tries++) {
    const answer = (await host.call('search.customers', {
      text: TICKET.text,
      lang: 'en',
      limit: 8,
      read: true,
    })) as { suggestions: { customerId: string }[] };
    if (answer.suggestions.length) return { host, seconds: (performance.now() - spawned) / 1000 };
    await new Promise((done) => setTimeout(done, 100));
  }
  return { host, seconds: NaN };
}

async function allHeld(host: HostProcess): Promise<void> {
  for (;;) {
    const lists = (await host.call('lists.status', {})) as { state: string; rereading: boolean }[];
    if (lists.length >= 2 && lists.every((list) => list.state !== 'reading' && !list.rereading)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
}

for (const { name, root } of trees) {
  stage(`${name}: a second window while the finder's lists are prepared`);
  // The app's own setting: the finder's lists prepared 5 s after the connection is chosen.
  const start = () => startHostProcess(SIZE, {}, { prepareSearch: true, tree: root });
  let host = await start();
  await windows(host, browser);
  await new Promise((done) => setTimeout(done, 6_000));
  const whilePrepared = await windows(host, browser);
  await host.stop();

  stage(`${name}: start → first search on a fresh computer, then an idle window, then the next morning`);
  let answered = await firstSearch(start);
  host = answered.host;
  const fresh = answered.seconds;
  await allHeld(host);
  const idle = await windows(host, browser);
  answered = await firstSearch(() => host.restart());
  const morning = answered.seconds;
  await answered.host.stop();
  figures.push(
    { figure: `${name}: start → a contact's id answered, fresh computer`, value: fresh, unit: 's' },
    {
      figure: `${name}: start → a contact's id answered, the next morning`,
      value: morning,
      unit: 's',
      ...(name === 'now' && { target: '≤ 5' as const }),
    },
    { figure: `${name}: a window's first rows, nothing read`, value: idle, unit: 'ms' },
    {
      figure: `${name}: a window's first rows while the finder's lists are prepared`,
      value: whilePrepared,
      unit: 'ms',
    },
    {
      figure: `${name}:   ÷ nothing read`,
      value: whilePrepared / idle,
      unit: '×',
      ...(name === 'now' && { target: '≤ 1.1' as const }),
    },
  );
}
await browser.close();
await before.remove();
report('held-lists', figures);
