// A desk behind one address: N agents' machines share the API's limit of 20 requests/s (burst 35,
// 503 beyond; spec "Limits", per source IP) but no files. Each machine is a `cdb export` of 20,000
// contacts, a process of its own with its own data folder and bundle; they all reach a Demo API
// (50 ms latency, its own limit lifted) through a limiter of one address that lives here, in front
// of it. Prints per N = 1, 4, 8: each export's time and rows, the 503s, the fairness ratio (slowest
// ÷ fastest), the desk's rows/s beside the bound (20 requests/s × 500 rows). Then N = 8 again with an
// agent's table on one more machine, reading a page of 100 (what the screen waits for) every
// 300 ms: its answer times and 503s. BENCH_DESK_TRACE=1 also prints, per half second, the requests
// the address answered / refused, and each export's stderr; DESKS=4,8 picks the N.
// Run: node --import tsx bench/desk.ts
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../electron/core/api/connect.js';
import { GrantLedger } from '../electron/core/auth/grant-ledger.js';
import { TokenManagers } from '../electron/core/auth/token-managers.js';
import { openVault } from '../electron/core/auth/vault.js';
import { LimiterRegistry } from '../electron/core/rate/limiter-registry.js';
import { startDemoApi } from '../electron/demo-api/index.js';
import { API_LIMITS, PAGE_SIZE_MAX } from '../electron/shared/api-rules.js';
import { startAddressFront } from './lib/address-front.js';
import { percentiles, report, type Figure } from './lib/report.js';

const CONTACTS = Number(process.env.BENCH_DESK_ROWS ?? 20_000);
const DESKS = (process.env.DESKS ?? '1,4,8').split(',').map(Number);
const SCREEN_EVERY_MS = 300;
const clients = Array.from({ length: 9 }, (_, i) => ({
  clientId: `desk-${i + 1}`,
  clientSecret: `secret-${i + 1}`,
}));

const demo = await startDemoApi({
  latencyMs: 50,
  size: { customers: 2_000, contacts: CONTACTS, agreements: 0 },
  clients,
  // The address's limit is the front's below; the Demo's grants are not what is measured.
  limits: { requestsPerSecond: 1e6, burst: 1e6, tokensPerDay: 1_000 },
});

const address = await startAddressFront(demo.baseUrl);
const frontUrl = address.url;
const { counts } = address;

interface ExportRun {
  code: number | null;
  seconds: number;
  rows: number;
  stderr: string;
}

/** One machine of the desk: `cdb export` of every contact, with its own data folder and no keychain. */
async function exportOnOwnMachine(client: (typeof clients)[number]): Promise<ExportRun> {
  const home = await mkdtemp(join(tmpdir(), 'cdb-desk-'));
  const begin = performance.now();
  const child = spawn(
    process.execPath,
    [
      'bin/cdb.mjs',
      'export',
      ...[
        '--base-url',
        frontUrl,
        '--auth-url',
        frontUrl,
        '--client-id',
        client.clientId,
        '--audience',
        demo.audience,
      ],
      ...['--resource', 'contacts', '--size', String(PAGE_SIZE_MAX), '--out', join(home, 'contacts.csv')],
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        CDB_DATA_DIR: join(home, 'data'),
        CDB_CLIENT_SECRET: client.clientSecret,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const seconds = (performance.now() - begin) / 1000;
  await rm(home, { recursive: true, force: true });
  const rows = Number(/([\d,]+) rows written/.exec(stderr)?.[1]?.replaceAll(',', '') ?? 0);
  return { code, seconds, rows, stderr };
}

/** An agent's table on one more machine: a page of 100 customers every 300 ms, at the screen's priority, until `done`. */
async function readAsTheScreen(done: Promise<unknown>): Promise<number[]> {
  const vault = await openVault(`bench-desk-${process.pid}`);
  const [screenClient] = clients.slice(-1);
  const connection = connect(
    {
      id: 'desk-screen',
      baseUrl: frontUrl,
      authUrl: frontUrl,
      audience: demo.audience,
      clientId: screenClient?.clientId ?? '',
      apiPrefix: '/v1',
      schemaPath: '/v1/schemas',
      requestsPerSecond: API_LIMITS.requestsPerSecond,
      burst: API_LIMITS.burst,
    },
    {
      tokens: new TokenManagers({ vault, ledger: await GrantLedger.open(undefined) }),
      limiters: new LimiterRegistry(),
      readSecret: () => Promise.resolve(screenClient?.clientSecret ?? ''),
    },
  );
  let finished = false;
  void done.then(() => (finished = true));
  const times: number[] = [];
  for (let page = 0; !finished; page++) {
    const begin = performance.now();
    await connection.client.listPage(
      { resource: 'customers', sort: 'createdAt.asc', size: 100, lang: 'en' },
      { priority: 'interactive' },
    );
    times.push(performance.now() - begin);
    await new Promise((resolve) => setTimeout(resolve, SCREEN_EVERY_MS));
  }
  return times;
}

/** N exports at once; with `screen`, an agent's table reads meanwhile. */
async function desk(count: number, screen = false) {
  address.reset();
  const begin = performance.now();
  const exports = Promise.all(clients.slice(0, count).map(exportOnOwnMachine));
  const screenTimes = screen ? await readAsTheScreen(exports) : [];
  const runs = await exports;
  if (process.env.BENCH_DESK_TRACE)
    console.error(count, counts.trace.map((t) => `${t.ok}/${t.no}`).join(' '));
  const seconds = (performance.now() - begin) / 1000;
  for (const run of runs) if (run.code !== 0 || process.env.BENCH_DESK_TRACE) console.error(run.stderr);
  const total = (key: 'answered' | 'refused', only?: string) =>
    [...counts.byBundle]
      .filter(([bundle]) => !only || bundle === only)
      .reduce((sum, [, counts]) => sum + counts[key], 0);
  const times = runs.map((run) => run.seconds);
  const screenBundle = clients.at(-1)?.clientId;
  return { runs, seconds, times, total, screenTimes, screenBundle };
}

const figures: Figure[] = [];
for (const count of DESKS) {
  const { runs, seconds, times, total } = await desk(count);
  const requests = total('answered') + total('refused');
  const rowsPerSecond = runs.reduce((sum, run) => sum + run.rows, 0) / seconds;
  const label = `N = ${count}:`;
  figures.push(
    {
      figure: `${label} exports complete with all ${CONTACTS.toLocaleString('en')} rows`,
      value: runs.filter((run) => run.code === 0 && run.rows === CONTACTS).length,
      unit: `of ${count}`,
      target: `≥ ${count}`,
    },
    {
      figure: `${label} each export's time (s), fastest … slowest`,
      value: Math.min(...times),
      unit: `… ${Math.max(...times).toFixed(1)} s`,
    },
    {
      figure: `${label} 503 answers (of ${requests} API requests)`,
      value: (total('refused') / requests) * 100,
      unit: '%',
      target: '≤ 2',
    },
    {
      figure: `${label} fairness: slowest ÷ fastest`,
      value: Math.max(...times) / Math.min(...times),
      unit: '×',
      target: '≤ 1.5',
    },
    {
      figure: `${label} the desk's rows/s (bound ${(API_LIMITS.requestsPerSecond * PAGE_SIZE_MAX).toLocaleString('en')})`,
      value: rowsPerSecond,
      unit: 'rows/s',
    },
  );
}
{
  const { runs, total, screenTimes, screenBundle, times } = await desk(8, true);
  const { median, p95 } = percentiles(screenTimes);
  const requests = total('answered') + total('refused');
  figures.push(
    {
      figure: 'N = 8 and a table: exports complete',
      value: runs.filter((run) => run.rows === CONTACTS).length,
      unit: 'of 8',
      target: '≥ 8',
    },
    {
      figure: 'N = 8 and a table: 503 answers, all machines',
      value: (total('refused') / requests) * 100,
      unit: '%',
      target: '≤ 2',
    },
    {
      figure: 'N = 8 and a table: slowest ÷ fastest export',
      value: Math.max(...times) / Math.min(...times),
      unit: '×',
      target: '≤ 1.5',
    },
    { figure: `the table's pages of 100 (${screenTimes.length}): median answer`, value: median, unit: 'ms' },
    { figure: "the table's pages of 100: 95th percentile", value: p95, unit: 'ms' },
    { figure: "the table's pages answered 503", value: total('refused', screenBundle), unit: '' },
  );
}
await address.close();
await demo.close();
report('desk', figures);
