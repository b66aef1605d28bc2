// What scrolling costs the main thread beside a minimal grid (lib/floor-grid.ts) of the table's own
// shape (its columns' widths and its grid's height, read from the app first), in Chromium through
// the browser host, on a Demo of 1,000,000 agreements: in flicks (2,000 px a frame, 10,000 rows) and
// in wheel steps (320 px a frame, 3,000 rows), then the same flicks under Chromium's CPU throttling
// ×4 (a laptop four times slower), where a grid that cannot keep up shows blank rows and long tasks.
// Each ratio is the table's busy time over the floor's, without what the scroll script itself costs
// each page. With `--before REV`, the table of that commit is measured too, in the same run, against
// the same floor: its whole tree (a worktree, built), host and renderer, in a process of its own on a
// Demo of the same size; an earlier renderer against today's engine may ask what it no longer answers.
// Run: node --import tsx bench/scroll-cost.ts [--before REV] (builds the renderer first).
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from '@playwright/test';
import { openAppInChromium, VIEWPORT } from './lib/app-in-chromium.js';
import { floorGridPage, type FloorShape } from './lib/floor-grid.js';
import { builtTreeOf } from './lib/renderer-of.js';
import { report, type Figure } from './lib/report.js';
import { startHostProcess } from '../e2e/host-process.js';
import { gridShape, scrollerOf, watchLongTasks, type ScrollCost } from './lib/scroll-measure.js';

const TOTAL = 1_000_000;
const WHEEL = { rows: 3_000, step: 320 };
const THROTTLE = 4;
const before = parseArgs({ options: { before: { type: 'string' } } }).values.before;

interface GridCosts {
  flick: ScrollCost;
  wheel: ScrollCost;
  throttled: ScrollCost;
  /** The scroll script's own cost per 1,000 rows, in flicks and in wheel steps. */
  flickScript: number;
  wheelScript: number;
}

/** Scrolls a grid's page: from row 1,000 (its first reads done), flicks, wheel steps, then throttled flicks. */
async function costsOf(page: Page, session: CDPSession): Promise<GridCosts> {
  await session.send('Performance.enable');
  await watchLongTasks(page);
  const grid = scrollerOf(page, session);
  await grid.scrollTo(1_000);
  const flick = await grid.scrollRows(1_000);
  const wheel = await grid.scrollRows(11_000, WHEEL);
  await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const throttled = await grid.scrollRows(14_000, { countBlank: true });
  await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    flick,
    wheel,
    throttled,
    flickScript: await grid.scriptPerThousand(),
    wheelScript: await grid.scriptPerThousand(WHEEL.step, WHEEL.rows),
  };
}

const SIZE = { customers: 20_000, contacts: 0, agreements: TOTAL };
const app = await openAppInChromium({ size: SIZE }, 500);

/** The app's Agreements table, in a tab of the build at `address`. */
async function tableCosts(address: string): Promise<GridCosts> {
  const tab = await app.page.context().newPage();
  await tab.goto(address);
  await tab.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await tab.getByTestId('row').filter({ hasText: /^AGR-/ }).first().waitFor();
  const costs = await costsOf(tab, await tab.context().newCDPSession(tab));
  await tab.close();
  return costs;
}

/** The Agreements table's shape as the app draws it (its columns' widths, its grid's height): the floor's. */
async function tableShape(address: string): Promise<FloorShape> {
  const tab = await app.page.context().newPage();
  await tab.goto(address);
  await tab.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await tab.getByTestId('row').filter({ hasText: /^AGR-/ }).first().waitFor();
  const shape = await gridShape(tab);
  await tab.close();
  return shape;
}

/** The Agreements table of commit `revision`, its own host and Demo of the same size. */
async function beforeCosts(revision: string): Promise<GridCosts> {
  const { tree, remove } = await builtTreeOf(revision);
  try {
    const host = await startHostProcess(
      Object.entries(SIZE).flatMap(([list, count]) => [`--demo-${list}`, String(count)]),
      {},
      { tree },
    );
    try {
      await host.call('settings.set', { pageSize: 500 });
      return await tableCosts(await host.address());
    } finally {
      await host.stop();
    }
  } finally {
    await remove();
  }
}

const floorPage = await app.browser.newPage({ viewport: VIEWPORT });
const shape = await tableShape(app.newAddress());
await floorPage.setContent(floorGridPage(TOTAL, shape));
const floor = await costsOf(floorPage, await floorPage.context().newCDPSession(floorPage));
const tables: [string, GridCosts][] = [['', await tableCosts(app.newAddress())]];
if (before) tables.push([' [before]', await beforeCosts(before)]);
await app.close();

/** The table's busy time over the floor's, each without what its scroll script costs. */
const ratio = (table: ScrollCost, script: number, floorCost: ScrollCost, floorScript: number) =>
  (table.busyPerThousand - script) / (floorCost.busyPerThousand - floorScript);

const figures: Figure[] = [
  { figure: "the floor's shape, the table's: columns", value: shape.widths.length, unit: '' },
  {
    figure: "the floor's shape, the table's: a row's width",
    value: shape.widths.reduce((sum, width) => sum + width, 0),
    unit: 'px',
  },
  { figure: "the floor's shape, the table's: the grid's height", value: shape.height, unit: 'px' },
  { figure: 'the floor: busy per 1,000 rows in flicks', value: floor.flick.busyPerThousand, unit: 'ms' },
  { figure: 'the floor: busy per 1,000 rows in wheel steps', value: floor.wheel.busyPerThousand, unit: 'ms' },
  { figure: `the floor at ×${THROTTLE}: longest task`, value: floor.throttled.longest, unit: 'ms' },
  { figure: `the floor at ×${THROTTLE}: long tasks`, value: floor.throttled.longTasks, unit: '' },
  { figure: `the floor at ×${THROTTLE}: blank row slots seen`, value: floor.throttled.blankSlots, unit: '' },
];
for (const [tag, table] of tables) {
  const now = tag === '';
  figures.push(
    { figure: `table: busy per 1,000 rows in flicks${tag}`, value: table.flick.busyPerThousand, unit: 'ms' },
    {
      figure: `  ÷ the floor, flicks (the script off both)${tag}`,
      value: ratio(table.flick, table.flickScript, floor.flick, floor.flickScript),
      unit: '×',
      ...(now && { target: '≤ 1.3' as const }),
    },
    {
      figure: `table: busy per 1,000 rows in wheel steps${tag}`,
      value: table.wheel.busyPerThousand,
      unit: 'ms',
    },
    {
      figure: `  ÷ the floor, wheel steps${tag}`,
      value: ratio(table.wheel, table.wheelScript, floor.wheel, floor.wheelScript),
      unit: '×',
      ...(now && { target: '≤ 1.3' as const }),
    },
    {
      figure: `at ×${THROTTLE}: ÷ the floor, flicks${tag}`,
      value: ratio(
        table.throttled,
        table.flickScript * THROTTLE,
        floor.throttled,
        floor.flickScript * THROTTLE,
      ),
      unit: '×',
    },
    {
      figure: `at ×${THROTTLE}: longest task${tag}`,
      value: table.throttled.longest,
      unit: 'ms',
      ...(now && { target: `≤ ${Math.round(floor.throttled.longest)}` as const }),
    },
    { figure: `at ×${THROTTLE}: long tasks${tag}`, value: table.throttled.longTasks, unit: '' },
    {
      figure: `at ×${THROTTLE}: blank row slots seen${tag}`,
      value: table.throttled.blankSlots,
      unit: '',
      ...(now && { target: '≤ 0' as const }),
    },
  );
}
report('scroll-cost', figures);
