import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { audienceOf } from '../../shared/profile.js';
import { ProfileError, ProfileStore } from './profiles.js';
import { tempFolders } from '../testing/temp-folder.js';

const folder = tempFolders('cdb-profiles-');

let dir: string;
beforeEach(async () => {
  dir = await folder();
});

const VALID = {
  name: 'Production',
  baseUrl: 'https://api.example.com/',
  authUrl: 'https://auth.example.com',
  clientId: 'client-123',
};

describe('profiles', () => {
  it('creates, lists, updates and removes profiles, kept in one JSON file across openings', async () => {
    const { store } = await ProfileStore.open(dir);
    const created = await store.create(VALID);
    expect(created).toMatchObject({
      ...VALID,
      baseUrl: 'https://api.example.com',
      apiPrefix: '/v1',
      schemaPath: '/v1/schemas',
      requestsPerSecond: 20,
      burst: 35,
    });
    expect(audienceOf(created)).toBe('https://api.example.com');
    await store.create({ ...VALID, name: 'Staging', audience: 'https://staging-audience' });

    const updated = await store.update(created.id, { burst: 20, name: 'Production EU' });
    expect(updated).toMatchObject({ burst: 20, name: 'Production EU', createdAt: created.createdAt });

    const { store: reopened, damaged } = await ProfileStore.open(dir);
    expect(damaged).toBeUndefined();
    expect((await reopened.list()).map((profile) => profile.name)).toEqual(['Production EU', 'Staging']);
    expect((await reopened.findByName('staging'))?.audience).toBe('https://staging-audience');

    expect(await reopened.remove(created.id)).toBe(true);
    expect(await reopened.remove(created.id)).toBe(false);
    expect((await (await ProfileStore.open(dir)).store.list()).map((profile) => profile.name)).toEqual([
      'Staging',
    ]);
  });

  it('writes atomically, readable by the user only, with no temporary file left', async () => {
    const { store } = await ProfileStore.open(dir);
    await Promise.all(['A', 'B', 'C', 'D'].map((name) => store.create({ ...VALID, name })));
    expect(await readdir(dir)).toEqual(['profiles.json']);
    expect((await stat(join(dir, 'profiles.json'))).mode & 0o777).toBe(0o600);
    const file = JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8')) as { profiles: unknown[] };
    expect(file.profiles).toHaveLength(4);
  });

  it.each([
    [{ ...VALID, baseUrl: 'ftp://api.example.com' }, /^baseUrl: /],
    [{ ...VALID, baseUrl: 'not a url' }, /^baseUrl: must be a full URL/],
    [
      { ...VALID, authUrl: 'http://auth.example.com' },
      /^authUrl: .*plain http:\/\/ is allowed only to this machine/,
    ],
    [{ ...VALID, baseUrl: 'https://user:pw@api.example.com' }, /^baseUrl: must not contain a user name/],
    [{ ...VALID, clientId: '' }, /^clientId: is required/],
    [{ ...VALID, name: '   ' }, /^name: is required/],
    [{ ...VALID, pageSize: 500 }, /pageSize/],
    [{ ...VALID, burst: 0 }, /^burst: /],
    [{ ...VALID, apiPrefix: 'v1' }, /^apiPrefix: must be a path/],
    [{ ...VALID, clientSecret: 'oops' }, /clientSecret/],
  ])('refuses %j with an error naming the field, and saves nothing', async (input, message) => {
    const { store } = await ProfileStore.open(dir);
    await expect(store.create(input)).rejects.toThrow(ProfileError);
    await expect(store.create(input)).rejects.toThrow(message);
    expect(await store.list()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('allows plain http to this machine only', async () => {
    const { store } = await ProfileStore.open(dir);
    for (const host of ['localhost:8080', '127.0.0.1:3000', '[::1]:9000']) {
      await expect(store.create({ ...VALID, name: host, baseUrl: `http://${host}` })).resolves.toBeDefined();
    }
  });

  it('keeps a company root with a profile, through edits that do not name it; refuses text that is not PEM', async () => {
    const { store } = await ProfileStore.open(dir);
    const root = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const saved = await store.create({ ...VALID, caCertificates: root });
    const edited = await store.update(saved.id, { name: 'Production EU' });
    expect(edited.caCertificates).toBe(root);
    // Left empty (the form's Remove): none any more.
    expect((await store.update(saved.id, { caCertificates: '' })).caCertificates).toBeUndefined();
    expect((await store.get(saved.id))?.caCertificates).toBeUndefined();
    await expect(store.create({ ...VALID, name: 'Other', caCertificates: 'our root' })).rejects.toThrow(
      /^caCertificates: holds no certificate/,
    );
    await expect(
      store.create({ ...VALID, name: 'Huge', caCertificates: root.repeat(10_000) }),
    ).rejects.toThrow(/^caCertificates: is longer than 256 KiB/);
  });

  it('keeps only the certificates of a company root: a file holding a key is refused, and a key saved by an older version is dropped', async () => {
    const { store } = await ProfileStore.open(dir);
    const root = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    for (const kind of ['PRIVATE KEY', 'RSA PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'EC PRIVATE KEY']) {
      const combined = `${root}\n-----BEGIN ${kind}-----\nMIIEvQ\n-----END ${kind}-----\n`;
      await expect(store.create({ ...VALID, caCertificates: combined }), kind).rejects.toThrow(
        /^caCertificates: holds a private key/,
      );
    }
    expect(await store.list()).toEqual([]);
    // Notes around the certificate are not kept either.
    const noted = await store.create({
      ...VALID,
      caCertificates: `Our root, from IT\n${root}\nrenew in 2030\n`,
    });
    expect(noted.caCertificates).toBe(root);
    // A profile an older version saved whole, key included: read without it, and written back without it.
    const file = join(dir, 'profiles.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { profiles: { caCertificates: string }[] };
    saved.profiles[0]!.caCertificates = `${root}\n-----BEGIN PRIVATE KEY-----\nSECRETKEY\n-----END PRIVATE KEY-----\n`;
    await writeFile(file, JSON.stringify(saved));
    const { store: reopened } = await ProfileStore.open(dir);
    expect((await reopened.get(noted.id))?.caCertificates).toBe(root);
    await reopened.update(noted.id, { name: 'Production EU' });
    expect(await readFile(file, 'utf8')).not.toContain('SECRETKEY');
  });

  it('refuses a second profile of the same name, and bad changes to an existing one', async () => {
    const { store } = await ProfileStore.open(dir);
    const first = await store.create(VALID);
    await expect(store.create({ ...VALID, name: 'PRODUCTION' })).rejects.toThrow(
      /^name: a profile called "Production"/,
    );
    await expect(store.update(first.id, { baseUrl: 'http://example.com' })).rejects.toThrow(/^baseUrl:/);
    await expect(store.update('nope', { name: 'x' })).rejects.toThrow(/no profile/);
    expect(await store.get(first.id)).toEqual(first);
  });

  it('refuses a rate or burst outside sane bounds; one saved by an older version is brought within them', async () => {
    const { store } = await ProfileStore.open(dir);
    await expect(store.create({ ...VALID, requestsPerSecond: 0.01 })).rejects.toThrow(/^requestsPerSecond:/);
    await expect(store.create({ ...VALID, requestsPerSecond: 1e-300 })).rejects.toThrow(
      /^requestsPerSecond:/,
    );
    await expect(store.create({ ...VALID, burst: 5_000 })).rejects.toThrow(/^burst:/);
    await expect(store.create({ ...VALID, requestsPerSecond: 20, burst: 10 })).rejects.toThrow(
      /^burst: must be at least the requests a second/,
    );
    const created = await store.create(VALID);
    const path = join(dir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Record<string, unknown>[] };
    Object.assign(file.profiles[0] ?? {}, { requestsPerSecond: 0.01, burst: 1_000 });
    await writeFile(path, JSON.stringify(file));
    const { store: reopened, damaged } = await ProfileStore.open(dir);
    expect(damaged).toBeUndefined();
    expect(await reopened.get(created.id)).toMatchObject({ requestsPerSecond: 1, burst: 200 });
  });

  it('two stores on one file (the app and cdb) see and keep each other’s changes', async () => {
    const { store: app } = await ProfileStore.open(dir);
    const { store: cdb } = await ProfileStore.open(dir);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? app : cdb).create({ ...VALID, name: `P${i}` })),
    );
    expect((await app.list()).map((profile) => profile.name).sort()).toEqual([
      'P0',
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
      'P7',
    ]);
    const p3 = await cdb.findByName('P3');
    await app.update(p3?.id ?? '', { name: 'P3 renamed' });
    await cdb.remove((await cdb.findByName('P4'))?.id ?? '');
    expect((await cdb.list()).map((profile) => profile.name)).toContain('P3 renamed');
    expect(await app.findByName('P4')).toBeUndefined();
  });
});

describe('a damaged profiles file', () => {
  it.each([
    ['not JSON', '{"version": 1, "profiles": [', /not valid JSON/],
    ['JSON of another shape', '{"version": 1, "people": []}', /^profiles: /],
  ])('(%s) is moved aside, reported, and never emptied', async (_kind, text, reason) => {
    await writeFile(join(dir, 'profiles.json'), text);
    const { store, damaged } = await ProfileStore.open(dir);
    expect(damaged?.reason).toMatch(reason);
    expect(damaged?.movedTo).toMatch(/profiles\.json\.damaged-/);
    expect(await readFile(damaged?.movedTo ?? '', 'utf8')).toBe(text);
    expect(await store.list()).toEqual([]);
    await store.create(VALID);
    expect(await readFile(damaged?.movedTo ?? '', 'utf8')).toBe(text);
  });

  it('one damaged entry is kept aside and reported; the others stay usable', async () => {
    const { store } = await ProfileStore.open(dir);
    await store.create(VALID);
    await store.create({ ...VALID, name: 'Staging' });
    const path = join(dir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Record<string, unknown>[] };
    file.profiles.push({ name: 'Broken', baseUrl: 42 });
    await writeFile(path, JSON.stringify(file));
    const { store: reopened, damaged } = await ProfileStore.open(dir);
    expect(damaged?.reason).toMatch(/^profiles\.2\./);
    expect((await reopened.list()).map((profile) => profile.name)).toEqual(['Production', 'Staging']);
    expect(JSON.parse(await readFile(damaged?.movedTo ?? '', 'utf8'))).toEqual({
      version: 1,
      profiles: [{ name: 'Broken', baseUrl: 42 }],
    });
  });

  it('a key this version does not know (a newer one wrote it) is ignored and kept', async () => {
    const { store } = await ProfileStore.open(dir);
    const created = await store.create(VALID);
    const path = join(dir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Record<string, unknown>[] };
    Object.assign(file.profiles[0] ?? {}, { proxy: 'http://proxy.example' });
    await writeFile(path, JSON.stringify(file));
    const { store: reopened, damaged } = await ProfileStore.open(dir);
    expect(damaged).toBeUndefined();
    expect(await reopened.get(created.id)).toEqual(created);
    await reopened.update(created.id, { name: 'Renamed' });
    const after = JSON.parse(await readFile(path, 'utf8')) as { profiles: Record<string, unknown>[] };
    expect(after.profiles[0]).toMatchObject({ name: 'Renamed', proxy: 'http://proxy.example' });
  });
});
