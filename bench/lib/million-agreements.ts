import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ANY_FIELD } from '../../electron/shared/filter.js';
import { PAGE_SIZE_MAX } from '../../electron/shared/api-rules.js';
import { HeldRows } from '../../electron/core/search/columns/held-rows.js';
import { compileSearch, matchesOf } from '../../electron/core/search/list-query.js';
import { toRecord } from '../../electron/demo-api/rows.js';
import { startDemoApi } from '../../electron/demo-api/testing/faults.js';
import { openTestCore } from '../../electron/core/testing/test-kit.js';
import { percentiles, settledHeapMiB, type Figure } from './report.js';

const MIB = 2 ** 20;
type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A Demo of `agreements` agreements (bench/search.ts: a million): what the default budget says of them (held or refused,
 * with the estimate, and what a scan of them takes), then searches over that many rows held (a
 * budget raised for the measure): the heap they take beside the app's estimate, p50 and p95, and
 * the longest event loop delay meanwhile.
 */
export async function millionAgreements(
  agreements: number,
  stage: (what: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  let agreementsDemo: Awaited<ReturnType<typeof startDemoApi>> | undefined;
  const app = await openTestCore({
    startDemo: () =>
      startDemoApi({ size: { customers: 20_000, contacts: 0, agreements }, latencyMs: 50 }).then(
        (started) => ((agreementsDemo = started), started),
      ),
  });
  await app.core.handlers['search.rows']({
    view: { resource: 'agreements' },
    lang: 'en',
    filter: [{ field: ANY_FIELD, op: 'contains', value: 'pro' }],
    from: 0,
    count: 1,
  });
  let status = (await app.core.handlers['lists.status']({}))[0];
  while (status?.state === 'reading') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await app.core.handlers['lists.status']({}))[0];
  }
  figures.push(
    {
      figure: `${agreements.toLocaleString('en')} agreements, default budget: ${status?.state === 'too-long' ? 'refused (searches scan)' : (status?.state ?? 'unknown')}`,
      value: (status?.estimatedBytes ?? status?.bytes ?? NaN) / MIB,
      unit: 'MiB estimated',
    },
    {
      figure: '  page reads before refusing',
      value: agreementsDemo?.requests.filter((url) => url.includes('size=500')).length ?? NaN,
      unit: '',
    },
    { figure: '  a scan of them takes', value: status?.scanSeconds ?? NaN, unit: 's' },
  );

  stage(`  holding ${agreements.toLocaleString('en')} agreements`);
  // Held all the same (a budget raised for the measure): the rows as the API sends them, 500 a page.
  const store = agreementsDemo?.store;
  const rows = new HeldRows();
  const heap = settledHeapMiB();
  for (let at = 0; store && at < store.count('agreements'); at += PAGE_SIZE_MAX) {
    const page: Row[] = [];
    for (let index = at; index < Math.min(at + PAGE_SIZE_MAX, store.count('agreements')); index++) {
      const row = store.tables.agreements.at(index);
      if (row) page.push(toRecord.agreements(row, 'en'));
    }
    rows.append(page);
  }
  const heldHeap = settledHeapMiB() - heap;
  const sample = rows.recordAt(Math.floor(agreements * 0.654_321));
  const millionQueries = [
    text(sample.id),
    text(sample.id).slice(0, 8),
    text(sample.customerId),
    'pro 2019',
    'enterprise',
    'enterprise 2021',
    'terminated',
    '2024-03',
    'zzzz',
    text(sample.name),
  ];
  const millionMs: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (const query of millionQueries) {
    const compiled = compileSearch(
      [{ field: ANY_FIELD, op: 'contains', value: query }],
      () => 'text',
      undefined,
    );
    const started = performance.now();
    await matchesOf(rows, compiled, undefined);
    millionMs.push(performance.now() - started);
  }
  delay.disable();
  const million = percentiles(millionMs);
  figures.push(
    {
      figure: `${agreements.toLocaleString('en')} agreements held (budget raised): heap, measured`,
      value: heldHeap,
      unit: 'MiB',
    },
    { figure: "  the app's estimate", value: rows.bytes / MIB, unit: 'MiB' },
    { figure: `  ${millionQueries.length} searches over them, p50`, value: million.median, unit: 'ms' },
    { figure: '  p95', value: million.p95, unit: 'ms', target: '≤ 300' },
    {
      figure: "  this process's longest event loop delay meanwhile",
      value: delay.max / 1e6,
      unit: 'ms',
      target: '≤ 50',
    },
  );
  await app.close();
  return figures;
}
