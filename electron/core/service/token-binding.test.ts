import { afterEach, describe, expect, it } from 'vitest';
import { credentialsId, credentialsOf } from '../credentials.js';
import { appCalls, CUSTOMERS_COUNTED, profileOf, ROUTED_DIRECT } from '../testing/app-calls.js';
import type { OtherApi } from '../testing/other-api.js';
import { cleanUp, closeLater, otherApi } from '../testing/wired.js';
import { openTestCore, testVault } from '../testing/test-kit.js';

// A token goes only to the API it was obtained for (docs/api.md, "Tokens"): two base URLs that
// share one token endpoint, audience and client id, through the app's contract as the renderer
// drives it, with what each server received and the grants counted in every case.

afterEach(cleanUp);
const server = otherApi;

async function app() {
  const vault = testVault();
  const { core, close } = await openTestCore({ vault });
  closeLater(close);
  return { core, vault, ...appCalls(core) };
}

/** The saved connection to `genuine`, used once (its token cached), and what another base URL reuses of it. */
async function savedAndUsed(genuine: OtherApi, elsewhere: OtherApi) {
  const calls = await app();
  const saved = await calls.ok('connection.save', {
    profile: profileOf(genuine, 'Production', { audience: genuine.url }),
    secret: genuine.clientSecret,
  });
  await calls.ok('connection.select', { id: saved.id });
  await calls.ok('data.count', { view: { resource: 'customers' } });
  const account = credentialsId(credentialsOf({ ...profileOf(genuine), audience: genuine.url }));
  const cached = await calls.vault.getToken(account);
  expect(cached?.accessToken).toBeDefined();
  // The token endpoint, audience and client id of the saved connection, another API.
  const other = profileOf(genuine, 'Elsewhere', { audience: genuine.url, baseUrl: elsewhere.url });
  return { ...calls, saved, account, token: cached?.accessToken ?? '', other };
}

const tokensSentTo = (api: OtherApi) => api.received.filter((request) => request.authorization !== undefined);

describe('a token goes only to its own API', () => {
  it('a second saved connection with another base URL and no secret gets no token, and sends nothing', async () => {
    const genuine = await server();
    const elsewhere = await server();
    const { ok, call, other } = await savedAndUsed(genuine, elsewhere);
    const second = await ok('connection.save', { profile: other });
    await ok('connection.select', { id: second.id });
    const listed = await call('data.count', { view: { resource: 'customers' } });
    expect(listed).toMatchObject({ ok: false, error: { code: 'missing-secret' } });
    expect(elsewhere.received).toEqual([]);
    expect(genuine.grants()).toBe(1);
  });

  it('Test of another base URL with a wrong secret asks the token endpoint, never sends the saved token', async () => {
    const genuine = await server();
    const elsewhere = await server();
    const { call, vault, account, token, other } = await savedAndUsed(genuine, elsewhere);
    const tried = await call('connection.test', { profile: other, secret: 'not-the-secret' });
    expect(tried).toMatchObject({ ok: false, error: { code: 'credentials-rejected' } });
    expect(elsewhere.received).toEqual([]);
    expect(genuine.grants()).toBe(1);
    expect(genuine.tokenRequests()).toBe(2);
    expect((await vault.getToken(account))?.accessToken).toBe(token);
  });

  it('a trial whose API refuses its token (401) leaves the saved connection’s cached token alone', async () => {
    const genuine = await server();
    // Every token is refused there: it is not that server's.
    const elsewhere = await server();
    const { call, vault, account, token, other } = await savedAndUsed(genuine, elsewhere);
    const tried = await call('connection.test', { profile: other, secret: genuine.clientSecret });
    expect(tried).toMatchObject({ ok: false, error: { code: 'not-permitted' } });
    // The trial's own tokens went there (the secret was typed for it); the saved one never did.
    expect(tokensSentTo(elsewhere).length).toBeGreaterThan(0);
    expect(tokensSentTo(elsewhere).some((request) => request.authorization?.includes(token))).toBe(false);
    expect((await vault.getToken(account))?.accessToken).toBe(token);
    // A token refused within a minute of its grant is valid, only not permitted there: one grant for
    // the trial, none spent renewing it, none by the saved connection.
    expect(genuine.grants()).toBe(2);
  });
});

describe('Test checks the secret as typed', () => {
  it('the saved secret uses the cached token (no grant); a wrong one fails; a new right one costs one token, and saving it none', async () => {
    const api = await server();
    const { ok, call, vault } = await app();
    const profile = profileOf(api);
    const saved = await ok('connection.save', { profile, secret: api.clientSecret });
    await ok('connection.test', { id: saved.id });
    expect(api.grants()).toBe(1);

    expect(await ok('connection.test', { id: saved.id, profile, secret: api.clientSecret })).toEqual(
      CUSTOMERS_COUNTED,
    );
    expect(api.tokenRequests()).toBe(1);

    const wrong = await call('connection.test', {
      id: saved.id,
      profile,
      secret: 'a-rotated-secret-mistyped',
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'credentials-rejected' } });
    expect(api.tokenRequests()).toBe(2);
    // The saved connection is untouched: it goes on with its token.
    const account = credentialsId(credentialsOf(profile));
    const kept = (await vault.getToken(account))?.accessToken;
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'contacts' } });
    expect(api.grants()).toBe(1);

    // The server's secret was rotated: the new one is tried for real (one token), then saved for free.
    api.rotateSecret();
    const rotated = await call('connection.test', { id: saved.id, profile, secret: api.clientSecret });
    expect(rotated).toMatchObject({ ok: true, value: CUSTOMERS_COUNTED });
    expect(api.grants()).toBe(2);
    await ok('connection.save', { id: saved.id, profile, secret: api.clientSecret });
    await ok('data.count', { view: { resource: 'agreements' } });
    expect(api.grants()).toBe(2);
    expect((await vault.getToken(account))?.accessToken).not.toBe(kept);
  });
});

describe('Test spends no grant for nothing (M1)', () => {
  it('five Tests of a new connection with the right secret cost one grant, and saving it none', async () => {
    const api = await server();
    const { ok } = await app();
    const profile = profileOf(api);
    for (let click = 0; click < 5; click++) {
      expect(await ok('connection.test', { profile, secret: api.clientSecret })).toEqual(CUSTOMERS_COUNTED);
    }
    expect(api.grants()).toBe(1);
    const saved = await ok('connection.save', { profile, secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'agreements' } });
    expect(api.grants()).toBe(1);
  });

  it('a bundle that may not read customers: the Test counts contacts and says so, 4 clicks and Save cost one grant', async () => {
    const api = await server({ forbiddenResources: ['customers'] });
    const { ok } = await app();
    const profile = profileOf(api);
    for (let click = 0; click < 4; click++) {
      const tested = (await ok('connection.test', { profile, secret: api.clientSecret })) as {
        route: { tokenMs?: number };
      };
      expect(tested).toEqual({
        resource: 'contacts',
        count: 1_000,
        notPermitted: ['customers'],
        route: ROUTED_DIRECT,
      });
      // The route says when the token endpoint was asked: the first click only.
      expect(tested.route.tokenMs !== undefined, `click ${click + 1}`).toBe(click === 0);
    }
    expect(api.grants()).toBe(1);
    const saved = await ok('connection.save', { profile, secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'contacts' } });
    expect(api.grants()).toBe(1);
  });
});

describe('two profiles with the same credentials and different secrets (M5)', () => {
  it('Test of the copy with a mistyped secret fails, though the right one’s token is held; the right profile goes on', async () => {
    const api = await server();
    const { ok, call } = await app();
    const prod = await ok('connection.save', { profile: profileOf(api, 'Prod'), secret: api.clientSecret });
    await ok('connection.select', { id: prod.id });
    await ok('data.count', { view: { resource: 'customers' } });
    expect(api.grants()).toBe(1);
    const copy = await ok('connection.save', { profile: profileOf(api, 'Prod (copy)'), secret: 'mistyped' });
    // Each is told the other holds another secret for the same client and API.
    expect(copy.secretDiffersFrom).toEqual(['Prod']);
    const listed = (await ok('connection.list', {})) as { name: string; secretDiffersFrom?: string[] }[];
    expect(listed.find((profile) => profile.name === 'Prod')?.secretDiffersFrom).toEqual(['Prod (copy)']);
    expect(await call('connection.test', { id: copy.id })).toMatchObject({
      ok: false,
      error: { code: 'credentials-rejected' },
    });
    expect(
      await call('connection.test', { id: copy.id, profile: profileOf(api, 'Prod (copy)') }),
    ).toMatchObject({
      ok: false,
      error: { code: 'credentials-rejected' },
    });
    expect(api.grants()).toBe(1);
    await ok('connection.select', { id: prod.id });
    expect(await ok('data.count', { view: { resource: 'contacts' } })).toEqual({ total: 1_000 });
    expect(await ok('connection.test', { id: prod.id })).toEqual(CUSTOMERS_COUNTED);
    expect(api.grants()).toBe(1);
  });
});
