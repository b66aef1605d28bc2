// Tokens spent, and 503s caused, by real processes against the Demo API in its own process (20 ms of
// added latency): one 1,000,000-row export with 10 h tokens (target 1); the same with 60 s tokens
// (target ≤ duration / 60 s + 1); three `cdb` exports and the app (the browser host, reading pages
// as a table does) at once on one data folder (target 1 token, 0 503s). Runs inside a throwaway
// keychain session (scripts/with-test-session.sh), so the processes share a real keychain and never
// touch the user's own.
// Run: node --import tsx bench/tokens.ts    (BENCH_TOKENS_ROWS=100000 for a shorter run)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startHostProcess } from '../e2e/host-process.js';
import { dataFiles } from '../electron/core/app-paths.js';
import { GrantLedger } from '../electron/core/auth/grant-ledger.js';
import { report, type Figure } from './lib/report.js';

if (!process.env.CDB_TEST_SESSION) {
  const run = spawnSync(
    'scripts/with-test-session.sh',
    [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}

const ROWS = Number(process.env.BENCH_TOKENS_ROWS ?? 1_000_000);
const SHARED_ROWS = Math.min(ROWS, 100_000);

interface Demo {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

/** `cdb serve-demo` in its own process; `stop` returns what it counted. */
async function serveDemo(args: string[]) {
  const child = spawn(
    process.execPath,
    ['bin/cdb.mjs', 'serve-demo', '--contacts', '0', '--customers', '1000', '--latency-ms', '20', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const demo = JSON.parse(line) as Demo;
  return {
    demo,
    stop: async () => {
      child.kill('SIGINT');
      await once(child, 'exit');
      const figure = (pattern: RegExp) => Number(pattern.exec(log)?.[1] ?? NaN);
      return { grants: figure(/\((\d+) tokens granted\)/), rateLimited: figure(/(\d+) answered 503/) };
    },
  };
}

/** One `cdb export` of agreements, as an administrator's script runs it. */
async function cdbExport(demo: Demo, dataDir: string, out: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      'bin/cdb.mjs',
      'export',
      '--base-url',
      demo.baseUrl,
      '--auth-url',
      demo.authUrl,
      '--client-id',
      demo.clientId,
      '--resource',
      'agreements',
      '--out',
      out,
    ],
    {
      env: { ...process.env, CDB_DATA_DIR: dataDir, CDB_CLIENT_SECRET: demo.clientSecret },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`cdb export failed (${String(code)}): ${stderr}`);
}

async function folder(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'cdb-bench-tokens-'));
}

/** One export of `ROWS` agreements from a Demo whose tokens live `lifetime` seconds: tokens and seconds. */
async function oneExport(lifetime: number): Promise<{ grants: number; seconds: number }> {
  const server = await serveDemo(['--agreements', String(ROWS), '--token-lifetime', String(lifetime)]);
  const dir = await folder();
  const started = performance.now();
  await cdbExport(server.demo, join(dir, 'data'), join(dir, 'agreements.csv'));
  const seconds = (performance.now() - started) / 1000;
  const { grants } = await server.stop();
  await rm(dir, { recursive: true, force: true });
  return { grants, seconds };
}

const figures: Figure[] = [];
const long = await oneExport(36_000);
figures.push(
  {
    figure: `one ${ROWS.toLocaleString('en')}-row export, 10 h tokens: duration`,
    value: long.seconds,
    unit: 's',
  },
  { figure: 'tokens spent by it', value: long.grants, unit: '', target: '< 2' },
);
const short = await oneExport(60);
figures.push(
  { figure: `the same export, 60 s tokens: duration`, value: short.seconds, unit: 's' },
  {
    figure: 'tokens spent by it (target ≤ duration / 60 s + 1)',
    value: short.grants,
    unit: '',
    target: `< ${Math.floor(short.seconds / 60 + 1) + 1}`,
  },
);

// Three exports and the app at once, on one machine's data folder (one ledger, one keychain, one rate).
const server = await serveDemo(['--agreements', String(SHARED_ROWS)]);
const dir = await folder();
const host = await startHostProcess();
const { demo } = server;
const saved = (await host.call('connection.save', {
  profile: { name: 'Bench', baseUrl: demo.baseUrl, authUrl: demo.authUrl, clientId: demo.clientId },
  secret: demo.clientSecret,
})) as { id: string };
await host.call('connection.select', { id: saved.id });
let appReading = true;
let appPages = 0;
const app = (async () => {
  // The app as a support person scrolls: a view's pages one after another, then another sort.
  for (let round = 0; appReading; round++) {
    let cursor: string | undefined;
    for (let page = 0; page < 20 && appReading; page++) {
      const next = (await host.call('data.listPage', {
        view: { resource: 'agreements', sort: round % 2 ? 'mrr.desc' : 'endDate.asc' },
        size: 200,
        lang: 'en',
        cursor,
        priority: page === 0 ? 'interactive' : 'prefetch',
      })) as { nextCursor: string | null };
      appPages++;
      cursor = next.nextCursor ?? undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
})();
const started = performance.now();
await Promise.all(['a', 'b', 'c'].map((name) => cdbExport(demo, host.dataDir, join(dir, `${name}.csv`))));
const seconds = (performance.now() - started) / 1000;
appReading = false;
await app;
const ledger = await GrantLedger.open(dataFiles(host.dataDir).grantLedger);
const counted = ledger.usage(GrantLedger.clientKey(demo.authUrl, demo.clientId)).used;
await host.stop();
const shared = await server.stop();
await rm(dir, { recursive: true, force: true });
figures.push(
  {
    figure: `3 cdb exports of ${SHARED_ROWS.toLocaleString('en')} rows + the app (${appPages} pages) at once: duration`,
    value: seconds,
    unit: 's',
  },
  { figure: 'tokens spent by them (one keychain)', value: shared.grants, unit: '', target: '< 2' },
  { figure: 'tokens the machine’s ledger counted', value: counted, unit: '' },
  { figure: '503s the server answered them', value: shared.rateLimited, unit: '', target: '< 1' },
);
report('tokens', figures);
