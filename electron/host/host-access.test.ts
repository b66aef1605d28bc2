import { describe, expect, it } from 'vitest';
import { ADDRESS_PATH, PROOF_PATH, SESSION_PATH } from '../shared/contract/wire.js';
import { provesHost } from '../core/store/running-hosts.js';
import { SESSION_HEADER } from './host-server.js';
import { hostKit } from './testing/host-kit.js';

// Who may call the browser host, and what it refuses: bad arguments change nothing; only this
// session's page may call. Over real HTTP, against the real core, a real Demo API and
// the real keychain (testing/host-kit.ts). Every payload the tests see is kept, to prove no secret is ever in one.
const kit = hostKit();
const { ok } = kit;

describe('bad arguments are refused with a validation error, and change nothing', () => {
  const long = 'x'.repeat(5_000);
  it.each([
    ['connection.save', { profile: { name: 'x' } }],
    [
      'connection.save',
      {
        profile: { name: 'x', baseUrl: 'http://evil.example', authUrl: 'https://a.example', clientId: 'c' },
        secret: 's',
      },
    ],
    [
      'connection.save',
      {
        profile: { name: 'x', baseUrl: 'https://a.example', authUrl: 'https://a.example', clientId: 'c' },
        secret: long,
      },
    ],
    [
      'connection.save',
      {
        profile: {
          name: 'x',
          baseUrl: 'https://a.example',
          authUrl: 'https://a.example',
          clientId: 'c',
          clientSecret: 's',
        },
      },
    ],
    ['connection.delete', { id: 42 }],
    ['connection.delete', { id: 'a', extra: true }],
    ['connection.select', {}],
    ['settings.set', { language: 'de' }],
    ['settings.set', { pageSize: 10_000 }],
    ['settings.set', { theme: 'dark', admin: true }],
    ['data.listPage', { view: { resource: 'invoices' }, size: 10, lang: 'en' }],
    ['data.listPage', { view: { resource: 'customers' }, size: 501, lang: 'en' }],
    ['data.listPage', { view: { resource: 'customers' }, size: 10, lang: 'en', cursor: long }],
    ['data.listPage', { view: { resource: 'customers' }, size: 10, lang: 'en', priority: 'export' }],
    ['data.count', { view: { resource: 'customers', customerId: long } }],
    ['data.schemas', { lang: 'es' }],
    [
      'export.start',
      { view: { resource: 'customers', lang: 'en' }, options: { format: 'pdf' }, fileName: 'x.pdf' },
    ],
    [
      'export.start',
      {
        view: { resource: 'customers', lang: 'en' },
        options: { format: 'csv' },
        fileName: '../../etc/passwd',
      },
    ],
    [
      'export.start',
      { view: { resource: 'customers', lang: 'en' }, options: { format: 'csv' }, fileName: '..' },
    ],
    ['export.cancel', {}],
    ['connection.status', { please: 'leak' }],
    ['connection.list', null],
    ['settings.get', 'string'],
  ])('%s %j', async (name, argument) => {
    const profilesBefore = await ok('connection.list', {});
    const settingsBefore = await ok('settings.get', {});
    const answer = await kit.client.call(name, argument);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringContaining(`${name}: `) },
    });
    expect(await ok('connection.list', {})).toEqual(profilesBefore);
    expect(await ok('settings.get', {})).toEqual(settingsBefore);
  });

  it('refuses a request that is not in the contract, and a body that is not JSON or too large', async () => {
    expect((await kit.client.call('vault.getSecret', {})).body).toEqual({
      ok: false,
      error: { code: 'unknown-request', message: 'there is no request called "vault.getSecret"' },
    });
    expect((await kit.client.call('__proto__', {})).body.error.code).toBe('unknown-request');
    const notJson = await kit.client.raw('POST', '/api/connection.status', {
      body: '{oops',
      headers: { [SESSION_HEADER]: kit.client.session },
    });
    expect(notJson.body.error).toEqual({ code: 'invalid-argument', message: 'the request body is not JSON' });
    const huge = await kit.client.raw('POST', '/api/connection.status', {
      body: `"${'x'.repeat(1_100_000)}"`,
      headers: { [SESSION_HEADER]: kit.client.session },
    });
    expect(huge.body.error.code).toBe('invalid-argument');
  });
});

describe('who may call', () => {
  it('refuses calls without the session token, or with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [SESSION_HEADER]: 'guess' },
      { [SESSION_HEADER]: `${kit.client.session}x` },
    ];
    for (const headers of attempts) {
      const answer = await kit.client.raw('POST', '/api/connection.status', { body: '{}', headers });
      expect(answer.status).toBe(401);
      expect(answer.body.ok).toBe(false);
    }
    expect((await kit.client.raw('GET', '/api/events')).status).toBe(401);
  });

  it('lets the key of an address be used once: the page gets a session of its own, the address is spent', async () => {
    const key = new URL(kit.host.newAddress()).hash.replace('#session=', '');
    const exchange = () =>
      kit.client.raw('POST', SESSION_PATH, {
        body: JSON.stringify({ key }),
        headers: { 'content-type': 'application/json' },
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    const session = first.body.session as string;
    expect(session).not.toBe(key);
    const status = await kit.client.raw('POST', '/api/connection.status', {
      body: '{}',
      headers: { [SESSION_HEADER]: session },
    });
    expect(status.body.ok).toBe(true);
    // The address is spent: its key gets no session, and was never a session itself.
    const again = await exchange();
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('this address was already used, or is not this run’s');
    expect(
      (
        await kit.client.raw('POST', '/api/connection.status', {
          body: '{}',
          headers: { [SESSION_HEADER]: key },
        })
      ).status,
    ).toBe(401);
    // A tab with a session may ask for another one-time address (another tab).
    const another = await kit.client.raw('POST', ADDRESS_PATH, { headers: { [SESSION_HEADER]: session } });
    expect(another.body.url).toMatch(new RegExp(`^${kit.host.origin}/#session=[\\w-]{43}$`));
    expect((await kit.client.raw('POST', ADDRESS_PATH)).status).toBe(401);
  });

  it('keeps the link a new address opens with its key, and gives it to the page that takes the key, never in the address', async () => {
    const session = kit.client.session;
    const link = 'cdb://customer/CUS-00000042?connection=Prod';
    const asked = await kit.client.raw('POST', ADDRESS_PATH, {
      body: JSON.stringify({ link }),
      headers: { [SESSION_HEADER]: session, 'content-type': 'application/json' },
    });
    const url = asked.body.url as string;
    expect(url).toMatch(new RegExp(`^${kit.host.origin}/#session=[\\w-]{43}$`));
    const taken = await kit.client.raw('POST', SESSION_PATH, {
      body: JSON.stringify({ key: new URL(url).hash.replace('#session=', '') }),
      headers: { 'content-type': 'application/json' },
    });
    expect(taken.body).toEqual({ session: expect.any(String), link });
    // Anything but { link } is refused, and no address is made for it (the page judges the link).
    for (const body of [{ link: 42 }, { link: 'x'.repeat(8_001) }, { other: 1 }]) {
      const refused = await kit.client.raw('POST', ADDRESS_PATH, {
        body: JSON.stringify(body),
        headers: { [SESSION_HEADER]: session, 'content-type': 'application/json' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.url).toBeUndefined();
    }
  });

  it('gives `cdb open` a credential that calls no request itself; the address it asks for opens a session, once', async () => {
    const credential = kit.host.addressCredential();
    const asked = await kit.client.raw('POST', ADDRESS_PATH, { headers: { [SESSION_HEADER]: credential } });
    expect(asked.status).toBe(200);
    expect(asked.body.url).toMatch(new RegExp(`^${kit.host.origin}/#session=`));
    // The running-hosts file's credential read by another program: no profile, setting or event.
    for (const name of ['connection.list', 'settings.get', 'connection.status']) {
      const refused = await kit.client.raw('POST', `/api/${name}`, {
        body: '{}',
        headers: { [SESSION_HEADER]: credential },
      });
      expect(refused.status, name).toBe(401);
    }
    expect(
      (await kit.client.raw('GET', '/api/events', { headers: { [SESSION_HEADER]: credential } })).status,
    ).toBe(401);
    // What it does grant (docs/architecture.md): the address's key opens a session, one time only.
    const key = String(asked.body.url).split('#session=')[1] ?? '';
    const opened = await kit.client.raw('POST', SESSION_PATH, { body: JSON.stringify({ key }) });
    expect(opened.status).toBe(200);
    expect((await kit.client.raw('POST', SESSION_PATH, { body: JSON.stringify({ key }) })).status).toBe(401);
  });

  it('proves itself with the key of its running-hosts file, which never travels', async () => {
    const nonce = 'n'.repeat(43);
    const proved = await kit.client.raw('POST', PROOF_PATH, {
      body: JSON.stringify({ nonce }),
      headers: { 'content-type': 'application/json' },
    });
    expect(provesHost(kit.host.proofKey, nonce, proved.body.proof)).toBe(true);
    expect(provesHost('another key, another host', nonce, proved.body.proof)).toBe(false);
    expect(JSON.stringify(proved.body)).not.toContain(kit.host.proofKey);
    const refused = await kit.client.raw('POST', PROOF_PATH, {
      body: JSON.stringify({ nonce: 'short' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
  });

  it('answers a malformed percent-encoding with 400, not an error', async () => {
    for (const [method, path] of [
      ['GET', '/%'],
      ['POST', '/api/%'],
      ['GET', '/%E0%A4%A'],
    ] as const) {
      const answer = await kit.client.raw(method, path, {
        headers: { [SESSION_HEADER]: kit.client.session },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'invalid-argument',
        message: 'the address has a malformed percent-encoding',
      });
    }
  });

  it('refuses another origin, and a Host that is not this server (DNS rebinding)', async () => {
    const otherOrigin = await kit.client.call('connection.status', {}, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    const rebound = await kit.client.call(
      'connection.status',
      {},
      { host: `evil.example:${new URL(kit.host.origin).port}` },
    );
    expect(rebound.status).toBe(403);
    const page = await kit.client.raw('GET', '/', { headers: { host: 'evil.example' } });
    expect(page.status).toBe(403);
    expect((await kit.client.call('connection.status', {}, { origin: kit.host.origin })).status).toBe(200);
  });

  it('serves the renderer with a strict CSP, and nothing outside its folder', async () => {
    const page = await kit.client.raw('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self'/);
    expect((await kit.client.raw('GET', '/../data/profiles.json')).status).toBe(404);
    expect((await kit.client.raw('GET', '/%2e%2e/data/profiles.json')).status).toBe(404);
    expect(
      (
        await kit.client.raw('GET', '/api/connection.status', {
          headers: { [SESSION_HEADER]: kit.client.session },
        })
      ).status,
    ).toBe(403);
  });
});

describe('secrets', () => {
  it('never appear in any response or event the tests saw', () => {
    expect(kit.client.seen.length).toBeGreaterThan(50);
    const everything = kit.client.seen.join('\n');
    expect(everything).not.toContain(kit.remote.clientSecret);
    expect(everything).not.toContain('client_secret');
  });
});
