import { afterEach, describe, expect, it } from 'vitest';
import { summarize } from '../../shared/agreement-summary.js';
import { PAGE_SIZE_MAX } from '../../shared/api-rules.js';
import type { ApiRecord } from '../../shared/schema.js';
import { startDemoApi, type DemoApi } from '../../demo-api/testing/faults.js';
import { appCalls } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';

// A customer at a glance (lists.summary): folded in core from the customer's agreements held for
// search, the list a filter of them reads too: read once, in pages of the most rows the API gives.

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function coreOverDemo() {
  let demo: DemoApi | undefined;
  const opened = await openTestCore({
    startDemo: async () => (demo = await startDemoApi({ size: { customers: 3, agreements: 3_000 } })),
  });
  close = opened.close;
  const calls = appCalls(opened.core);
  // The Demo starts with the first request that needs it.
  await calls.ok('data.count', { view: { resource: 'customers' } });
  if (!demo) throw new Error('the Demo did not start');
  return { ...calls, demo };
}

/** Asks for the summary until the list is held whole (the first ask starts its read). */
async function summaryOf(ok: ReturnType<typeof appCalls>['ok'], customerId: string) {
  for (;;) {
    const answer = (await ok('lists.summary', { customerId, lang: 'en' })) as {
      summary: unknown;
      list: { state: string };
    };
    if (answer.summary) return answer;
    expect(answer.list.state).toBe('reading');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a customer’s summary', () => {
  it('is folded from all its agreements, read once in pages of 500, and a filter of them reads nothing more', async () => {
    const { ok, demo } = await coreOverDemo();
    const customerId = 'CUS-00000001';
    const view = { resource: 'agreements' as const, customerId };
    const { total } = (await ok('data.count', { view })) as { total: number };
    expect(total).toBeGreaterThan(PAGE_SIZE_MAX);
    const before = demo.requests.length;

    const answer = await summaryOf(ok, customerId);
    // Its pages, and what the list reads once beside them: the schemas. The count is the one the
    // window asked a moment ago (one count per list).
    const asked = demo.requests.slice(before);
    const read = asked.filter((path) => path.includes(`/customers/${customerId}/agreements?size=`));
    expect(asked.filter((path) => !read.includes(path))).toEqual(['/v1/schemas']);
    expect(read).toHaveLength(Math.ceil(total / PAGE_SIZE_MAX));
    expect(read.every((path) => path.includes(`size=${PAGE_SIZE_MAX}`))).toBe(true);
    expect(answer.list).toMatchObject({ state: 'held', read: total });

    // The same figures as folded from the API's own pages, read here apart.
    const all: ApiRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = (await ok('data.listPage', { view, size: PAGE_SIZE_MAX, lang: 'en', cursor })) as {
        rows: ApiRecord[];
        nextCursor: string | null;
      };
      all.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(answer.summary).toEqual(summarize(all));
    // It crosses the browser host as JSON: nothing of it may be lost there (a Map would be).
    expect(JSON.parse(JSON.stringify(answer.summary))).toEqual(answer.summary);

    const afterSummary = demo.requests.length;
    const matches = (await ok('search.rows', {
      view,
      lang: 'en',
      filter: [{ field: '*', op: 'contains', value: 'AGR-' }],
      from: 0,
      count: 10,
    })) as { matches: number };
    expect(matches.matches).toBe(total);
    expect(demo.requests.length).toBe(afterSummary);
  });

  it('refuses a customer id that is not one, and asks the API nothing', async () => {
    const { call, demo } = await coreOverDemo();
    const before = demo.requests.length;
    expect(await call('lists.summary', { customerId: '../customers', lang: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(demo.requests.length).toBe(before);
  });
});
