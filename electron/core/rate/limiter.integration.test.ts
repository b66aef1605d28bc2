import { rm } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../api/api-client.js';
import { LimiterRegistry } from './limiter-registry.js';
import { traverse } from '../api/paging.js';
import { startEngine, type Engine } from '../testing/test-kit.js';
import { makeTempFolder } from '../testing/temp-folder.js';

// The limiter against the Demo API's own rate limit, on the real clock: the rates and waits are
// the figures under test. limiter.test.ts proves its rules on a clock of the test's own.
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('the limiter against the Demo API (20/s, burst 35)', () => {
  it('holds 10 concurrent traversals to a shared 20/s with no 503 from the server', async () => {
    engine = await startEngine({ demo: { size: { customers: 200, contacts: 0, agreements: 1_200 } } });
    const { client, demo } = engine;
    await engine.tokens.getToken();
    const started = performance.now();
    const pages = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        let count = 0;
        const sort = i % 2 ? 'mrr.desc' : 'startDate.asc';
        for await (const page of traverse(
          client,
          { resource: 'agreements', sort, size: 100, lang: 'en' },
          { priority: 'prefetch' },
        )) {
          count += page.rows.length;
        }
        return count;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(pages).toEqual(Array(10).fill(1_200));
    expect(demo.counters.rateLimited).toBe(0);
    // 120 requests: the client's bucket (35 less its reserve of 10) then 20 a second.
    expect(seconds).toBeGreaterThanOrEqual((120 - 25) / 20 - 0.2);
    expect(demo.counters.apiRequests).toBe(120);
  });

  it('two processes calling one origin share its 20/s: no 503 when one joins the other mid-traversal', async () => {
    engine = await startEngine({ demo: { size: { customers: 200, contacts: 0, agreements: 2_000 } } });
    const { demo, tokens } = engine;
    await tokens.getToken();
    const folder = await makeTempFolder('cdb-peers-');
    // Two registries on one peers folder: exactly what two processes of the user have.
    const registries = [new LimiterRegistry(folder), new LimiterRegistry(folder)];
    const clients = registries.map(
      (registry) =>
        new ApiClient(
          { baseUrl: demo.baseUrl, apiPrefix: '/v1', schemaPath: '/v1/schemas' },
          tokens,
          registry.forOrigin(demo.baseUrl, { requestsPerSecond: 20, burst: 35 }),
        ),
    );
    const walk = async (client: ApiClient, sort: string) => {
      let rows = 0;
      for await (const page of traverse(client, { resource: 'agreements', sort, size: 20, lang: 'en' }, {})) {
        rows += page.rows.length;
      }
      return rows;
    };
    try {
      const first = walk(clients[0]!, 'mrr.desc');
      // The second process starts once the first is past its burst and running at the full rate.
      await new Promise((resolve) => setTimeout(resolve, 1_800));
      const second = walk(clients[1]!, 'arr.asc');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(
        registries.map(
          (registry) =>
            registry.forOrigin(demo.baseUrl, { requestsPerSecond: 20, burst: 35 }).stats().sharedWith,
        ),
      ).toEqual([1, 1]);
      expect(await Promise.all([first, second])).toEqual([2_000, 2_000]);
      expect(demo.counters.rateLimited).toBe(0);
    } finally {
      for (const registry of registries) registry.closeAll();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('rides out a 503 storm from the server', async () => {
    engine = await startEngine({ limiter: { baseBackoffMs: 20 } });
    engine.demo.faults.failNext(4);
    const page = await engine.client.listPage({ resource: 'customers', size: 10, lang: 'en' });
    expect(page.rows).toHaveLength(10);
    expect(engine.limiter.stats()).toMatchObject({ retries: 4, overloadAnswers: 4 });
  });

  it('waits for the Retry-After of a 503', async () => {
    engine = await startEngine();
    engine.demo.faults.failNext(1, { retryAfterSeconds: 1 });
    const started = performance.now();
    await engine.client.listPage({ resource: 'customers', size: 10, lang: 'en' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });
});
