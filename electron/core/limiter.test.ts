import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { ApiError } from './errors.js';
import { LimiterRegistry, RequestLimiter, type LimiterStats, type Priority } from './limiter.js';
import { traverse } from './paging.js';
import { startEngine, type Engine } from './test-kit.js';

let engine: Engine | undefined;
let current: RequestLimiter | undefined;
afterEach(async () => {
  current?.close();
  current = undefined;
  await engine?.close();
  engine = undefined;
});

const overloaded = (retryAfterMs?: number) =>
  new ApiError('overloaded', 'the API is rate limiting or overloaded (HTTP 503)', {
    status: 503,
    retryable: true,
    retryAt: retryAfterMs === undefined ? undefined : Date.now() + retryAfterMs,
  });

describe('the limiter on its own', () => {
  it('starts interactive work before prefetch before export, first come first served within each', async () => {
    const limiter = (current = new RequestLimiter({ requestsPerSecond: 50, burst: 2, maxConcurrent: 1 }));
    const order: string[] = [];
    const job = (priority: Priority, name: string) =>
      limiter.schedule(priority, async () => {
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    const jobs = [
      job('export', 'e1'),
      job('export', 'e2'),
      job('prefetch', 'p1'),
      job('interactive', 'i1'),
      job('export', 'e3'),
      job('interactive', 'i2'),
    ];
    await Promise.all(jobs);
    // e1 started at once (the queue was empty); then the rest by priority.
    expect(order).toEqual(['e1', 'i1', 'i2', 'p1', 'e2', 'e3']);
  });

  it('caps the requests in flight', async () => {
    const limiter = (current = new RequestLimiter({
      requestsPerSecond: 1_000,
      burst: 1_000,
      maxConcurrent: 3,
    }));
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        limiter.schedule('export', async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 10));
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('drops a queued request when its signal aborts, and never runs it', async () => {
    const limiter = (current = new RequestLimiter({ requestsPerSecond: 1, burst: 2 }));
    const ran: number[] = [];
    const controller = new AbortController();
    const first = limiter.schedule('interactive', () => Promise.resolve(ran.push(1)));
    const queued = limiter.schedule('interactive', () => Promise.resolve(ran.push(2)), controller.signal);
    expect(limiter.stats().queued).toBe(1);
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(ran).toEqual([1]);
    expect(limiter.stats().queued).toBe(0);
  });

  it('passes the signal to a running request so it can stop it', async () => {
    const limiter = (current = new RequestLimiter({ requestsPerSecond: 10, burst: 5 }));
    const controller = new AbortController();
    const running = limiter.schedule(
      'interactive',
      (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
      controller.signal,
    );
    setTimeout(() => controller.abort(), 20);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('retries a 503 with full-jitter backoff, slows down, then recovers gradually', async () => {
    const limiter = (current = new RequestLimiter({
      requestsPerSecond: 20,
      burst: 35,
      baseBackoffMs: 100,
      random: () => 1,
    }));
    let calls = 0;
    const started = performance.now();
    const result = await limiter.schedule('interactive', () =>
      ++calls <= 3 ? Promise.reject(overloaded()) : Promise.resolve('ok'),
    );
    expect(result).toBe('ok');
    // Waits of 100, 200 and 400 ms (random() = 1 takes the whole bound each time).
    expect(performance.now() - started).toBeGreaterThanOrEqual(690);
    const afterStorm = limiter.stats();
    expect(afterStorm).toMatchObject({ retries: 3, overloadAnswers: 3 });
    expect(afterStorm.allowedRate).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await limiter.schedule('interactive', () => Promise.resolve());
    const later = limiter.stats().allowedRate;
    expect(later).toBeGreaterThan(afterStorm.allowedRate);
  });

  it('honours Retry-After on a 503 for the whole origin', async () => {
    const limiter = (current = new RequestLimiter({ requestsPerSecond: 100, burst: 50, random: () => 0 }));
    let calls = 0;
    const started = performance.now();
    const first = limiter.schedule('interactive', () =>
      ++calls === 1 ? Promise.reject(overloaded(600)) : Promise.resolve(),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    let otherStartedAt = 0;
    const other = limiter.schedule('interactive', () => {
      otherStartedAt = performance.now() - started;
      return Promise.resolve();
    });
    await Promise.all([first, other]);
    expect(otherStartedAt).toBeGreaterThanOrEqual(590);
  });

  it('gives up after its retry budget with a clear "service unavailable"', async () => {
    const limiter = (current = new RequestLimiter({
      requestsPerSecond: 100,
      burst: 50,
      maxRetries: 3,
      baseBackoffMs: 5,
    }));
    const error = await limiter
      .schedule('export', () => Promise.reject(overloaded()))
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'unavailable', status: 503, retryable: true });
    expect((error as Error).message).toMatch(
      /^service unavailable: the API answered 503 .* 4 times in a row/,
    );
  });

  it('reports live figures as an event', async () => {
    const limiter = (current = new RequestLimiter({ requestsPerSecond: 100, burst: 10 }));
    const seen: LimiterStats[] = [];
    limiter.onStats((stats) => seen.push(stats));
    await Promise.all(
      Array.from({ length: 20 }, () => limiter.schedule('prefetch', () => Promise.resolve())),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ queued: 0, inFlight: 0 });
    expect(seen.at(-1)?.requestsPerSecond).toBeGreaterThan(0);
  });
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
    // 120 requests: the client's bucket (35 less its reserve) then 20 a second.
    expect(seconds).toBeGreaterThanOrEqual((120 - 30) / 20 - 0.2);
    expect(demo.counters.apiRequests).toBe(120);
  });

  it('two processes calling one origin share its 20/s: no 503 when one joins the other mid-traversal', async () => {
    engine = await startEngine({ demo: { size: { customers: 200, contacts: 0, agreements: 2_000 } } });
    const { demo, tokens } = engine;
    await tokens.getToken();
    const folder = await mkdtemp(join(tmpdir(), 'cdb-peers-'));
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

describe('limiter registry', () => {
  it('gives every profile of one API origin the same limiter, and other origins their own', () => {
    const registry = new LimiterRegistry();
    const options = { requestsPerSecond: 20, burst: 35 };
    const a = registry.forOrigin('https://api.example.com/v1', options);
    expect(registry.forOrigin('https://api.example.com', { requestsPerSecond: 5, burst: 5 })).toBe(a);
    expect(registry.forOrigin('https://other.example.com', options)).not.toBe(a);
    registry.closeAll();
  });
});
