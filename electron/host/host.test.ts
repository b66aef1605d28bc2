import { ROUTED_DIRECT } from '../core/testing/app-calls.js';
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostKit } from './testing/host-kit.js';

// The contract through the browser host over real HTTP, against the real core, a real Demo API and
// the real keychain (testing/host-kit.ts). Every payload the tests see is kept, to prove no secret is ever in one.
const kit = hostKit();
const { ok, until } = kit;

describe('every request of the contract', () => {
  let profileId: string;

  it('starts on the Demo connection when there is no profile', async () => {
    const status = await ok('connection.status', {});
    expect(status).toMatchObject({
      connection: { id: 'demo', name: 'Demo', demo: true },
      keychainProblem: null,
      notices: [],
      listsKept: 'kept',
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
    await until(() => kit.client.events.some((event) => event.name === 'token.state'), 'a token.state event');
    await until(
      () => kit.client.events.some((event) => event.name === 'limiter.stats'),
      'a limiter.stats event',
    );
  });

  it('saves a profile with its secret, which never comes back out', async () => {
    const saved = await ok('connection.save', {
      profile: {
        name: 'Remote',
        baseUrl: kit.remote.baseUrl,
        authUrl: kit.remote.authUrl,
        clientId: kit.remote.clientId,
      },
      secret: kit.remote.clientSecret,
    });
    profileId = saved.id as string;
    expect(saved).toMatchObject({ name: 'Remote', secretSaved: true, apiPrefix: '/v1' });
    expect(saved).not.toHaveProperty('secret');
    const listed = await ok('connection.list', {});
    expect(listed).toEqual([expect.objectContaining({ id: profileId, secretSaved: true })]);
    expect(await readFile(join(kit.dir, 'data', 'profiles.json'), 'utf8')).not.toContain(
      kit.remote.clientSecret,
    );
  });

  it('tests a profile, selects it and reads through it', async () => {
    expect(await ok('connection.test', { id: profileId })).toEqual({
      resource: 'customers',
      count: 120,
      notPermitted: [],
      route: ROUTED_DIRECT,
    });
    const status = await ok('connection.select', { id: profileId });
    expect(status.connection).toEqual({ id: profileId, name: 'Remote', demo: false });
    expect(await ok('data.count', { view: { resource: 'contacts' } })).toEqual({ total: 200 });
    const renamed = await ok('connection.save', {
      id: profileId,
      profile: {
        name: 'Remote EU',
        baseUrl: kit.remote.baseUrl,
        authUrl: kit.remote.authUrl,
        clientId: kit.remote.clientId,
      },
    });
    expect(renamed).toMatchObject({ name: 'Remote EU', secretSaved: true });
  });

  it('gets and sets settings, and tells the renderer when the language changes', async () => {
    // No language until the person picks one (the window then speaks its browser's).
    expect(await ok('settings.get', {})).toEqual(expect.objectContaining({ pageSize: 200 }));
    expect(await ok('settings.get', {})).not.toHaveProperty('language');
    expect(await ok('settings.set', { language: 'fr', pageSize: 300 })).toMatchObject({
      language: 'fr',
      pageSize: 300,
    });
    await until(
      () => kit.client.events.some((event) => event.name === 'language.changed'),
      'language.changed',
    );
    expect(kit.client.events.find((event) => event.name === 'language.changed')?.data).toEqual({
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
    expect(started.path).toBe(join(kit.dir, 'exports', 'contrats.csv'));
    await until(
      () =>
        kit.client.events.some(
          (event) =>
            event.name === 'export.progress' && (event.data as { state: string }).state === 'completed',
        ),
      'the export to complete',
    );
    expect((await readFile(started.path, 'utf8')).startsWith('\ufeff')).toBe(true);

    kit.remote.faults.delayNext(50, 100);
    const slow = await ok('export.start', {
      view: { resource: 'agreements', lang: 'en' },
      options: { format: 'jsonl', pageSize: 10 },
      fileName: 'slow.jsonl',
    });
    expect(await ok('export.cancel', { exportId: slow.exportId })).toEqual({ cancelled: true });
    await until(
      () =>
        kit.client.events.some(
          (event) =>
            event.name === 'export.progress' &&
            (event.data as { exportId: string; state: string }).exportId === slow.exportId &&
            (event.data as { state: string }).state === 'cancelled',
        ),
      'the cancelled export to report',
    );
    expect(await readdir(join(kit.dir, 'exports'))).toEqual(['contrats.csv']);
    // In a browser there is no file manager to show the file in; the audit log has both exports.
    expect(await ok('export.reveal', { exportId: started.exportId })).toEqual({ revealed: false });
    const { entries } = await ok('export.recent', {});
    expect(entries.map((entry: { outcome: string }) => entry.outcome)).toEqual(['cancelled', 'completed']);
    expect(entries[1]).toMatchObject({
      format: 'csv',
      path: started.path,
      view: { resource: 'agreements', lang: 'fr' },
    });
    expect((await ok('connection.status', {})).canRevealFiles).toBe(false);
  });

  it('deletes the profile with its secret, and disconnects from it', async () => {
    expect(await ok('connection.delete', { id: profileId })).toEqual({ deleted: true });
    expect(await ok('connection.delete', { id: profileId })).toEqual({ deleted: false });
    expect((await ok('connection.status', {})).connection).toBeNull();
    const noConnection = await kit.client.call('data.count', { view: { resource: 'customers' } });
    expect(noConnection.body).toEqual({
      ok: false,
      error: { code: 'no-connection', message: 'no connection is chosen: pick one first' },
    });
    expect((await ok('connection.select', { id: 'demo' })).connection.id).toBe('demo');
  });
});

describe('secrets', () => {
  it('never appear in any response or event the tests saw', () => {
    // This file's share of the payloads (host-access.test.ts checks its own): the profile's whole
    // life (saved with its secret, tested, used, deleted) and the events among them.
    expect(kit.client.seen.length).toBeGreaterThan(30);
    const everything = kit.client.seen.join('\n');
    expect(everything).toContain('"secretSaved":true');
    expect(everything).not.toContain(kit.remote.clientSecret);
    expect(everything).not.toContain('client_secret');
  });

  it('a random id: connection.test of an unknown profile is "not found"', async () => {
    expect((await kit.client.call('connection.test', { id: randomUUID() })).body.error.code).toBe(
      'not-found',
    );
  });
});
