import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestName } from '../shared/contract.js';
import { AppCore } from '../core/app/app-core.js';
import { startDemoApi, type DemoApi } from '../demo-api/testing.js';
import { testVault } from '../core/test-kit.js';
import { ADDRESS_PATH, SESSION_PATH } from '../shared/wire.js';
import { startHost, SESSION_HEADER, type RunningHost } from './server.js';
import { HostTestClient } from './test-support.js';

// The contract through the browser host over real HTTP, against the real core, a real Demo API and
// the real keychain. Every payload the tests see is kept, to prove no secret is ever in one.
let dir: string;
let core: AppCore;
let host: RunningHost;
let remote: DemoApi;
let client: HostTestClient;
let closeEvents: () => void;

/** Calls a request that must succeed, and returns its value. */
async function ok(name: RequestName, argument: unknown): Promise<any> {
  const answer = await client.call(name, argument);
  expect(answer.body, `${name} ${JSON.stringify(answer.body)}`).toMatchObject({ ok: true });
  return answer.body.value;
}

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdb-host-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>renderer</title>');
  remote = await startDemoApi({ size: { customers: 120, contacts: 200, agreements: 400 } });
  core = await AppCore.open({
    dataDir: join(dir, 'data'),
    exportDir: join(dir, 'exports'),
    vault: testVault(),
    startDemo: () => startDemoApi({ size: { customers: 150, contacts: 200, agreements: 600 } }),
  });
  host = await startHost({ core, rendererDir: join(dir, 'renderer') });
  client = new HostTestClient(host);
  closeEvents = client.listen();
});

afterAll(async () => {
  closeEvents();
  await host.close();
  await core.close();
  await remote.close();
  await rm(dir, { recursive: true, force: true });
});

describe('every request of the contract', () => {
  let profileId: string;

  it('starts on the Demo connection when there is no profile', async () => {
    const status = await ok('session.status', {});
    expect(status).toMatchObject({
      connection: { id: 'demo', name: 'Demo', demo: true },
      keychainProblem: null,
      notices: [],
    });
  });

  it('reads data of the Demo connection: a page, a count, the schemas, and cancels a request', async () => {
    const page = await ok('data.listPage', {
      view: { resource: 'agreements', sort: 'mrr.desc' },
      size: 50,
      lang: 'fr',
    });
    expect(page.rows).toHaveLength(50);
    expect(page.hasNextPage).toBe(true);
    const next = await ok('data.listPage', {
      view: { resource: 'agreements', sort: 'mrr.desc' },
      size: 50,
      lang: 'fr',
      cursor: page.nextCursor,
    });
    expect(next.rows[0].id).not.toBe(page.rows[0].id);
    expect(await ok('data.count', { view: { resource: 'agreements' } })).toEqual({ total: 600 });
    const schemas = await ok('data.schemas', { lang: 'fr' });
    expect(JSON.stringify(schemas)).toContain('Date de début');
    expect(await ok('data.cancel', { requestId: 'nothing-running' })).toEqual({ cancelled: false });
    await until(() => client.events.some((event) => event.name === 'token.state'), 'a token.state event');
    await until(() => client.events.some((event) => event.name === 'limiter.stats'), 'a limiter.stats event');
  });

  it('saves a profile with its secret, which never comes back out', async () => {
    const saved = await ok('profiles.save', {
      profile: {
        name: 'Remote',
        baseUrl: remote.baseUrl,
        authUrl: remote.authUrl,
        clientId: remote.clientId,
      },
      secret: remote.clientSecret,
    });
    profileId = saved.id as string;
    expect(saved).toMatchObject({ name: 'Remote', secretSaved: true, apiPrefix: '/v1' });
    expect(saved).not.toHaveProperty('secret');
    const listed = await ok('profiles.list', {});
    expect(listed).toEqual([expect.objectContaining({ id: profileId, secretSaved: true })]);
    expect(await readFile(join(dir, 'data', 'profiles.json'), 'utf8')).not.toContain(remote.clientSecret);
  });

  it('tests a profile, selects it and reads through it', async () => {
    expect(await ok('profiles.test', { id: profileId })).toEqual({ customers: 120 });
    const status = await ok('connection.select', { id: profileId });
    expect(status.connection).toEqual({ id: profileId, name: 'Remote', demo: false });
    expect(await ok('data.count', { view: { resource: 'contacts' } })).toEqual({ total: 200 });
    const renamed = await ok('profiles.save', {
      id: profileId,
      profile: {
        name: 'Remote EU',
        baseUrl: remote.baseUrl,
        authUrl: remote.authUrl,
        clientId: remote.clientId,
      },
    });
    expect(renamed).toMatchObject({ name: 'Remote EU', secretSaved: true });
  });

  it('gets and sets settings, and tells the renderer when the language changes', async () => {
    expect(await ok('settings.get', {})).toMatchObject({ language: 'en', pageSize: 200 });
    expect(await ok('settings.set', { language: 'fr', pageSize: 300 })).toMatchObject({
      language: 'fr',
      pageSize: 300,
    });
    await until(() => client.events.some((event) => event.name === 'language.changed'), 'language.changed');
    expect(client.events.find((event) => event.name === 'language.changed')?.data).toEqual({
      language: 'fr',
    });
  });

  it('runs an export to the export folder with progress events, and cancels another', async () => {
    const started = await ok('export.start', {
      view: {
        resource: 'agreements',
        sort: 'arr.desc',
        lang: 'fr',
        filter: [{ field: 'status', op: 'eq', value: 'active' }],
      },
      options: { format: 'csv', delimiter: ';', bom: true },
      fileName: 'contrats.csv',
    });
    expect(started.path).toBe(join(dir, 'exports', 'contrats.csv'));
    await until(
      () =>
        client.events.some(
          (event) =>
            event.name === 'export.progress' && (event.data as { state: string }).state === 'completed',
        ),
      'the export to complete',
    );
    expect((await readFile(started.path, 'utf8')).startsWith('\ufeff')).toBe(true);

    remote.faults.delayNext(50, 100);
    const slow = await ok('export.start', {
      view: { resource: 'agreements', lang: 'en' },
      options: { format: 'jsonl', pageSize: 10 },
      fileName: 'slow.jsonl',
    });
    expect(await ok('export.cancel', { exportId: slow.exportId })).toEqual({ cancelled: true });
    await until(
      () =>
        client.events.some(
          (event) =>
            event.name === 'export.progress' &&
            (event.data as { exportId: string; state: string }).exportId === slow.exportId &&
            (event.data as { state: string }).state === 'cancelled',
        ),
      'the cancelled export to report',
    );
    expect(await readdir(join(dir, 'exports'))).toEqual(['contrats.csv']);
    // In a browser there is no file manager to show the file in; the audit log has both exports.
    expect(await ok('export.reveal', { exportId: started.exportId })).toEqual({ revealed: false });
    const { entries } = await ok('exports.recent', {});
    expect(entries.map((entry: { outcome: string }) => entry.outcome)).toEqual(['cancelled', 'completed']);
    expect(entries[1]).toMatchObject({
      format: 'csv',
      path: started.path,
      view: { resource: 'agreements', lang: 'fr' },
    });
    expect((await ok('session.status', {})).canRevealFiles).toBe(false);
  });

  it('deletes the profile with its secret, and disconnects from it', async () => {
    expect(await ok('profiles.delete', { id: profileId })).toEqual({ deleted: true });
    expect(await ok('profiles.delete', { id: profileId })).toEqual({ deleted: false });
    expect((await ok('session.status', {})).connection).toBeNull();
    const noConnection = await client.call('data.count', { view: { resource: 'customers' } });
    expect(noConnection.body).toEqual({
      ok: false,
      error: { code: 'no-connection', message: 'no connection is chosen: pick one first' },
    });
    expect((await ok('connection.select', { id: 'demo' })).connection.id).toBe('demo');
  });
});

describe('bad arguments are refused with a validation error, and change nothing', () => {
  const long = 'x'.repeat(5_000);
  it.each([
    ['profiles.save', { profile: { name: 'x' } }],
    [
      'profiles.save',
      {
        profile: { name: 'x', baseUrl: 'http://evil.example', authUrl: 'https://a.example', clientId: 'c' },
        secret: 's',
      },
    ],
    [
      'profiles.save',
      {
        profile: { name: 'x', baseUrl: 'https://a.example', authUrl: 'https://a.example', clientId: 'c' },
        secret: long,
      },
    ],
    [
      'profiles.save',
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
    ['profiles.delete', { id: 42 }],
    ['profiles.delete', { id: 'a', extra: true }],
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
    ['session.status', { please: 'leak' }],
    ['profiles.list', null],
    ['settings.get', 'string'],
  ])('%s %j', async (name, argument) => {
    const profilesBefore = await ok('profiles.list', {});
    const settingsBefore = await ok('settings.get', {});
    const answer = await client.call(name, argument);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringContaining(`${name}: `) },
    });
    expect(await ok('profiles.list', {})).toEqual(profilesBefore);
    expect(await ok('settings.get', {})).toEqual(settingsBefore);
  });

  it('refuses a request that is not in the contract, and a body that is not JSON or too large', async () => {
    expect((await client.call('vault.getSecret', {})).body).toEqual({
      ok: false,
      error: { code: 'unknown-request', message: 'there is no request called "vault.getSecret"' },
    });
    expect((await client.call('__proto__', {})).body.error.code).toBe('unknown-request');
    const notJson = await client.raw('POST', '/api/session.status', {
      body: '{oops',
      headers: { [SESSION_HEADER]: client.session },
    });
    expect(notJson.body.error).toEqual({ code: 'invalid-argument', message: 'the request body is not JSON' });
    const huge = await client.raw('POST', '/api/session.status', {
      body: `"${'x'.repeat(1_100_000)}"`,
      headers: { [SESSION_HEADER]: client.session },
    });
    expect(huge.body.error.code).toBe('invalid-argument');
  });
});

describe('who may call', () => {
  it('refuses calls without the session token, or with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [SESSION_HEADER]: 'guess' },
      { [SESSION_HEADER]: `${client.session}x` },
    ];
    for (const headers of attempts) {
      const answer = await client.raw('POST', '/api/session.status', { body: '{}', headers });
      expect(answer.status).toBe(401);
      expect(answer.body.ok).toBe(false);
    }
    expect((await client.raw('GET', '/api/events')).status).toBe(401);
  });

  it('lets the key of an address be used once: the page gets a session of its own, the address is spent', async () => {
    const key = new URL(host.newAddress()).hash.replace('#session=', '');
    const exchange = () =>
      client.raw('POST', SESSION_PATH, {
        body: JSON.stringify({ key }),
        headers: { 'content-type': 'application/json' },
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    const session = first.body.session as string;
    expect(session).not.toBe(key);
    const status = await client.raw('POST', '/api/session.status', {
      body: '{}',
      headers: { [SESSION_HEADER]: session },
    });
    expect(status.body.ok).toBe(true);
    // The address is spent: its key gets no session, and was never a session itself.
    const again = await exchange();
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('this address was already used, or is not this run’s');
    expect(
      (await client.raw('POST', '/api/session.status', { body: '{}', headers: { [SESSION_HEADER]: key } }))
        .status,
    ).toBe(401);
    // A tab with a session may ask for another one-time address (another tab).
    const another = await client.raw('POST', ADDRESS_PATH, { headers: { [SESSION_HEADER]: session } });
    expect(another.body.url).toMatch(new RegExp(`^${host.origin}/#session=[\\w-]{43}$`));
    expect((await client.raw('POST', ADDRESS_PATH)).status).toBe(401);
  });

  it('answers a malformed percent-encoding with 400, not an error', async () => {
    for (const [method, path] of [
      ['GET', '/%'],
      ['POST', '/api/%'],
      ['GET', '/%E0%A4%A'],
    ] as const) {
      const answer = await client.raw(method, path, { headers: { [SESSION_HEADER]: client.session } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'invalid-argument',
        message: 'the address has a malformed percent-encoding',
      });
    }
  });

  it('refuses another origin, and a Host that is not this server (DNS rebinding)', async () => {
    const otherOrigin = await client.call('session.status', {}, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    const rebound = await client.call(
      'session.status',
      {},
      { host: `evil.example:${new URL(host.origin).port}` },
    );
    expect(rebound.status).toBe(403);
    const page = await client.raw('GET', '/', { headers: { host: 'evil.example' } });
    expect(page.status).toBe(403);
    expect((await client.call('session.status', {}, { origin: host.origin })).status).toBe(200);
  });

  it('serves the renderer with a strict CSP, and nothing outside its folder', async () => {
    const page = await client.raw('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self'/);
    expect((await client.raw('GET', '/../data/profiles.json')).status).toBe(404);
    expect((await client.raw('GET', '/%2e%2e/data/profiles.json')).status).toBe(404);
    expect(
      (await client.raw('GET', '/api/session.status', { headers: { [SESSION_HEADER]: client.session } }))
        .status,
    ).toBe(403);
  });
});

describe('secrets', () => {
  it('never appear in any response or event the tests saw', () => {
    expect(client.seen.length).toBeGreaterThan(50);
    const everything = client.seen.join('\n');
    expect(everything).not.toContain(remote.clientSecret);
    expect(everything).not.toContain('client_secret');
  });

  it('a random id: profiles.test of an unknown profile is "not found"', async () => {
    expect((await client.call('profiles.test', { id: randomUUID() })).body.error.code).toBe('not-found');
  });
});
