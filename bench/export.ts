// The export engine at scale: 1,000,000 agreements from the Demo API (its own process, 50 ms of
// added latency) to a CSV file (BENCH_EXPORT_FORMAT=xlsx or jsonl for another format). Prints
// records/s next to the bound min(20 × size, size / round trip), the exporting process's peak RSS
// at 100k rows and at the end, and the 503s the server sent.
// Run: node --expose-gc --import tsx bench/export.ts
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { exportOptionsSchema } from '../electron/shared/export.js';
import { connect } from '../electron/core/api/connect.js';
import { demoConnectionSchema } from '../electron/shared/demo-connection.js';
import { runExport } from '../electron/core/export/run-export.js';
import { GrantLedger } from '../electron/core/auth/grant-ledger.js';
import { TokenManagers } from '../electron/core/auth/token-managers.js';
import { LimiterRegistry } from '../electron/core/rate/limiter-registry.js';
import { openVault } from '../electron/core/auth/vault.js';
import { measureRoundTripMs, traversalBound } from './lib/bound.js';
import { report } from './lib/report.js';

const AGREEMENTS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const FORMAT = exportOptionsSchema.shape.format.parse(process.env.BENCH_EXPORT_FORMAT ?? 'csv');
const SIZE = 500;

const server = spawn(
  process.execPath,
  [
    'bin/cdb.mjs',
    'serve-demo',
    '--agreements',
    String(AGREEMENTS),
    '--customers',
    '50000',
    '--contacts',
    '0',
    '--latency-ms',
    '50',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
const demo = demoConnectionSchema.parse(JSON.parse(line));

const vault = await openVault(`bench-${process.pid}`);
const connection = connect(
  { id: 'bench', ...demo, apiPrefix: '/v1', schemaPath: '/v1/schemas', requestsPerSecond: 20, burst: 35 },
  {
    tokens: new TokenManagers({ vault, ledger: await GrantLedger.open(undefined) }),
    limiters: new LimiterRegistry(),
    readSecret: () => Promise.resolve(demo.clientSecret),
  },
);

// The first sorted page builds the server's sorted view of a million rows: not the exporter's time.
await connection.client.listPage({ resource: 'agreements', sort: 'mrr.desc', size: 1, lang: 'en' });
const roundTripMs = await measureRoundTripMs(connection.client, {
  resource: 'agreements',
  sort: 'mrr.desc',
  size: SIZE,
  lang: 'en',
});

let peakRss = 0;
let rssAt100k = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const dir = await mkdtemp(join(tmpdir(), 'cdb-bench-'));
const result = await runExport(
  connection.client,
  {
    profile: 'bench',
    view: { resource: 'agreements', sort: 'mrr.desc', lang: 'en' },
    options: { format: FORMAT, pageSize: SIZE },
    target: join(dir, `agreements.${FORMAT}`),
  },
  {
    onProgress: (progress) => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (!rssAt100k && progress.records >= 100_000) rssAt100k = peakRss;
    },
  },
);
clearInterval(sampler);
const bytes = (await stat(result.path)).size;
await rm(dir, { recursive: true, force: true });

// The server says, as it stops, how many requests its rate limit answered with 503.
let serverLog = '';
server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
server.kill('SIGINT');
await once(server, 'exit');
const rateLimited = Number(/(\d+) answered 503/.exec(serverLog)?.[1] ?? NaN);

const perSecond = result.rows / result.seconds;
const bound = traversalBound(20, SIZE, roundTripMs);
const mib = (bytesCount: number) => bytesCount / 2 ** 20;
report('export', [
  {
    figure: `${result.rows.toLocaleString('en')} agreements to ${FORMAT.toUpperCase()} (${mib(bytes).toFixed(0)} MiB), 50 ms latency`,
    value: perSecond,
    unit: 'records/s',
  },
  {
    figure: `bound min(20 × ${SIZE}, ${SIZE} / ${roundTripMs.toFixed(1)} ms round trip)`,
    value: bound,
    unit: 'records/s',
  },
  { figure: 'share of the bound reached', value: (perSecond / bound) * 100, unit: '%', target: '> 90' },
  { figure: 'peak RSS of the exporting process at 100k rows', value: mib(rssAt100k), unit: 'MiB' },
  {
    figure: 'peak RSS of the exporting process at the end',
    value: mib(peakRss),
    unit: 'MiB',
    target: '< 250',
  },
  { figure: 'growth of peak RSS from 100k rows to the end', value: mib(peakRss - rssAt100k), unit: 'MiB' },
  { figure: '503 answers from the server', value: rateLimited, unit: '', target: '< 1' },
]);
