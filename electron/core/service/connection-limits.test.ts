import { afterEach, describe, expect, it } from 'vitest';
import type { LimiterStats } from '../../shared/contract/status.js';
import { appCalls, profileOf } from '../testing/app-calls.js';
import { cleanUp, closeLater, otherApi } from '../testing/wired.js';
import { openTestCore } from '../testing/test-kit.js';

// A connection's rate and burst, as the user edits them: refused out of bounds, applied at once
// when saved, and never changed by a Test of the form.

afterEach(cleanUp);

async function setUp() {
  const api = await otherApi();
  const { core, close } = await openTestCore();
  closeLater(close);
  const stats: LimiterStats[] = [];
  core.onEvent((name, payload) => name === 'limiter.stats' && stats.push(payload as LimiterStats));
  return { api, core, stats, ...appCalls(core) };
}

describe('a connection’s request rate', () => {
  it('is refused out of bounds, naming the field; nothing is saved or sent', async () => {
    const { api, call, ok } = await setUp();
    for (const limits of [{ requestsPerSecond: 0.01 }, { requestsPerSecond: 1e-300 }, { burst: 10 }]) {
      const saved = await call('connection.save', {
        profile: { ...profileOf(api), ...limits },
        secret: api.clientSecret,
      });
      expect(saved).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
      const tried = await call('connection.test', {
        profile: { ...profileOf(api), ...limits },
        secret: api.clientSecret,
      });
      expect(tried).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    }
    expect(await ok('connection.list', {})).toEqual([]);
    expect(api.received).toEqual([]);
  });

  it('applies at once when saved, and a Test with another rate leaves it as it is', async () => {
    const { api, ok, stats } = await setUp();
    const profile = profileOf(api);
    const saved = await ok('connection.save', { profile, secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'customers' } });
    await expect.poll(() => stats.at(-1)?.configuredRate).toBe(20);

    await ok('connection.test', { id: saved.id, profile: { ...profile, requestsPerSecond: 2, burst: 2 } });
    await ok('data.count', { view: { resource: 'contacts' } });
    await expect.poll(() => stats.at(-1)?.configuredRate).toBe(20);

    await ok('connection.save', { id: saved.id, profile: { ...profile, requestsPerSecond: 5, burst: 8 } });
    await ok('data.count', { view: { resource: 'agreements' } });
    await expect.poll(() => stats.at(-1)?.configuredRate).toBe(5);
  });
});
