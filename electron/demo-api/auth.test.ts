import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { API_LIMITS } from '../shared/api-rules.js';
import { startTestApi, type TestApi } from './testing/test-api.js';

// Spec "Authentication" and "Limits": client-credentials tokens (JWT, 10 h), the token endpoint's
// 60 requests/minute per IP (429 + Retry-After) and 15 tokens per day; 401 without a valid token.
const START = Date.UTC(2026, 10, 21, 9, 0, 0);
const HOUR = 3_600_000;

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A Demo API on a clock the test moves. */
async function startOnClock(limits = {}): Promise<{ api: TestApi; clock: { now: number } }> {
  const clock = { now: START };
  api = await startTestApi({ now: () => clock.now, limits });
  return { api, clock };
}

describe('POST /oauth/token', () => {
  it('grants a signed HS256 JWT that lives 10 h, with expires_in', async () => {
    const { api } = await startOnClock();
    const answer = await api.requestToken();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 36_000,
    });
    const token = answer.body.access_token as string;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: api.clientId, aud: api.audience, iat: START / 1000 });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(API_LIMITS.tokenLifetimeSeconds);
    expect((await api.get('/v1/customers?size=1', { token })).status).toBe(200);
  });

  it('answers 400 with a JSON error for anything but the four JSON fields', async () => {
    const { api } = await startOnClock();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ grant_type: 'password' }, /grant_type/],
      [{ grant_type: undefined }, /grant_type/],
      [{ client_id: undefined }, /client_id/],
      [{ client_secret: 42 }, /client_secret/],
      [{ audience: '' }, /audience/],
      [{ audience: 'https://elsewhere.example' }, /audience/],
    ];
    for (const [body, message] of cases) {
      const answer = await api.requestToken(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String), message: expect.stringMatching(message) });
    }
    for (const [contentType, body] of [
      ['application/json', '{not json'],
      ['application/json', '[1,2]'],
      ['application/x-www-form-urlencoded', 'grant_type=client_credentials'],
    ]) {
      const raw = await fetch(`${api.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': contentType as string },
        body,
      });
      expect(raw.status, body).toBe(400);
      expect(await raw.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await fetch(`${api.authUrl}/oauth/token`)).status).toBe(405);
  });

  it('answers 401 for a wrong secret or an unknown client, and grants nothing', async () => {
    const { api } = await startOnClock();
    for (const body of [{ client_secret: 'wrong' }, { client_id: 'stranger' }]) {
      const answer = await api.requestToken(body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: 'invalid_client',
        message: expect.stringMatching(/client_secret/),
      });
      expect(JSON.stringify(answer.body)).not.toContain(api.clientSecret);
    }
    expect(api.grantsToday(api.clientId)).toBe(0);
  });

  it('allows 60 requests a minute from one address, then 429 with Retry-After', async () => {
    const { api, clock } = await startOnClock({ tokensPerDay: 1_000 });
    for (let i = 0; i < 60; i++) {
      clock.now += 500;
      // Failed requests count too: the limit is on requests, not on grants.
      expect((await api.requestToken(i % 2 ? { client_secret: 'wrong' } : {})).status).not.toBe(429);
    }
    const refused = await api.requestToken();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/60 a minute/);
    // The first of the 60 was at START + 0.5 s; it leaves the window 60 s later.
    expect(refused.headers.get('retry-after')).toBe('31');
    clock.now = START + 500 + 60_000 - 1;
    expect((await api.requestToken()).status).toBe(429);
    clock.now += 1;
    expect((await api.requestToken()).status).toBe(200);
  });

  it('grants at most 15 tokens per client in 24 h, then 429 saying when the next is allowed', async () => {
    const { api, clock } = await startOnClock();
    for (let i = 0; i < 15; i++) {
      clock.now += 10 * 60_000;
      expect((await api.requestToken()).status).toBe(200);
    }
    expect(api.grantsToday(api.clientId)).toBe(15);
    const refused = await api.requestToken();
    expect(refused.status).toBe(429);
    const nextAllowed = new Date(START + 10 * 60_000 + 24 * HOUR).toISOString();
    expect(refused.body).toEqual({
      error: 'token_quota_exceeded',
      message: expect.stringContaining(`15 tokens per 24 h`) as string,
    });
    expect(refused.body.message).toContain(nextAllowed);
    // Refused at START + 150 min; the oldest grant (START + 10 min) leaves the 24 h window 140 min early.
    expect(Number(refused.headers.get('retry-after'))).toBe(24 * 3600 - 140 * 60);
    clock.now = START + 10 * 60_000 + 24 * HOUR + 1;
    expect((await api.requestToken()).status).toBe(200);
  });
});

describe('Bearer token on API calls', () => {
  it('answers 401 without a token, with a malformed one, or with one signed elsewhere', async () => {
    const { api } = await startOnClock();
    const other = await startTestApi();
    try {
      const foreign = await other.token();
      const valid = await api.token();
      const [header = '', payload = '', signature = ''] = valid.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(valid), sub: 'admin' })).toString('base64url')}.${signature}`;
      for (const token of [null, '', 'garbage', foreign, forged, `${header}.${payload}.`]) {
        const answer = await api.get('/v1/customers', { token });
        expect(answer.status, String(token)).toBe(401);
        expect(answer.body).toEqual({ status: 'error', message: expect.stringMatching(/token/) });
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    } finally {
      await other.close();
    }
  });

  it('accepts a token until its 10 h are up, then answers 401 "expired"', async () => {
    const { api, clock } = await startOnClock();
    const token = await api.token();
    clock.now = START + 10 * HOUR - 1_000;
    expect((await api.get('/v1/agreements?size=1', { token })).status).toBe(200);
    clock.now = START + 10 * HOUR + 1_000;
    const expired = await api.get('/v1/agreements?size=1', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('guards every API route, the schema listing included', async () => {
    const { api } = await startOnClock();
    for (const path of [
      '/v1/customers',
      '/v1/contacts',
      '/v1/agreements',
      '/v1/schemas',
      '/v1/customers/CUS-00000001/contacts',
    ]) {
      expect((await api.get(path, { token: null })).status, path).toBe(401);
    }
  });
});
