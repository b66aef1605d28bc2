// Far jumps where offset mode gives up: the app in Chromium through the browser host, on an API
// that refuses offset pages past 10,000 records (e2e/capped-offset-api.ts: the Demo API behind a
// proxy of our own). Ctrl+End on capped views of 200,000 and 1,000,000 contacts: seconds until the
// last row is on screen, and the rows a second the walk passed (target ≥ 8,000: 80 % of the 20
// requests a second the limiter allows, at 500 rows a page). Also the 503s the server sent.
// Run: node --import tsx bench/far-jump.ts    (BENCH_FAR_JUMP_ROWS=200000 for the smaller view only)
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startCappedOffsetApi } from '../e2e/capped-offset-api.js';
import { CHROMIUM } from '../e2e/chromium.js';
import { AppCore } from '../electron/core/service/app-core.js';
import { startHost } from '../electron/host/host-server.js';
import { report, type Figure } from './lib/report.js';

const SIZES = (process.env.BENCH_FAR_JUMP_ROWS ?? '200000,1000000').split(',').map(Number);
/** The slowest walk measured: 1,000,000 rows at 20 pages a second is 100 s. */
const LONGEST_MS = 300_000;

if (spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' }).status !== 0)
  throw new Error('the build failed');
const figures: Figure[] = [];
for (const rows of SIZES) {
  const api = await startCappedOffsetApi({
    demo: { size: { customers: 1_000, contacts: rows, agreements: 1_000 } },
    offsetLimit: 10_000,
  });
  const dir = await mkdtemp(join(tmpdir(), 'cdb-bench-jump-'));
  const core = await AppCore.open({ dataDir: join(dir, 'data'), exportDir: join(dir, 'exports') });
  const saved = await core.handlers['connection.save']({
    profile: {
      ...api.profile,
      apiPrefix: '/v1',
      schemaPath: '/v1/schemas',
      requestsPerSecond: 20,
      burst: 35,
    },
    secret: api.demo.clientSecret,
  });
  await core.handlers['connection.select']({ id: saved.id });
  const host = await startHost({ core, rendererDir: 'out/renderer' });
  const browser = await chromium.launch(CHROMIUM);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.newAddress());
  await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await grid.getByTestId('row').first().waitFor();
  await grid.focus();
  const started = performance.now();
  await page.keyboard.press('Control+End');
  let seconds = NaN;
  try {
    await grid.locator(`[aria-rowindex="${rows + 1}"]`).waitFor({ timeout: LONGEST_MS });
    await grid.locator('.skeleton-row').first().waitFor({ state: 'detached', timeout: LONGEST_MS });
    seconds = (performance.now() - started) / 1000;
  } catch {
    // Not reached: the figure says so (NaN).
  }
  figures.push(
    {
      figure: `Ctrl+End on ${rows.toLocaleString('en')} capped contacts → last row shown`,
      value: seconds,
      unit: 's',
    },
    {
      figure: `walk rate to row ${rows.toLocaleString('en')} (500-row pages)`,
      value: rows / seconds,
      unit: 'rows/s',
      target: '> 7999',
    },
    {
      figure: `503 answers from the server (${rows.toLocaleString('en')})`,
      value: api.statuses.get(503) ?? 0,
      unit: '',
      target: '< 1',
    },
  );
  await browser.close();
  await host.close();
  await core.close();
  await api.close();
  await rm(dir, { recursive: true, force: true });
}
report('far-jump', figures);
