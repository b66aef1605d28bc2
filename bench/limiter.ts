// The shared limiter under load: 10 consumers calling the Demo API (spec limits: 20/s, burst 35)
// as fast as the limiter lets them, for 30 s. Prints the sustained rate against the configured one
// and the 503s the server had to send. Run: node --expose-gc --import tsx bench/limiter.ts
import { startEngine } from '../electron/core/test-kit.js';
import { report } from './lib/report.js';

const CONSUMERS = 10;
const DURATION_MS = Number(process.env.BENCH_LIMITER_MS ?? 30_000);
/** The first seconds hold the initial burst; the sustained rate is measured after them. */
const WARM_UP_MS = 5_000;

const engine = await startEngine({ demo: { size: { customers: 500, contacts: 0, agreements: 0 } } });
await engine.tokens.getToken();
const started = performance.now();
let atWarmUp = 0;
const warmUp = setTimeout(() => (atWarmUp = engine.demo.counters.apiRequests), WARM_UP_MS);
await Promise.all(
  Array.from({ length: CONSUMERS }, async () => {
    while (performance.now() - started < DURATION_MS) {
      await engine.client.listPage({ resource: 'customers', size: 1, lang: 'en' }, { priority: 'export' });
    }
  }),
);
clearTimeout(warmUp);
const elapsedMs = performance.now() - started;
const sustained = (engine.demo.counters.apiRequests - atWarmUp) / ((elapsedMs - WARM_UP_MS) / 1000);
const { rateLimited, apiRequests } = engine.demo.counters;
await engine.close();

report('limiter', [
  {
    figure: `sustained rate, ${CONSUMERS} consumers, ${Math.round(elapsedMs / 1000)} s (configured 20/s)`,
    value: sustained,
    unit: 'req/s',
  },
  {
    figure: 'distance from the configured 20/s',
    value: (Math.abs(sustained - 20) / 20) * 100,
    unit: '%',
    target: '< 3',
  },
  {
    figure: `503 answers from the server (of ${apiRequests} requests)`,
    value: rateLimited,
    unit: '',
    target: '< 1',
  },
]);
