import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../api/connect.js';
import { runExport } from '../export/export.js';
import { LimiterRegistry } from '../rate/limiter-registry.js';
import { TokenManagers } from './token-managers.js';
import { GrantLedger } from './grant-ledger.js';
import { cleanUp, tempDir, wire } from '../testing/wired.js';
import { apiErrorOf } from '../testing/test-kit.js';

// Behaviour the spec allows and our Demo API never shows, against a server of the test's own
// (testing/other-api.ts), with the number of tokens granted asserted in every scenario.
// Short token lifetimes and backoffs on the real clock: token-faults.integration.test.ts.
afterEach(cleanUp);

describe('token lifetime', () => {
  it('reads a JWT-only lifetime as exp − iat from this clock, so a server clock 2 h ahead costs nothing', async () => {
    const { api, connection } = await wire({
      lifetimeIn: 'jwt',
      clockAheadSeconds: 7_200,
      tokenSeconds: 3_600,
    });
    const before = Date.now();
    for (let i = 0; i < 5; i++)
      await connection.client.listPage({ resource: 'customers', size: 10, lang: 'en' });
    expect(api.grants()).toBe(1);
    const expiresAt = connection.tokens.state().expiresAt ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('one token for every profile, test and connection with the same credentials', async () => {
    const { api, connection, connectAgain } = await wire({});
    await connection.client.count({ resource: 'customers' });
    await connectAgain().client.count({ resource: 'customers' });
    await Promise.all(
      [1, 2, 3].map(() => connectAgain().client.listPage({ resource: 'agreements', size: 5, lang: 'en' })),
    );
    expect(api.grants()).toBe(1);
  });
});

describe('a failing token endpoint', () => {
  it('after "credentials rejected" asks no more until the user retries, and never shows the secret it quoted', async () => {
    const { api, connection } = await wire({ rejectClient: true });
    const error = await apiErrorOf(
      connection.client.listPage({ resource: 'customers', size: 10, lang: 'en' }),
    );
    expect(error.code).toBe('credentials-rejected');
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toContain(api.clientSecret);
    expect(error.serverMessage).not.toContain(api.clientSecret);
    for (let i = 0; i < 25; i++) {
      expect((await apiErrorOf(connection.client.count({ resource: 'contacts' }))).code).toBe(
        'credentials-rejected',
      );
    }
    expect(connection.tokens.state()).toMatchObject({ status: 'failed' });
    expect(connection.tokens.state().error).not.toContain(api.clientSecret);
    expect(api.tokenRequests()).toBe(1);
    expect(api.grants()).toBe(0);
    await connection.tokens.retry();
    await apiErrorOf(connection.tokens.getToken());
    expect(api.tokenRequests()).toBe(2);
  });

  it('counts a request whose answer was lost (timeout) as spent, and a refused connection as not', async () => {
    const { api, connection, ledger } = await wire({ tokenDelayMs: 300 }, { tokens: { timeoutMs: 100 } });
    expect((await apiErrorOf(connection.tokens.getToken())).code).toBe('timeout');
    const key = GrantLedger.clientKey(api.url, api.clientId);
    expect(ledger.usage(key)).toMatchObject({ used: 1, unconfirmed: 1 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(api.grants()).toBe(1);
    await api.close();
    // Let the client see its pooled keep-alive socket closed: a request written to that socket may
    // have reached the server (counted, rightly), where a refused new connection never did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await connection.tokens.retry();
    expect((await apiErrorOf(connection.tokens.getToken())).code).toBe('network');
    expect(ledger.usage(key)).toMatchObject({ used: 1, unconfirmed: 1 });
  });
});

describe('a bundle not permitted on one resource (spec, Authentication 9)', () => {
  it('renews once, keeps the fresh token, says "not permitted", and asks for no more tokens', async () => {
    const { api, connection } = await wire({ forbiddenResource: 'contacts' });
    await connection.client.count({ resource: 'customers' });
    expect(api.grants()).toBe(1);
    const first = await apiErrorOf(
      connection.client.listPage({ resource: 'contacts', size: 10, lang: 'en' }),
    );
    expect(first).toMatchObject({ code: 'not-permitted', status: 401, retryable: false });
    expect(first.message).toMatch(/^not permitted: .*contacts/);
    expect(api.grants()).toBe(2);
    for (let i = 0; i < 5; i++) {
      expect((await apiErrorOf(connection.client.count({ resource: 'contacts' }))).code).toBe(
        'not-permitted',
      );
      expect(
        (
          await apiErrorOf(
            connection.client.listPage({ resource: 'contacts', customerId: 'c-1', size: 10, lang: 'en' }),
          )
        ).code,
      ).toBe('not-permitted');
    }
    // The fresh token was kept: the resources the bundle may read go on with it.
    await connection.client.listPage({ resource: 'customers', size: 10, lang: 'en' });
    await connection.client.listPage({ resource: 'agreements', size: 10, lang: 'en' });
    expect(api.grants()).toBe(2);
    expect(connection.tokens.state()).toMatchObject({ status: 'valid' });
  });

  it('is remembered with the cached token: a restart (another process) asks no token to learn it again', async () => {
    const { api, connection, vault, ledger, profile } = await wire({ forbiddenResource: 'schemas' });
    expect((await connection.client.schemas('en')).schemas).toBeNull();
    expect(api.grants()).toBe(2);
    const restarted = connect(profile, {
      tokens: new TokenManagers({ vault, ledger }),
      limiters: new LimiterRegistry(),
      readSecret: () => vault.getSecret(profile.id),
    });
    const listing = await restarted.client.schemas('en');
    expect(listing).toMatchObject({
      schemas: null,
      reason: expect.stringMatching(/may not read the schema listing/),
    });
    await restarted.client.count({ resource: 'customers' });
    expect(api.grants()).toBe(2);
    restarted.limiter.close();
  });

  it('a failing export of that resource costs no token beyond the one renewal', async () => {
    const { api, connection } = await wire({ forbiddenResource: 'agreements' });
    const target = join(await tempDir(), 'agreements.csv');
    for (let i = 0; i < 3; i++) {
      const error = await apiErrorOf(
        runExport(connection.client, {
          profile: 'other',
          view: { resource: 'agreements', lang: 'en' },
          options: { format: 'csv' },
          target,
        }),
      );
      expect(error.code).toBe('not-permitted');
    }
    expect(api.grants()).toBe(2);
  });
});
