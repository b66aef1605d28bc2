// Demo API at scale: generating a million agreements, the memory they take, and how fast a deep
// 500-row cursor page is served over HTTP. Run: node --expose-gc --import tsx bench/demo-api.ts
import { startTestApi } from '../electron/demo-api/testing/test-api.js';
import { percentiles, report, settledHeapMiB } from './lib/report.js';

const AGREEMENTS = 1_000_000;
const CUSTOMERS = 50_000;
const DEEP_SAMPLES = 400;

const heapBefore = settledHeapMiB();
let started = performance.now();
const api = await startTestApi({
  seed: 1,
  size: { customers: CUSTOMERS, contacts: 0, agreements: AGREEMENTS },
});
const generationMs = performance.now() - started;
const heapMiB = settledHeapMiB() - heapBefore;
const headers = { authorization: `Bearer ${await api.token()}` };

/** One cursor page of 500 agreements by MRR, descending; returns its next cursor and the time taken. */
async function page(cursor?: string): Promise<{ next: string | null; ms: number }> {
  const query = `size=500&sort=mrr.desc${cursor ? `&cursor=${cursor}` : ''}`;
  const begin = performance.now();
  const response = await fetch(`${api.baseUrl}/v1/agreements?${query}`, { headers });
  const body = (await response.json()) as { metadata: { pagination: { nextCursor: string | null } } };
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return { next: body.metadata.pagination.nextCursor, ms: performance.now() - begin };
}

started = performance.now();
let { next } = await page();
const firstSortedPageMs = performance.now() - started;

// Walk 90% of the way down with real cursors; the walk's pace is a traversal's throughput.
const deepPage = Math.floor((AGREEMENTS / 500) * 0.9);
started = performance.now();
for (let i = 1; i < deepPage && next; i++) next = (await page(next)).next;
const walkSeconds = (performance.now() - started) / 1000;
if (!next) throw new Error('the traversal ended before the deep page');
const deepCursor = next;

const samples: number[] = [];
for (let i = 0; i < DEEP_SAMPLES; i++) samples.push((await page(deepCursor)).ms);
const deep = percentiles(samples);
await api.close();

report('demo-api', [
  {
    figure: `generate ${AGREEMENTS.toLocaleString('en')} agreements + ${CUSTOMERS.toLocaleString('en')} customers`,
    value: generationMs / 1000,
    unit: 's',
    target: '< 10',
  },
  { figure: 'heap taken by that data', value: heapMiB, unit: 'MiB' },
  { figure: 'first page of a new sort (builds the sorted view)', value: firstSortedPageMs, unit: 'ms' },
  { figure: `cursor walk to page ${deepPage}`, value: (deepPage - 1) / walkSeconds, unit: 'pages/s' },
  {
    figure: `500-row cursor page at row ${(deepPage * 500).toLocaleString('en')}, median`,
    value: deep.median,
    unit: 'ms',
    target: '< 5',
  },
  { figure: `same page, p99 of ${DEEP_SAMPLES}`, value: deep.p99, unit: 'ms' },
]);
