import { afterEach, describe, expect, it } from 'vitest';
import { answersAtOnce, startTestApi, type TestApi } from './testing/test-api.js';

// Spec "Limits" and "Errors": 20 requests/s per source IP with bursts of 35; HTTP 503 beyond.
// On the server's own clock; the real clock's sustained rate: rate-limit.integration.test.ts.
let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const SPEC_LIMITS = { requestsPerSecond: 20, burst: 35 };

describe('API rate limit', () => {
  it('serves a burst of 35, answers 503 beyond, and refills at 20 a second', async () => {
    const clock = { now: Date.UTC(2026, 0, 5) };
    api = await startTestApi({ now: () => clock.now, limits: SPEC_LIMITS });
    const token = await api.token();
    expect(await answersAtOnce(api, 50, token)).toEqual({ 200: 35, 503: 15 });
    const refused = await api.get('/v1/customers?size=1', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ status: 'error', message: expect.stringMatching(/rate limit/) });
    clock.now += 1_000;
    expect(await answersAtOnce(api, 30, token)).toEqual({ 200: 20, 503: 10 });
    clock.now += 250;
    expect(await answersAtOnce(api, 6, token)).toEqual({ 200: 5, 503: 1 });
  });

  it('counts calls without a valid token too, and leaves the token endpoint to its own limit', async () => {
    const clock = { now: Date.UTC(2026, 0, 5) };
    api = await startTestApi({ now: () => clock.now, limits: SPEC_LIMITS });
    expect(await answersAtOnce(api, 40, 'not-a-token')).toEqual({ 401: 35, 503: 5 });
    expect((await api.requestToken()).status).toBe(200);
  });
});
