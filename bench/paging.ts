// One traversal against the Demo API with 50 ms of added latency: records per second next to the
// bound min(rate × size, size / round trip). Run: node --expose-gc --import tsx bench/paging.ts
import { traverse } from '../electron/core/api/paging.js';
import { startEngine } from '../electron/core/testing/test-kit.js';
import { measureRoundTripMs, traversalBound } from './lib/bound.js';
import { report } from './lib/report.js';

const SIZE = 500;
const RECORDS = 30_000;

const engine = await startEngine({
  demo: { latencyMs: 50, size: { customers: 2_000, contacts: 0, agreements: RECORDS } },
});
await engine.tokens.getToken();

const roundTripMs = await measureRoundTripMs(engine.client, {
  resource: 'agreements',
  sort: 'mrr.desc',
  size: SIZE,
  lang: 'en',
});

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
const bound = traversalBound(20, SIZE, roundTripMs);
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
