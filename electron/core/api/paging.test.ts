import { afterEach, describe, expect, it } from 'vitest';
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
