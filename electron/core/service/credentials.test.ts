import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, closeLater, otherApi, tempDir } from '../testing/wired.js';
import { makeTestCa } from '../testing/test-ca.js';
import { appCalls, CUSTOMERS_COUNTED, profileOf } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';
import type { AppCore } from './app-core.js';

// The app's engine as the renderer drives it (every request through `dispatch`, as IPC and the
// browser host do), against servers of the test's own: what reaches which server, and how many
// tokens each path costs.

afterEach(cleanUp);
const server = otherApi;

async function app() {
  const { core, dataDir, root, close } = await openTestCore();
  closeLater(close);
  return { core, ...appCalls(core), dataDir, root };
}

/** Waits until the export ends and returns its last event. */
function exportEnd(core: AppCore, exportId: string): Promise<{ state: string; error?: { message: string } }> {
  return new Promise((resolve) => {
    const stop = core.onEvent((name, payload) => {
      if (name !== 'export.progress') return;
      const event = payload as { exportId: string; state: string; error?: { message: string } };
      if (event.exportId === exportId && event.state !== 'running') {
        stop();
        resolve(event);
      }
    });
  });
}

describe('credentials stay with their address', () => {
  it('editing a saved connection to point elsewhere needs the secret again: the other server never gets the old secret or token', async () => {
    const genuine = await server();
    const recording = await server({ rejectClient: true });
    const { ok, call, core, dataDir } = await app();
    const saved = await ok('connection.save', { profile: profileOf(genuine), secret: genuine.clientSecret });
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'customers' } });
    const oldToken = genuine.received.find((request) => request.authorization)?.authorization ?? '';
    expect(oldToken).toMatch(/^Bearer /);

    // The user changes the two addresses and leaves the secret field untouched.
    const moved = { ...profileOf(genuine), baseUrl: recording.url, authUrl: recording.url };
    const refused = await call('connection.save', { id: saved.id, profile: moved });
    expect(refused).toMatchObject({ ok: false, error: { code: 'secret-required' } });
    expect(((await ok('connection.list', {})) as { baseUrl: string }[])[0]?.baseUrl).toBe(genuine.url);
    await call('data.count', { view: { resource: 'customers' } });
    expect(recording.received).toEqual([]);

    // With a secret typed for the new address, only that one goes there; its echo is redacted everywhere.
    const typed = 'typed-again-for-the-new-address';
    await ok('connection.save', { id: saved.id, profile: moved, secret: typed });
    const failure = await call('data.count', { view: { resource: 'customers' } });
    expect(failure).toMatchObject({ ok: false, error: { code: 'credentials-rejected' } });
    const started = await ok('export.start', {
      view: { resource: 'customers', lang: 'en' },
      options: { format: 'csv' },
      fileName: 'customers.csv',
    });
    const end = await exportEnd(core, started.exportId);
    expect(end.state).toBe('failed');
    const session = await ok('connection.status', {});
    const seen = JSON.stringify([failure, end, session]);
    expect(seen).not.toContain(typed);
    expect(seen).toContain('[redacted]');

    const everything = recording.received
      .map((request) => `${request.authorization ?? ''} ${request.body}`)
      .join('\n');
    expect(everything).toContain(typed);
    expect(everything).not.toContain(genuine.clientSecret);
    expect(everything).not.toContain(oldToken.replace('Bearer ', ''));
    expect(recording.received.every((request) => request.authorization === undefined)).toBe(true);

    const files = await readdir(dataDir);
    const onDisk = (
      await Promise.all(
        files
          .filter((file) => !file.endsWith('.lock'))
          .map((file) => readFile(join(dataDir, file), 'utf8').catch(() => '')),
      )
    ).join('\n');
    expect(onDisk).not.toContain(typed);
    expect(onDisk).not.toContain(genuine.clientSecret);
    expect(onDisk).not.toMatch(/unknown client/);
  });
});

describe('a company root saved with a connection', () => {
  it('is refused, and nothing saved, when it holds a key or a server’s own certificate; the list never carries a key', async () => {
    const dir = await tempDir();
    const ca = makeTestCa(dir);
    const api = await server();
    const { call, ok } = await app();
    const root = await readFile(ca.caFile, 'utf8');
    const key = await readFile(join(dir, 'company-root.key'), 'utf8');
    const combined = await call('connection.save', {
      profile: { ...profileOf(api), caCertificates: root + key },
      secret: 's',
    });
    expect(combined).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringMatching(/holds a private key/) },
    });
    const serverOwn = await call('connection.save', {
      profile: { ...profileOf(api), caCertificates: ca.certificate('IP:127.0.0.1').cert },
      secret: 's',
    });
    expect(serverOwn).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-argument',
        message: expect.stringMatching(/not an authority's \(CN=test server\)/),
      },
    });
    expect(await ok('connection.list', {})).toEqual([]);
    await ok('connection.save', {
      profile: { ...profileOf(api), caCertificates: `From IT:\n${root}` },
      secret: 's',
    });
    const [listed] = (await ok('connection.list', {})) as { caCertificates?: string }[];
    expect(listed?.caCertificates).toBe(root.trim());
  });
});

describe('tokens cost what they must', () => {
  it('test, use, count and list of one new connection share one token', async () => {
    const api = await server();
    const { ok } = await app();
    const saved = await ok('connection.save', { profile: profileOf(api), secret: api.clientSecret });
    await ok('connection.test', { id: saved.id });
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'customers' } });
    await ok('data.listPage', { view: { resource: 'agreements' }, size: 10, lang: 'en' });
    // A second profile with the same credentials (another API prefix, say) uses the same token.
    const twin = await ok('connection.save', {
      profile: profileOf(api, 'Same bundle'),
      secret: api.clientSecret,
    });
    await ok('connection.test', { id: twin.id });
    expect(api.grants()).toBe(1);
    expect(((await ok('connection.status', {})) as { token: { used: number } }).token.used).toBe(1);
  });

  it('a new connection tried before it is saved: a wrong secret is rejected, and trying, saving and using it cost one token', async () => {
    const api = await server();
    const { ok, call } = await app();
    const wrong = await call('connection.test', { profile: profileOf(api), secret: 'not-the-secret' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'credentials-rejected' } });
    // The server quoted the secret back: it does not come back to the caller.
    expect(JSON.stringify(wrong)).not.toContain('not-the-secret');
    expect(await ok('connection.test', { profile: profileOf(api), secret: api.clientSecret })).toEqual(
      CUSTOMERS_COUNTED,
    );
    expect(api.grants()).toBe(1);
    const saved = await ok('connection.save', { profile: profileOf(api), secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    await ok('data.count', { view: { resource: 'customers' } });
    expect(api.grants()).toBe(1);
    // Edited and tried again without typing the secret: the saved one, to the same address.
    expect(await ok('connection.test', { id: saved.id, profile: profileOf(api, 'Renamed') })).toEqual(
      CUSTOMERS_COUNTED,
    );
    expect(api.grants()).toBe(1);
  });

  it('an edited connection pointing elsewhere is not tried with the saved secret', async () => {
    const genuine = await server();
    const elsewhere = await server();
    const { ok, call } = await app();
    const saved = await ok('connection.save', { profile: profileOf(genuine), secret: genuine.clientSecret });
    const tried = await call('connection.test', { id: saved.id, profile: profileOf(elsewhere) });
    expect(tried).toMatchObject({ ok: false, error: { code: 'secret-required' } });
    expect(elsewhere.received).toEqual([]);
    const untyped = await call('connection.test', { profile: profileOf(elsewhere) });
    expect(untyped).toMatchObject({ ok: false, error: { code: 'secret-required' } });
    expect(elsewhere.received).toEqual([]);
  });

  it('after "credentials rejected" the app stops asking until Retry', async () => {
    const api = await server({ rejectClient: true });
    const { ok, call } = await app();
    const saved = await ok('connection.save', { profile: profileOf(api), secret: 'wrong-secret-value' });
    await ok('connection.select', { id: saved.id });
    for (let i = 0; i < 10; i++) {
      const result = await call('data.listPage', { view: { resource: 'customers' }, size: 10, lang: 'en' });
      expect(result).toMatchObject({ ok: false, error: { code: 'credentials-rejected' } });
      await call('data.schemas', { lang: 'en' });
      await call('data.count', { view: { resource: 'contacts' } });
    }
    expect(api.tokenRequests()).toBe(1);
    const status = await ok('connection.retry', {});
    expect(status.token.status).toBe('none');
    await call('data.count', { view: { resource: 'customers' } });
    expect(api.tokenRequests()).toBe(2);
  });
});

describe('exports from the app', () => {
  it('two exports of the same view under one name get two files; nothing is overwritten', async () => {
    const api = await server({ rows: 300 });
    const { ok, core, root } = await app();
    const saved = await ok('connection.save', { profile: profileOf(api), secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    await mkdir(join(root, 'exports'));
    await writeFile(join(root, 'exports', 'contacts.csv'), 'the user’s own file');
    const ended = new Map<string, string>();
    core.onEvent((name, payload) => {
      const event = payload as { exportId: string; state: string };
      if (name === 'export.progress' && event.state !== 'running') ended.set(event.exportId, event.state);
    });
    const start = () =>
      ok('export.start', {
        view: { resource: 'contacts', lang: 'en' },
        options: { format: 'csv' },
        fileName: 'contacts.csv',
      }) as Promise<{ exportId: string; path: string }>;
    const [first, second] = await Promise.all([start(), start()]);
    // Which of the two gets which name is not decided; that they get two free names is.
    expect([first.path, second.path].map((path) => path.slice(root.length)).sort()).toEqual([
      '/exports/contacts (2).csv',
      '/exports/contacts (3).csv',
    ]);
    await expect
      .poll(() => [ended.get(first.exportId), ended.get(second.exportId)])
      .toEqual(['completed', 'completed']);
    expect(await readFile(join(root, 'exports', 'contacts.csv'), 'utf8')).toBe('the user’s own file');
    const entries = ((await ok('export.recent', {})) as { entries: { path: string }[] }).entries;
    expect(new Set(entries.map((entry) => entry.path)).size).toBe(2);
  });

  it.each([
    [{ resource: 'contacts', customerId: '..' }, /customerId/],
    [{ resource: 'agreements', customerId: '.' }, /customerId/],
    [{ resource: 'customers', customerId: 'c-1' }, /customerId: a customer's customers cannot be listed/],
    [{ resource: 'contacts', customerId: 'a\u0000b' }, /control characters/],
  ])('refuses the view %j before anything is sent', async (view, message) => {
    const api = await server();
    const { call, ok } = await app();
    const saved = await ok('connection.save', { profile: profileOf(api), secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    const listed = await call('data.listPage', { view, size: 10, lang: 'en' });
    expect(listed).toMatchObject({ ok: false, error: { code: 'invalid-argument', message } });
    const exported = await call('export.start', {
      view: { ...view, lang: 'en' },
      options: { format: 'csv' },
      fileName: 'x.csv',
    });
    expect(exported).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(api.received.filter((request) => request.path.startsWith('/v1/'))).toEqual([]);
  });

  it('sends a customer id with ? and # as one percent-encoded path segment; one with /, \\, % or a bidi override is refused unsent (L10)', async () => {
    const api = await server();
    const { ok, call } = await app();
    const saved = await ok('connection.save', { profile: profileOf(api), secret: api.clientSecret });
    await ok('connection.select', { id: saved.id });
    await ok('data.listPage', { view: { resource: 'contacts', customerId: '..?c#d' }, size: 10, lang: 'en' });
    expect(api.received.at(-1)?.path).toBe('/v1/customers/..%3Fc%23d/contacts');
    const sent = api.received.length;
    for (const customerId of ['../a/b', 'a\\b', '%2e%2e', '..%2f..%2fadmin', 'CUS\u202e1']) {
      const refused = await call('data.listPage', {
        view: { resource: 'contacts', customerId },
        size: 10,
        lang: 'en',
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    }
    expect(api.received.length).toBe(sent);
  });
});
