import { afterEach, describe, expect, it } from 'vitest';
import { answersAtOnce, startTestApi, type TestApi } from './testing/test-api.js';

// Spec "Limits" and "Errors": 20 requests/s per source IP with bursts of 35; HTTP 503 beyond.
// The sustained rate on the real clock.
let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const SPEC_LIMITS = { requestsPerSecond: 20, burst: 35 };

describe('API rate limit', () => {
  it('holds 20 a second sustained on the real clock', async () => {
    api = await startTestApi({ limits: SPEC_LIMITS });
    const token = await api.token();
    const started = Date.now();
    let served = 0;
    let refused = 0;
    // Two seconds of 100 calls a second: the bucket's 35 plus about 20 a second get through.
    while (Date.now() - started < 2_000) {
      const answers = await answersAtOnce(api, 10, token);
      served += answers[200] ?? 0;
      refused += answers[503] ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1_000;
    expect(refused).toBeGreaterThan(0);
    expect(served).toBeGreaterThanOrEqual(35 + 20 * 2 * 0.8);
    expect(served).toBeLessThanOrEqual(35 + 20 * seconds + 1);
  });
});
