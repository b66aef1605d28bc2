import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_LIMITS } from '../../shared/api-rules.js';
import { runExport } from '../export/run-export.js';
import { cleanUp, tempDir, wire } from '../testing/wired.js';
import { apiErrorOf } from '../testing/test-kit.js';
import { GrantLedger } from './grant-ledger.js';

// Tokens that expire and a token endpoint that fails, on the real clock: the durations and waits
// are the figures under test (a server of the test's own, testing/other-api.ts).
afterEach(cleanUp);

describe('token lifetime', () => {
  it('a 12,000-row export with 3-second tokens spends at most ⌈duration / 3 s⌉ + 1 tokens', async () => {
    // 120 pages of 100 at 20/s: about 5 s, so the export outlives its first token.
    const { api, connection } = await wire({ tokenSeconds: 3, rows: 12_000 }, { pace: API_LIMITS });
    const target = join(await tempDir(), 'contacts.csv');
    const started = performance.now();
    const result = await runExport(connection.client, {
      profile: 'other',
      view: { resource: 'contacts', lang: 'en' },
      options: { format: 'csv', pageSize: 100 },
      target,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(result.rows).toBe(12_000);
    expect(seconds).toBeGreaterThan(3);
    expect(api.grants()).toBeGreaterThanOrEqual(2);
    expect(api.grants()).toBeLessThanOrEqual(Math.ceil(seconds / 3) + 1);
    expect((await readFile(target, 'utf8')).split('\r\n').filter(Boolean)).toHaveLength(12_001);
  });
});

describe('a token that ends on the way', () => {
  it('refused after the end its server stated, for a list it was never used on: renewed once, not taken for "not permitted"', async () => {
    // Tokens of 2 s (the app uses one for a minute, and renews it on the 401 that ends it). The token
    // was answered for customers, so it is known valid and received well within the minute: before,
    // its 401 for contacts was read as "these credentials may not read contacts".
    const { api, connection } = await wire({ tokenSeconds: 2 });
    await connection.client.count({ resource: 'customers' });
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const page = await connection.client.listPage({ resource: 'contacts', size: 10, lang: 'en' });
    expect(page.rows).toHaveLength(10);
    expect(api.grants()).toBe(2);
  });
});

describe('a failing token endpoint', () => {
  it('shares one failure among waiting callers and backs off before asking again', async () => {
    const { api, connection } = await wire({ failingTokenRequests: 3 }, { tokens: { baseBackoffMs: 200 } });
    const failures = await Promise.all(
      Array.from({ length: 30 }, () =>
        apiErrorOf(connection.client.listPage({ resource: 'customers', size: 10, lang: 'en' })),
      ),
    );
    expect(new Set(failures.map((error) => error.code))).toEqual(new Set(['http']));
    expect(api.tokenRequests()).toBe(1);
    // During the wait: the failure again, saying when the next attempt is, and nothing sent.
    const during = await apiErrorOf(connection.tokens.getToken());
    expect(during.retryAt).toBeGreaterThan(Date.now());
    expect(api.tokenRequests()).toBe(1);
    // Callers that keep asking for 1.2 s get at most one request per growing wait (200, 400, 800 ms).
    const until = Date.now() + 1_200;
    while (Date.now() < until) {
      await connection.tokens.getToken().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(api.tokenRequests()).toBeLessThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await connection.client.listPage({ resource: 'customers', size: 10, lang: 'en' });
    expect(api.grants()).toBe(1);
    expect(api.tokenRequests()).toBe(4);
  });

  it('counts a request whose answer was lost (timeout) as spent, and a refused connection as not', async () => {
    // An answer that comes long after the app stopped waiting: the machine's speed cannot decide it.
    const { api, connection, ledger } = await wire(
      { tokenDelayMs: 30_000 },
      { tokens: { timeoutMs: 1_000 } },
    );
    expect((await apiErrorOf(connection.tokens.getToken())).code).toBe('timeout');
    const key = GrantLedger.clientKey(api.url, api.clientId);
    expect(ledger.usage(key)).toMatchObject({ used: 1, unconfirmed: 1 });
    // It reached the server, which may grant it: spent, rightly.
    expect(api.received.filter((request) => request.path === '/oauth/token')).toHaveLength(1);
    await api.close();
    // Let the client see its pooled keep-alive socket closed: a request written to that socket may
    // have reached the server (counted, rightly), where a refused new connection never did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await connection.tokens.retry();
    expect((await apiErrorOf(connection.tokens.getToken())).code).toBe('network');
    expect(ledger.usage(key)).toMatchObject({ used: 1, unconfirmed: 1 });
  });
});
