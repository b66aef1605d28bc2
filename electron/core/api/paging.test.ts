import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, CallOptions, PageRequest } from './api-client.js';
import { traverse, type TraversalPage } from './paging.js';
import { startEngine, type Engine } from '../testing/test-kit.js';

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

const AGREEMENTS_BY_ARR = { resource: 'agreements', sort: 'arr.desc', size: 100, lang: 'en' } as const;
const idsOf = (pages: TraversalPage[]) => pages.flatMap((page) => page.rows.map((row) => row.id as string));

describe('one traversal', () => {
  it('visits every row once, first page without cursor, until hasNextPage is false', async () => {
    engine = await startEngine();
    const pages: TraversalPage[] = [];
    for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR)) pages.push(page);
    expect(pages.map((page) => page.index)).toEqual([...Array(12).keys()]);
    expect(new Set(idsOf(pages)).size).toBe(1_200);
    expect(pages.at(-1)).toMatchObject({ hasNextPage: false, nextCursor: null });
    const arr = pages.flatMap((page) => page.rows.map((row) => row.arr as number | null));
    const values = arr.filter((value): value is number => value !== null);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('stops its requests when cancelled, queued and in flight', async () => {
    engine = await startEngine({ demo: { latencyMs: 50 } });
    const controller = new AbortController();
    const seen: number[] = [];
    const run = (async () => {
      for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR, { signal: controller.signal })) {
        seen.push(page.index);
        if (page.index === 2) setTimeout(() => controller.abort(), 10);
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // Counted where the Demo receives them, once a request sent before the cancel has had time to
    // arrive (under load it may land after it): the three pages seen and at most one in flight.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(engine.demo.counters.apiRequests).toBeLessThanOrEqual(4);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('asks for nothing more once the loop is left', async () => {
    engine = await startEngine();
    for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR)) if (page.index === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(engine.demo.counters.apiRequests).toBe(2);
  });

  it('reading ahead, asks for the next page while the caller still handles this one, and every row comes once', async () => {
    engine = await startEngine({ demo: { latencyMs: 20 } });
    const demo = engine.demo;
    // Resolves when the Demo receives its second call: the caller handling the first page waits for
    // it, which only a read-ahead can give (without one, this traversal would wait forever).
    let secondCall: () => void = () => undefined;
    const secondArrived = new Promise<void>((resolve) => (secondCall = resolve));
    let calls = 0;
    demo.faults.beforeEachCall(() => void (++calls === 2 && secondCall()));
    const pages: TraversalPage[] = [];
    for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR, { readAhead: true })) {
      if (page.index === 0) await secondArrived;
      pages.push(page);
    }
    expect(new Set(idsOf(pages)).size).toBe(1_200);
    expect(pages.map((page) => page.index)).toEqual([...Array(12).keys()]);
    expect(demo.counters.apiRequests).toBe(12);
  });

  it('reading ahead, cancels the page read ahead when the loop is left', async () => {
    engine = await startEngine({ demo: { latencyMs: 50 } });
    const { client } = engine;
    const signals: (AbortSignal | undefined)[] = [];
    const watched = Object.assign(Object.create(client) as ApiClient, {
      listPage: (request: PageRequest, options?: CallOptions) => {
        signals.push(options?.signal);
        return client.listPage(request, options);
      },
    });
    for await (const page of traverse(watched, AGREEMENTS_BY_ARR, { readAhead: true }))
      if (page.index === 1) break;
    // Three pages asked for: the two seen and the one read ahead, whose request is given up.
    expect(signals.map((signal) => signal?.aborted)).toEqual([true, true, true]);
  });

  it('keeps going through a 401 in the middle (one token renewal)', async () => {
    engine = await startEngine();
    const pages: TraversalPage[] = [];
    for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR)) {
      pages.push(page);
      if (page.index === 4) engine.demo.faults.revokeTokens();
    }
    expect(new Set(idsOf(pages)).size).toBe(1_200);
    expect(engine.demo.counters.tokenRequests).toBe(2);
  });
});

describe('an invalid cursor', () => {
  it('restarts the traversal from the top when allowed, marking the restart', async () => {
    engine = await startEngine();
    const pages: TraversalPage[] = [];
    for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR, { restarts: 1 })) {
      pages.push(page);
      if (pages.length === 3) engine.demo.faults.failNext(1, { status: 400 });
    }
    expect(pages.map((page) => [page.index, page.restarted])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [0, true],
      ...[...Array(11).keys()].map((index) => [index + 1, false]),
    ]);
    const afterRestart = pages.slice(3);
    expect(new Set(idsOf(afterRestart)).size).toBe(1_200);
  });

  it('fails cleanly once the restarts are used up', async () => {
    engine = await startEngine();
    let pages = 0;
    const run = (async () => {
      for await (const page of traverse(engine.client, AGREEMENTS_BY_ARR, { restarts: 1 })) {
        pages++;
        if (page.index === 1) engine.demo.faults.failNext(1, { status: 400 });
      }
    })();
    await expect(run).rejects.toMatchObject({ code: 'invalid-cursor', status: 400 });
    expect(pages).toBe(4);
  });
});
