// One traversal against the Demo API with 50 ms of added latency: records per second next to the
// bound min(rate × size, size / round trip). Run: node --expose-gc --import tsx bench/paging.ts
import { traverse } from '../electron/core/paging.js';
import { startEngine } from '../electron/core/test-kit.js';
import { percentiles, report } from './lib/report.js';

const SIZE = 500;
const RECORDS = 30_000;

const engine = await startEngine({
  demo: { latencyMs: 50, size: { customers: 2_000, contacts: 0, agreements: RECORDS } },
});
await engine.tokens.getToken();

// The round trip of a call that carries almost nothing: the latency floor of one request.
const roundTrips: number[] = [];
for (let i = 0; i < 20; i++) {
  const begin = performance.now();
  await engine.client.listPage({ resource: 'customers', size: 1, lang: 'en' });
  roundTrips.push(performance.now() - begin);
}
const roundTripMs = percentiles(roundTrips).median;

const started = performance.now();
let records = 0;
for await (const page of traverse(
  engine.client,
  { resource: 'agreements', sort: 'mrr.desc', size: SIZE, lang: 'en' },
  { priority: 'export' },
)) {
  records += page.rows.length;
}
const seconds = (performance.now() - started) / 1000;
await engine.close();

const perSecond = records / seconds;
const bound = Math.min(20 * SIZE, SIZE / (roundTripMs / 1000));
report('paging', [
  {
    figure: `one traversal of ${records.toLocaleString('en')} agreements, ${SIZE}-row pages, 50 ms latency`,
    value: perSecond,
    unit: 'records/s',
  },
  {
    figure: `bound min(20 × ${SIZE}, ${SIZE} / ${roundTripMs.toFixed(1)} ms round trip)`,
    value: bound,
    unit: 'records/s',
  },
  { figure: 'share of the bound reached', value: (perSecond / bound) * 100, unit: '%' },
]);
