// The shared limiter under load: 10 traversals of the Demo API (spec limits: 20/s, burst 35) as
// fast as the limiter lets them, for 30 s, each starting again when it ends. Prints the sustained
// rate against the configured one, the most requests sent in any rolling second (the spec's burst
// is "35 requests per second": a server counting per second refuses the 36th), and the 503s the
// server had to send. Run: node --expose-gc --import tsx bench/limiter.ts
import { ApiClient } from '../electron/core/api/api-client.js';
import { traverse } from '../electron/core/api/paging.js';
import { startEngine } from '../electron/core/testing/test-kit.js';
import { report } from './lib/report.js';

const TRAVERSALS = 10;
const DURATION_MS = Number(process.env.BENCH_LIMITER_MS ?? 30_000);
/** The first seconds hold the initial burst; the sustained rate is measured after them. */
const WARM_UP_MS = 5_000;

const engine = await startEngine({ demo: { size: { customers: 100, contacts: 0, agreements: 20_000 } } });
await engine.tokens.getToken();
/** When each list request left, by the clock the server's limit is counted on. */
const sent: number[] = [];
const client = new ApiClient(
  { baseUrl: engine.demo.baseUrl, apiPrefix: '/v1', schemaPath: '/v1/schemas' },
  engine.tokens,
  engine.limiter,
  { fetch: (input, init) => (sent.push(performance.now()), fetch(input, init)) },
);
const started = performance.now();
await Promise.all(
  Array.from({ length: TRAVERSALS }, async (_, i) => {
    const sort = i % 2 ? 'mrr.desc' : 'startDate.asc';
    while (performance.now() - started < DURATION_MS) {
      for await (const page of traverse(
        client,
        { resource: 'agreements', sort, size: 100, lang: 'en' },
        { priority: 'export' },
      )) {
        if (performance.now() - started >= DURATION_MS || !page.hasNextPage) break;
      }
    }
  }),
);
const elapsedMs = performance.now() - started;
const afterWarmUp = sent.filter((time) => time - started >= WARM_UP_MS).length;
const sustained = afterWarmUp / ((elapsedMs - WARM_UP_MS) / 1000);
// Sent times are in order: a second from each request holds the requests up to the first one past it.
let most = 0;
for (let first = 0, last = 0; first < sent.length; first++) {
  while (last < sent.length && (sent[last] ?? 0) < (sent[first] ?? 0) + 1_000) last++;
  most = Math.max(most, last - first);
}
const { rateLimited } = engine.demo.counters;
await engine.close();

report('limiter', [
  {
    figure: `sustained rate, ${TRAVERSALS} traversals, ${Math.round(elapsedMs / 1000)} s (configured 20/s)`,
    value: sustained,
    unit: 'req/s',
  },
  {
    figure: 'distance from the configured 20/s',
    value: (Math.abs(sustained - 20) / 20) * 100,
    unit: '%',
    target: '< 3',
  },
  { figure: 'most requests sent in any rolling second (burst 35)', value: most, unit: 'req', target: '< 36' },
  {
    figure: `503 answers from the server (of ${sent.length} requests)`,
    value: rateLimited,
    unit: '',
    target: '< 1',
  },
]);
