import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../api/connect.js';
import type { ApiError } from '../engine-errors.js';
import { TokenFile } from './token-file.js';
import { Vault } from './vault.js';
import { runExport } from '../export/run-export.js';
import { LimiterRegistry } from '../rate/limiter-registry.js';
import { TokenManagers } from './token-managers.js';
import { GrantLedger } from './grant-ledger.js';
import { cleanUp, tempDir, wire } from '../testing/wired.js';
import { apiErrorOf } from '../testing/test-kit.js';

// Behaviour the spec allows and our Demo API never shows, against a server of the test's own
// (testing/other-api.ts), with the number of tokens granted asserted in every scenario.
// Short token lifetimes and backoffs on the real clock: token-faults.integration.test.ts.
afterEach(cleanUp);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
    // Stated shorter than the spec's 10 h: used for 10 h (renewed on a 401 after the stated end).
    const expiresAt = connection.tokens.state().expiresAt ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * HOUR);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * HOUR);
  });

  it.each([5, 59])(
    'a lifetime stated as %i s by tokens that live 10 h: 20 calls 2 minutes apart cost one grant, not one each',
    async (statedSeconds) => {
      const clock = testClock();
      const { api, connection } = await wire({ statedSeconds }, { tokens: { now: clock.now } });
      for (let i = 0; i < 20; i++) {
        clock.pass(2 * MINUTE);
        await connection.client.count({ resource: 'customers' });
      }
      expect(api.grants()).toBe(1);
    },
  );

  it('a lifetime stated as 5 s, a permitted list alternating with a refused one 2 minutes apart: 2 grants, not 11', async () => {
    const clock = testClock();
    const { api, connection } = await wire(
      { statedSeconds: 5, forbiddenResources: ['contacts'] },
      { tokens: { now: clock.now } },
    );
    for (let i = 0; i < 20; i++) {
      clock.pass(2 * MINUTE);
      const resource = i % 2 === 0 ? 'customers' : 'contacts';
      const call = connection.client.count({ resource });
      if (resource === 'customers') await call;
      else expect((await apiErrorOf(call)).code).toBe('not-permitted');
    }
    // The first refusal past the stated end renews once (the token may have ended); the fresh
    // token refused too says contacts are not permitted, which is then known.
    expect(api.grants()).toBe(2);
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
});

describe('a token endpoint fetch cannot reach', () => {
  it('on a port fetch refuses (9): Test, Use and a retry send nothing and count no token, and say the port', async () => {
    const { managers, ledger, vault, profile } = await wire({});
    const authUrl = 'http://127.0.0.1:9/oauth/token';
    const limiters = new LimiterRegistry();
    const unreachable = connect(
      { ...profile, id: randomUUID(), authUrl },
      { tokens: managers, limiters, readSecret: () => vault.getSecret(profile.id) },
    );
    for (let attempt = 0; attempt < 3; attempt++) {
      const failure = await apiErrorOf(unreachable.client.count({ resource: 'customers' }));
      expect(failure).toMatchObject({ code: 'network', retryable: false });
      expect(failure.message).toMatch(/port 9 is one that browsers and Node refuse/);
      await unreachable.tokens.retry();
    }
    expect(ledger.usage(GrantLedger.clientKey(authUrl, profile.clientId))).toMatchObject({
      used: 0,
      unconfirmed: 0,
    });
    limiters.closeAll();
  });
});

describe('a bundle not permitted on one resource (spec, Authentication 9)', () => {
  it('a token the API answered elsewhere is valid: "not permitted" with no renewal, and no more tokens (H1)', async () => {
    const { api, connection } = await wire({ forbiddenResources: ['contacts'] });
    await connection.client.count({ resource: 'customers' });
    expect(api.grants()).toBe(1);
    const first = await apiErrorOf(
      connection.client.listPage({ resource: 'contacts', size: 10, lang: 'en' }),
    );
    expect(first).toMatchObject({ code: 'not-permitted', status: 401, retryable: false });
    expect(first.message).toMatch(/^not permitted: .*contacts/);
    expect(api.grants()).toBe(1);
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
    expect(api.grants()).toBe(1);
    expect(connection.tokens.state()).toMatchObject({ status: 'valid' });
  });

  it('is remembered with the cached token: a restart (another process) asks no token to learn it again', async () => {
    const { api, connection, vault, ledger, profile } = await wire({ forbiddenResources: ['schemas'] });
    expect((await connection.client.schemas('en')).schemas).toBeNull();
    expect(api.grants()).toBe(1);
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
    expect(api.grants()).toBe(1);
    restarted.limiter.close();
  });

  it('a failing export of that resource costs no token beyond the first: a token a minute old is valid', async () => {
    const { api, connection } = await wire({ forbiddenResources: ['agreements'] });
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
    expect(api.grants()).toBe(1);
  });
});

/** A clock the token manager reads, moved by the test: hours of use in a moment. */
function testClock() {
  const clock = { at: Date.now(), now: () => clock.at, pass: (ms: number) => void (clock.at += ms) };
  return clock;
}

describe('401s over hours of use (H1): what a token may read is learnt once, for these credentials', () => {
  const calls = [
    (connection: Connection) => connection.client.listPage({ resource: 'contacts', size: 10, lang: 'en' }),
    (connection: Connection) => connection.client.count({ resource: 'agreements' }),
    (connection: Connection) =>
      connection.client.listPage({ resource: 'contacts', customerId: 'c-1', size: 10, lang: 'en' }),
    (connection: Connection) => connection.client.listPage({ resource: 'agreements', size: 10, lang: 'en' }),
  ];

  it('a bundle that may read customers only: 40 switches between contacts and agreements, 2 min apart, cost 1 grant', async () => {
    const clock = testClock();
    const { api, connection } = await wire(
      { forbiddenResources: ['contacts', 'agreements'] },
      { tokens: { now: clock.now } },
    );
    await connection.client.count({ resource: 'customers' });
    for (let i = 0; i < 40; i++) {
      clock.pass(2 * MINUTE);
      expect((await apiErrorOf(calls[i % calls.length]!(connection))).code).toBe('not-permitted');
      if (i % 10 === 0) await connection.client.count({ resource: 'customers' });
    }
    expect(api.grants()).toBe(1);
    expect(api.tokenRequests()).toBe(1);
  });

  it('survives renewal: after the token ends, the next one is not asked to learn contacts again', async () => {
    const clock = testClock();
    const { api, connection } = await wire(
      { forbiddenResources: ['contacts'], tokenSeconds: 3_600 },
      { tokens: { now: clock.now } },
    );
    await connection.client.count({ resource: 'customers' });
    expect((await apiErrorOf(calls[0]!(connection))).code).toBe('not-permitted');
    // Past the spec's 10 h (the stated hour is a claim): renewed.
    clock.pass(10 * HOUR);
    await connection.client.count({ resource: 'customers' });
    expect(api.grants()).toBe(2);
    for (let i = 0; i < 10; i++) {
      clock.pass(2 * MINUTE);
      expect((await apiErrorOf(calls[0]!(connection))).code).toBe('not-permitted');
    }
    expect(api.grants()).toBe(2);
  });

  it('a bundle widened later is read again with the same token: the refusal is not kept forever', async () => {
    const forbidden = ['contacts'];
    const { api, connection } = await wire({ forbiddenResources: forbidden });
    expect((await apiErrorOf(calls[0]!(connection))).code).toBe('not-permitted');
    forbidden.length = 0;
    await calls[0]!(connection);
    expect(api.grants()).toBe(1);
  });

  it('an API that refuses every token (a wrong audience): 2 grants at most over 30 calls, then "check the audience"', async () => {
    const clock = testClock();
    const { api, connection } = await wire({ refuseEveryToken: true }, { tokens: { now: clock.now } });
    const every = [(c: Connection) => c.client.count({ resource: 'customers' }), ...calls];
    const errors: ApiError[] = [];
    for (let i = 0; i < 30; i++) {
      clock.pass(2 * MINUTE);
      errors.push(await apiErrorOf(every[i % every.length]!(connection)));
    }
    expect(api.grants()).toBe(2);
    expect(errors.at(-1)).toMatchObject({ code: 'credentials-rejected', retryable: false });
    expect(errors.at(-1)?.message).toMatch(/refuses every token .*check the connection's audience/);
    expect(connection.tokens.state()).toMatchObject({ status: 'failed' });
  });

  it.each([10_000, 2 * MINUTE])(
    'a token endpoint stating a lifetime under a minute (5 s) does not make each refused click a grant: 14 calls %i ms apart cost 2',
    async (apart) => {
      const clock = testClock();
      const { api, connection } = await wire(
        { forbiddenResources: ['contacts', 'agreements'], statedSeconds: 5 },
        { tokens: { now: clock.now } },
      );
      for (let i = 0; i < 14; i++) {
        clock.pass(apart);
        expect((await apiErrorOf(calls[i % calls.length]!(connection))).code).toBe('not-permitted');
      }
      // The first token learns contacts; one renewal (the stated end passed) learns agreements; a
      // refused list is then answered without a token.
      expect(api.grants()).toBe(2);
      // A list it may read is read with the token held (used on past its stated end).
      await connection.client.count({ resource: 'customers' });
      expect(api.grants()).toBe(2);
    },
  );

  it('a token refused where it was answered before has ended (revoked): renewed once', async () => {
    const clock = testClock();
    const forbidden: string[] = [];
    const { api, connection } = await wire({ forbiddenResources: forbidden }, { tokens: { now: clock.now } });
    await connection.client.count({ resource: 'customers' });
    clock.pass(2 * MINUTE);
    forbidden.push('customers');
    // The API now refuses the token where it answered it: it may have ended, so one renewal; the
    // fresh token refused too means the bundle lost customers.
    expect((await apiErrorOf(connection.client.count({ resource: 'customers' }))).code).toBe('not-permitted');
    expect(api.grants()).toBe(2);
  });
});

describe('token answers that are not tokens (M3): a redirect, a sign-in page', () => {
  it.each([
    [
      'a redirect',
      { status: 308, headers: { location: 'https://login.example/realms/x/oauth/token' }, body: '' },
      /redirects to https:\/\/login\.example\/realms\/x\/oauth\/token \(HTTP 308\)/,
    ],
    [
      'a 200 sign-in page',
      { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Sign in</html>' },
      /answered without an access_token \(HTTP 200, text\/html\)/,
    ],
  ])(
    '%s is refused, not counted as a grant, and asked once in 20 calls',
    async (_case, tokenAnswer, words) => {
      const { api, connection, ledger } = await wire({ tokenAnswer });
      const errors: ApiError[] = [];
      for (let i = 0; i < 20; i++)
        errors.push(await apiErrorOf(connection.client.count({ resource: 'customers' })));
      expect(errors[0]?.message).toMatch(words);
      expect(errors.at(-1)?.retryable).toBe(false);
      expect(api.tokenRequests()).toBe(1);
      expect(ledger.usage(GrantLedger.clientKey(api.url, api.clientId))).toMatchObject({
        used: 0,
        unconfirmed: 0,
      });
      expect(api.received.filter((request) => request.path !== '/oauth/token')).toHaveLength(0);
    },
  );
});

describe('a token cache that cannot be written (M4)', () => {
  it('keeps the token in memory: 6 calls cost 1 grant, and the status says it is not cached', async () => {
    const dir = await tempDir();
    const file = join(dir, 'token-cache.json');
    await mkdir(file, { mode: 0o700 });
    const vault = new Vault(undefined);
    vault.cacheTokensIn(new TokenFile(file));
    const { api, connection } = await wire({}, { tokens: { vault } });
    for (let i = 0; i < 6; i++) await connection.client.count({ resource: 'customers' });
    expect(api.grants()).toBe(1);
    expect(connection.tokens.state()).toMatchObject({
      status: 'valid',
      error: expect.stringMatching(/could not be kept for the next start/),
    });
  });
});
