import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Connection } from './connection.js';
import { credentialsId, credentialsOf } from './credentials.js';
import { runExport } from './export/export.js';
import { GrantLedger } from './grant-ledger.js';
import { LimiterRegistry } from './limiter.js';
import { profileFor, startOtherApi, type OtherApi, type OtherApiOptions } from './test-fixtures/other-api.js';
import { apiErrorOf, testService } from './test-kit.js';
import { TokenManagers, type TokenManagerOptions } from './tokens.js';
import { openVault, type Vault } from './vault.js';

// Behaviour the spec allows and our Demo API never shows, against a server of the test's own
// (test-fixtures/other-api.ts), with the number of tokens granted asserted in every scenario.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Wired {
  api: OtherApi;
  vault: Vault;
  ledger: GrantLedger;
  managers: TokenManagers;
  connection: Connection;
  /** Another connection of a profile with the same credentials (a test, a second view, `cdb`). */
  connectAgain: () => Connection;
}

/** The other API, and the engine wired to it as the app wires a saved profile (secret in the real keychain). */
async function wire(
  apiOptions: OtherApiOptions,
  {
    tokens = {},
    rate = 20,
    burst = 35,
  }: { tokens?: Partial<TokenManagerOptions>; rate?: number; burst?: number } = {},
): Promise<Wired> {
  const api = await startOtherApi(apiOptions);
  const vault = await openVault(testService());
  const ledger = await GrantLedger.open(undefined);
  const managers = new TokenManagers({ vault, ledger, ...tokens });
  const limiters = new LimiterRegistry();
  const profile = profileFor(api, { requestsPerSecond: rate, burst });
  await vault.setSecret(profile.id, api.clientSecret);
  const connectAgain = () =>
    connect(
      { ...profile, id: randomUUID() },
      { tokens: managers, limiters, readSecret: () => vault.getSecret(profile.id) },
    );
  cleanups.push(async () => {
    limiters.closeAll();
    managers.closeAll();
    await vault.deleteSecret(profile.id);
    await vault.deleteToken(credentialsId(credentialsOf(profile)));
    await api.close();
  });
  const connection = connect(profile, {
    tokens: managers,
    limiters,
    readSecret: () => vault.getSecret(profile.id),
  });
  return { api, vault, ledger, managers, connection, connectAgain };
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cdb-tokens-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('token lifetime', () => {
  it('a 12,000-row export with 3-second tokens spends at most ⌈duration / 3 s⌉ + 1 tokens', async () => {
    // 120 pages of 100 at 20/s: about 5 s, so the export outlives its first token.
    const { api, connection } = await wire({ tokenSeconds: 3, rows: 12_000 });
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
    connection.tokens.retry();
    await apiErrorOf(connection.tokens.getToken());
    expect(api.tokenRequests()).toBe(2);
  });

  it('counts a request whose answer was lost (timeout) as spent, and a refused connection as not', async () => {
    const { api, connection, ledger } = await wire({ tokenDelayMs: 600 }, { tokens: { timeoutMs: 200 } });
    expect((await apiErrorOf(connection.tokens.getToken())).code).toBe('timeout');
    const key = GrantLedger.clientKey(api.url, api.clientId);
    expect(ledger.usage(key)).toMatchObject({ used: 1, unconfirmed: 1 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.grants()).toBe(1);
    await api.close();
    connection.tokens.retry();
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
