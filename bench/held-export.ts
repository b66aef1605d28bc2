// An export of what is on screen at a desk's size: 300,000 agreements (the Demo's, in this process),
// "Days to notice between 0 and 60", by MRR descending, to XLSX. Before: the export reads the list
// from the API again (what the app did, and still does for a list it does not hold fresh). Now: the
// list is held whole and fresh, so the export writes the rows held. Prints each one's seconds and
// the API requests it made, in one run on this machine.
// Run: node --max-old-space-size=4096 --import tsx bench/held-export.ts
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { startDemoApi, type DemoApi } from '../electron/demo-api/testing/faults.js';
import { connect } from '../electron/core/api/connect.js';
import { GrantLedger } from '../electron/core/auth/grant-ledger.js';
import { TokenManagers } from '../electron/core/auth/token-managers.js';
import { Vault } from '../electron/core/auth/vault.js';
import { runExport } from '../electron/core/export/run-export.js';
import { LimiterRegistry } from '../electron/core/rate/limiter-registry.js';
import { appCalls } from '../electron/core/testing/app-calls.js';
import { openTestCore } from '../electron/core/testing/test-kit.js';
import { report, type Figure } from './lib/report.js';

const stage = (what: string) => console.error(`bench/held-export: ${what}`);
const VIEW = { resource: 'agreements', sort: 'mrr.desc' } as const;
const FILTER = [{ field: 'notice', op: 'between', value: '0..60' }] as const;

let demo: DemoApi | undefined;
const kit = await openTestCore({
  startDemo: async () =>
    (demo = await startDemoApi({ size: { customers: 100_000, contacts: 0, agreements: 300_000 } })),
});
const { ok } = appCalls(kit.core);
const search = () =>
  ok('search.rows', {
    view: VIEW,
    lang: 'fr',
    filter: FILTER,
    from: 0,
    count: 50,
    sample: false,
  }) as Promise<{
    matches: number;
    list: { state: string; read: number };
  }>;

stage('reading the 300,000 agreements, as the table does when a filter is applied');
let shown = await search();
while (shown.list.state !== 'held') {
  await sleep(500);
  shown = await search();
}
if (!demo) throw new Error('the Demo did not start');
const api = demo;
stage(`${shown.matches} agreements shown; exporting them both ways`);

const exportView = { ...VIEW, lang: 'fr' as const, filter: [...FILTER] };
const requestsBefore = api.counters.apiRequests;
const fromApiStart = performance.now();
// The same view as the app exported it before: read from the API, through a connection of its own.
const connection = connect(
  {
    id: 'bench',
    baseUrl: api.baseUrl,
    authUrl: api.authUrl,
    audience: api.audience,
    clientId: api.clientId,
    apiPrefix: '/v1',
    schemaPath: '/v1/schemas',
    requestsPerSecond: 20,
    burst: 35,
  },
  {
    tokens: new TokenManagers({
      vault: new Vault(undefined, 'bench', 'the bench keeps its secret in memory'),
      ledger: await GrantLedger.open(undefined),
    }),
    limiters: new LimiterRegistry(),
    readSecret: () => Promise.resolve(api.clientSecret),
  },
);
const fromApi = await runExport(connection.client, {
  profile: 'Demo',
  view: exportView,
  options: { format: 'xlsx' },
  target: join(kit.root, 'from-api.xlsx'),
});
const fromApiSeconds = (performance.now() - fromApiStart) / 1000;
const fromApiRequests = api.counters.apiRequests - requestsBefore;

const requestsHeld = api.counters.apiRequests;
const heldStart = performance.now();
const ended = new Promise<{ state: string; progress: { records: number } }>((resolve) =>
  kit.core.onEvent((name, payload) => {
    const progress = payload as { state: string; progress: { records: number } };
    if (name === 'export.progress' && progress.state !== 'running') resolve(progress);
  }),
);
await ok('export.start', { view: exportView, options: { format: 'xlsx' }, fileName: 'held.xlsx' });
const held = await ended;
const heldSeconds = (performance.now() - heldStart) / 1000;
const heldRequests = api.counters.apiRequests - requestsHeld;
if (held.state !== 'completed' || held.progress.records !== fromApi.rows)
  throw new Error(`the held export ${held.state} with ${held.progress.records} rows, not ${fromApi.rows}`);

const figures: Figure[] = [
  { figure: `rows exported (of ${shown.matches} shown)`, value: fromApi.rows, unit: '' },
  { figure: 'before: read from the API again', value: fromApiSeconds, unit: 's' },
  { figure: 'before: API requests', value: fromApiRequests, unit: '' },
  { figure: 'now: written from the rows held', value: heldSeconds, unit: 's', target: '< 5' },
  { figure: 'now: API requests', value: heldRequests, unit: '', target: '≤ 0' },
];
report('held-export', figures);
await kit.close();
