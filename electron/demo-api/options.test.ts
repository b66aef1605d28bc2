import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/test-api.js';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('Demo API options', () => {
  it('adds the configured latency, with jitter, to every answer', async () => {
    api = await startTestApi({ latencyMs: 60, latencyJitter: 0.2 });
    await api.get('/v1/customers?size=1');
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await api.get('/v1/customers?size=1')).status).toBe(200);
      timings.push(performance.now() - started);
    }
    // 60 ms less at most 20 % jitter, less a timer's 2 ms of slack.
    expect(Math.min(...timings)).toBeGreaterThanOrEqual(46);
    expect(Math.max(...timings)).toBeLessThan(1_000);
  });

  it('generates the requested number of rows per resource from the seed', async () => {
    api = await startTestApi({ seed: 99, size: { customers: 17, contacts: 3, agreements: 0 } });
    for (const [resource, total] of [
      ['customers', 17],
      ['contacts', 3],
      ['agreements', 0],
    ] as const) {
      expect((await api.get(`/v1/${resource}?page=1&size=1`)).body.metadata.pagination.total).toBe(total);
    }
    expect((await api.get('/v1/agreements')).body).toEqual({
      status: 'success',
      data: [],
      metadata: { pagination: { size: 100, hasNextPage: false, nextCursor: null } },
    });
  });

  it('answers 405 to other methods on the API, as the spec shows only listing here', async () => {
    api = await startTestApi();
    const token = await api.token();
    const answer = await fetch(`${api.baseUrl}/v1/customers?clientId=x`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });
});
