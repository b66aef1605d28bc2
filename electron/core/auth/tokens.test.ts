import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { GrantLedger } from './grant-ledger.js';
import { apiErrorOf, startEngine, testVault, type Engine } from '../testing/test-kit.js';
import { TokenManager, type TokenManagerOptions } from './tokens.js';
import { startOtherApi } from '../testing/other-api.js';
import { credentialsId } from '../credentials.js';

const HOUR = 3_600_000;
let engine: Engine | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A token endpoint of the test's own, for answers the Demo API never gives; counts its calls. */
async function tokenEndpoint(
  answer: (call: number, response: ServerResponse, request: IncomingMessage) => void,
) {
  let calls = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(++calls, response, request));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  cleanups.push(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, close };
}

/** A token manager for `authUrl`, with a secret saved in the test's keychain. */
async function managerFor(authUrl: string, options: Partial<TokenManagerOptions> = {}) {
  const vault = testVault();
  const profileId = randomUUID();
  await vault.setSecret(profileId, 'the-secret');
  const ledger = await GrantLedger.open(undefined, options);
  const credentials = {
    authUrl,
    audience: `https://api.example/${profileId}`,
    clientId: 'c',
    apiOrigin: 'https://api.example',
  };
  const tokens = new TokenManager(credentials, { vault, ledger, longestWaitMs: 2_000, ...options });
  tokens.useSecretFrom(profileId, () => vault.getSecret(profileId));
  cleanups.push(async () => {
    await vault.deleteSecret(profileId);
    await tokens.forget();
  });
  /** The token as kept in the keychain for these credentials (its stated end with it). */
  const cachedToken = () => vault.getToken(credentialsId(credentials));
  return { tokens, ledger, vault, profileId, cachedToken };
}

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

describe('token manager against the Demo API', () => {
  it('shares one token request among 100 concurrent callers', async () => {
    const { tokens: manager, demo } = (engine = await startEngine());
    const tokens = await Promise.all(Array.from({ length: 100 }, () => manager.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(demo.counters.tokenRequests).toBe(1);
    expect(manager.state()).toMatchObject({ status: 'valid', usage: { used: 1, limit: 15 } });
  });

  it('takes the lifetime from expires_in and uses the token until just before it ends (spec rule 4)', async () => {
    const clock = { now: Date.now() };
    engine = await startEngine({ demo: { now: () => clock.now }, tokens: { now: () => clock.now } });
    const first = await engine.tokens.getToken();
    expect(engine.tokens.state().expiresAt).toBe(clock.now + 10 * HOUR);
    clock.now += 10 * HOUR - 2 * 60_000;
    expect(await engine.tokens.getToken()).toBe(first);
    clock.now += 90_000;
    const renewed = await engine.tokens.getToken();
    expect(renewed).not.toBe(first);
    expect(engine.demo.counters.tokenRequests).toBe(2);
  });

  it('refuses a 16th token in 24 h itself, saying when the next is allowed, without asking the server', async () => {
    const clock = { now: Date.UTC(2026, 10, 21, 8) };
    engine = await startEngine({ demo: { now: () => clock.now }, tokens: { now: () => clock.now } });
    const ledger = await GrantLedger.open(undefined, { now: () => clock.now });
    const key = GrantLedger.clientKey(engine.demo.authUrl, engine.demo.clientId);
    for (let i = 0; i < 15; i++) {
      const reservation = await ledger.reserve(key);
      if ('id' in reservation) await ledger.settle(key, reservation.id, 'granted');
      clock.now += 60_000;
    }
    const tokens = engine.restart({ ledger });
    const error = await apiErrorOf(tokens.getToken());
    expect(error.code).toBe('token-budget');
    expect(error.message).toBe(
      'token budget spent: 15 / 15 tokens used in the last 24 h; the next one can be requested at 2026-11-22T08:00:00.000Z',
    );
    expect(error.retryAt).toBe(Date.UTC(2026, 10, 22, 8));
    expect(engine.demo.counters.tokenRequests).toBe(0);
    expect(tokens.state()).toMatchObject({ status: 'failed', usage: { used: 15, limit: 15 } });
  });

  it('stops at the server’s daily budget (429) and does not ask again within the hour its wait is bounded to', async () => {
    engine = await startEngine({ demo: { limits: { tokensPerDay: 1 } } });
    await engine.tokens.getToken();
    const other = engine.restart({ ledger: await GrantLedger.open(undefined) });
    await engine.vault.deleteToken(credentialsId(engine.credentials));
    const error = await apiErrorOf(other.getToken());
    expect(error).toMatchObject({ code: 'token-budget', status: 429, retryable: false });
    expect(error.serverMessage).toMatch(/daily token limit/);
    // This computer's ledger saw none of them: the words say the others' computers spent them.
    expect(error.message).toMatch(
      /this computer asked 0 of the bundle's 15 tokens a day, the others were asked by other computers or tools using the same client id/,
    );
    // The Demo asks to wait until its day is over (hours): a wait recorded for the whole machine is
    // bounded to an hour, so a wrong header cannot block every process for days.
    expect(error.retryAt).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(error.retryAt).toBeLessThanOrEqual(Date.now() + HOUR);
    const requests = engine.demo.counters.tokenRequests;
    expect((await apiErrorOf(other.getToken())).code).toBe('token-budget');
    expect(engine.demo.counters.tokenRequests).toBe(requests);
  });

  it('calls a wrong secret "credentials rejected", asks only once until the user retries', async () => {
    engine = await startEngine();
    await engine.vault.setSecret(engine.profileId, 'wrong-secret');
    const error = await apiErrorOf(engine.tokens.getToken());
    expect(error).toMatchObject({ code: 'credentials-rejected', status: 401, retryable: false });
    expect(error.message).toMatch(/^credentials rejected/);
    expect(error.message).not.toContain('wrong-secret');
    for (let i = 0; i < 20; i++)
      expect((await apiErrorOf(engine.tokens.getToken())).code).toBe('credentials-rejected');
    expect(engine.demo.counters.tokenRequests).toBe(1);
    await engine.vault.setSecret(engine.profileId, engine.demo.clientSecret);
    await engine.tokens.retry();
    await engine.tokens.getToken();
    expect(engine.demo.counters.tokenRequests).toBe(2);
  });

  it('says when no secret is saved', async () => {
    engine = await startEngine();
    await engine.vault.deleteSecret(engine.profileId);
    expect((await apiErrorOf(engine.tokens.getToken())).code).toBe('missing-secret');
  });
});

describe('token endpoint faults', () => {
  it('reports an endpoint that is down as a network error, at once, and counts no token', async () => {
    const endpoint = await tokenEndpoint((_call, response) => response.end());
    const { tokens } = await managerFor(endpoint.url);
    await endpoint.close();
    const started = Date.now();
    const error = await apiErrorOf(tokens.getToken());
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error.message).toMatch(
      /cannot reach the token endpoint at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(tokens.state().usage).toMatchObject({ used: 0 });
  });

  it('waits out a short Retry-After on 429, then gets its token', async () => {
    const endpoint = await tokenEndpoint((call, response) =>
      call === 1
        ? json(response, 429, { error: 'too_many_requests' }, { 'retry-after': '1' })
        : json(response, 200, { access_token: 'opaque-token', expires_in: 600 }),
    );
    const { tokens } = await managerFor(endpoint.url);
    const started = Date.now();
    expect(await tokens.getToken()).toBe('opaque-token');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(endpoint.calls()).toBe(2);
  });

  it('reports a long Retry-After on 429 with the time, and never hammers', async () => {
    const endpoint = await tokenEndpoint((_call, response) =>
      json(response, 429, { message: 'slow down' }, { 'retry-after': '45' }),
    );
    const { tokens } = await managerFor(endpoint.url);
    await apiErrorOf(tokens.getToken()).then((error) => {
      expect(error).toMatchObject({ code: 'token-rate-limited', status: 429, serverMessage: 'slow down' });
      expect(error.retryAt).toBeGreaterThan(Date.now() + 40_000);
    });
    expect((await apiErrorOf(tokens.getToken())).code).toBe('token-rate-limited');
    expect(endpoint.calls()).toBe(1);
  });

  it('takes the lifetime from the JWT exp − iat without expires_in, from this clock, and 10 h for an opaque token', async () => {
    const now = Date.now();
    // The token server's clock is two hours ahead: exp − now would say 2.5 h, the token lives 30 min.
    const iat = Math.floor(now / 1000) + 2 * 3_600;
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 1_800)
      .sign(new Uint8Array(32));
    const endpoint = await tokenEndpoint((call, response) =>
      json(response, 200, { access_token: call === 1 ? jwt : 'opaque-token-value' }),
    );
    const withJwt = await managerFor(endpoint.url, { now: () => now });
    await withJwt.tokens.getToken();
    // Stated shorter than the spec's 10 h: used for 10 h, renewed on a 401 after its stated end.
    expect(withJwt.tokens.state().expiresAt).toBe(now + 10 * HOUR);
    expect(await withJwt.cachedToken()).toMatchObject({ statedEnd: now + 1_800_000 });
    const opaque = await managerFor(endpoint.url, { now: () => now });
    await opaque.tokens.getToken();
    expect(opaque.tokens.state().expiresAt).toBe(now + 10 * HOUR);
    expect(await opaque.cachedToken()).not.toHaveProperty('statedEnd');
  });

  it('counts a stated lifetime from when the token was asked: a slow answer cannot make an ended token look valid', async () => {
    let now = Date.now();
    const asked = now;
    const endpoint = await tokenEndpoint((_call, response) => {
      // The server issued it, then took 2 s to answer: it ends 2 s sooner than receipt + 5 s.
      now += 2_000;
      json(response, 200, { access_token: 'slow-token', expires_in: 5 });
    });
    const manager = await managerFor(endpoint.url, { now: () => now });
    await manager.tokens.getToken();
    expect(await manager.cachedToken()).toMatchObject({
      receivedAt: asked + 2_000,
      statedEnd: asked + 5_000,
    });
  });

  it.each([
    ['not JSON', (response: ServerResponse) => response.writeHead(200).end('<html>')],
    ['JSON without access_token', (response: ServerResponse) => json(response, 200, { token: 'x' })],
  ])(
    'refuses an answer that is %s, counting no grant (a whole answer without a token granted none: M3), and asks no more until Retry',
    async (_kind, answer) => {
      const endpoint = await tokenEndpoint((_call, response) => answer(response));
      const { tokens } = await managerFor(endpoint.url);
      expect(await apiErrorOf(tokens.getToken())).toMatchObject({
        code: 'invalid-response',
        retryable: false,
      });
      expect(tokens.state().usage).toMatchObject({ used: 0, unconfirmed: 0 });
      await apiErrorOf(tokens.getToken());
      expect(endpoint.calls()).toBe(1);
    },
  );

  it('gives up on a silent endpoint after its timeout, and counts the lost answer as a possible grant', async () => {
    const endpoint = await tokenEndpoint(() => undefined);
    const { tokens } = await managerFor(endpoint.url, { timeoutMs: 300 });
    const error = await apiErrorOf(tokens.getToken());
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(tokens.state().usage).toMatchObject({ used: 1, unconfirmed: 1 });
  });

  it('lets one caller give up waiting while the shared request goes on for the others', async () => {
    const endpoint = await tokenEndpoint((_call, response) =>
      setTimeout(() => json(response, 200, { access_token: 'late', expires_in: 600 }), 300),
    );
    const { tokens } = await managerFor(endpoint.url);
    const impatient = new AbortController();
    const first = tokens.getToken(impatient.signal);
    const second = tokens.getToken();
    impatient.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(await second).toBe('late');
    expect(endpoint.calls()).toBe(1);
  });
});

describe('secrets of several profiles with the same credentials (M5)', () => {
  it('a rejected secret gives way to the next: a mistyped copy never locks out the right profile, whose secret is asked first after', async () => {
    const api = await startOtherApi();
    cleanups.push(() => api.close());
    const tokens = new TokenManager(
      { authUrl: api.url, audience: api.url, clientId: api.clientId, apiOrigin: api.url },
      { vault: testVault(), ledger: await GrantLedger.open(undefined) },
    );
    tokens.useSecretFrom('prod', () => Promise.resolve(api.clientSecret));
    // The copy was connected last: its source is the newest.
    tokens.useSecretFrom('copy', () => Promise.resolve('mistyped'));
    await tokens.getToken();
    expect({ grants: api.grants(), requests: api.tokenRequests() }).toEqual({ grants: 1, requests: 2 });
    expect(await tokens.obtainedWith(api.clientSecret)).toBe(true);
    expect(await tokens.obtainedWith('mistyped')).toBe(false);
    await tokens.forget();
    await tokens.getToken();
    expect({ grants: api.grants(), requests: api.tokenRequests() }).toEqual({ grants: 2, requests: 3 });
    tokens.close();
  });
});
