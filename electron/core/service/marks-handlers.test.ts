import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAVOURITES_MAX, RECENTS_MAX } from '../../shared/marked-customers.js';
import type { TypedTextSeal } from '../store/typed-text.js';
import { MarkedCustomerStore } from '../store/marks-store.js';
import { keychainSeal } from '../store/typed-text.js';
import { openTestCore, testVault } from '../testing/test-kit.js';
import { dispatch } from './dispatch.js';

// A connection's favourite and recent customers: kept sealed in marked-customers.json, read back by
// the next process on the same data folder, never a name in clear; none kept without a key.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(
  options: { dataDir?: string; seal?: TypedTextSeal; vault?: ReturnType<typeof testVault> } = {},
) {
  const opened = await openTestCore({
    vault: options.vault ?? testVault(),
    ...(options.dataDir && { dataDir: options.dataDir }),
    ...(options.seal && { typedTextSeal: options.seal }),
  });
  cleanups.push(opened.close);
  // A saved connection chosen (no request reaches its API here).
  const saved = await dispatch(opened.core, 'connection.save', {
    profile: {
      name: 'Prod',
      baseUrl: 'https://api.example.com',
      authUrl: 'https://auth.example.com/token',
      clientId: 'client',
    },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  const { id: connectionId } = saved.value as { id: string };
  await dispatch(opened.core, 'connection.select', { id: connectionId });
  return { ...opened, connectionId, path: join(opened.dataDir, 'marked-customers.json') };
}

const value = async (answer: Promise<unknown>) => {
  const got = (await answer) as { ok: boolean; value?: unknown; error?: unknown };
  if (!got.ok) throw new Error(JSON.stringify(got.error));
  return got.value as { favourites: unknown[]; recents: unknown[]; kept: boolean };
};

describe('marked customers', () => {
  it('keeps recents and favourites by name across a restart on the same folder, sealed: no name in clear', async () => {
    const vault = testVault();
    const first = await app({ vault });
    const core = first.core;
    await value(
      dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000042', name: 'Jeanne Dupontel' } }),
    );
    await value(dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000007' } }));
    // Its city learnt once its record is read: what tells it from a namesake.
    await value(
      dispatch(core, 'marks.opened', {
        customer: { customerId: 'CUS-00000042', name: 'Jeanne Dupontel', city: 'Saint-Étienne' },
      }),
    );
    // Opened again without a name: the name known is kept, and it comes first.
    await value(dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000042' } }));
    await value(
      dispatch(core, 'marks.favourite', {
        customer: { customerId: 'CUS-00000007', name: 'Brasserie Lemoine' },
        on: true,
      }),
    );
    const marks = await value(
      dispatch(core, 'marks.favourite', { customer: { customerId: 'CUS-00000042' }, on: true }),
    );
    expect(marks).toEqual({
      kept: true,
      favourites: [
        { customerId: 'CUS-00000007', name: 'Brasserie Lemoine' },
        { customerId: 'CUS-00000042', name: 'Jeanne Dupontel', city: 'Saint-Étienne' },
      ],
      recents: [
        { customerId: 'CUS-00000042', name: 'Jeanne Dupontel', city: 'Saint-Étienne' },
        { customerId: 'CUS-00000007', name: 'Brasserie Lemoine' },
      ],
    });
    const text = await readFile(first.path, 'utf8');
    for (const clear of ['Dupontel', 'Lemoine', 'Saint-Étienne', 'CUS-00000042'])
      expect(text).not.toContain(clear);
    expect((await stat(first.path)).mode & 0o777).toBe(0o600);

    // Another process on the same folder and keychain (the next start).
    const next = await openTestCore({
      vault,
      dataDir: first.dataDir,
      exportDir: join(first.root, 'exports'),
    });
    cleanups.push(next.close);
    expect(await value(dispatch(next.core, 'marks.get', {}))).toEqual(marks);
  });

  it('orders the favourites as the person chooses, removes one, forgets the recents, and refuses one past the most', async () => {
    const vault = testVault();
    const { core, path, connectionId } = await app({ vault });
    for (const id of ['CUS-00000001', 'CUS-00000002', 'CUS-00000003'])
      await value(dispatch(core, 'marks.favourite', { customer: { customerId: id }, on: true }));
    const ordered = await value(
      dispatch(core, 'marks.order', { customerIds: ['CUS-00000003', 'CUS-00000001', 'CUS-00000002'] }),
    );
    expect(ordered.favourites).toEqual([
      { customerId: 'CUS-00000003' },
      { customerId: 'CUS-00000001' },
      { customerId: 'CUS-00000002' },
    ]);
    // An order that leaves one out, or names another, changes nothing.
    for (const customerIds of [['CUS-00000003'], ['CUS-00000003', 'CUS-00000001', 'CUS-00000009']])
      expect(await dispatch(core, 'marks.order', { customerIds })).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    const removed = await value(
      dispatch(core, 'marks.favourite', { customer: { customerId: 'CUS-00000001' }, on: false }),
    );
    expect(removed.favourites.map((each) => (each as { customerId: string }).customerId)).toEqual([
      'CUS-00000003',
      'CUS-00000002',
    ]);
    await value(dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000001' } }));
    expect((await value(dispatch(core, 'marks.forget', { which: 'recents' }))).recents).toEqual([]);
    // Past the most kept, one more is refused with what to do, not dropped without a word.
    const full = Array.from({ length: FAVOURITES_MAX }, (_, n) => ({ customerId: `CUS-${n}` }));
    await new MarkedCustomerStore(path, keychainSeal(vault)).change(connectionId, (marks) => ({
      ...marks,
      favourites: full,
    }));
    expect(
      await dispatch(core, 'marks.favourite', { customer: { customerId: 'CUS-X' }, on: true }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringContaining('remove one') as unknown },
    });
    expect((await value(dispatch(core, 'marks.get', {}))).favourites).toEqual(full);
  });

  it('keeps the last 20 recents, and refuses what is not a customer id', async () => {
    const { core, path } = await app();
    for (let n = 1; n <= RECENTS_MAX + 5; n++)
      await value(
        dispatch(core, 'marks.opened', { customer: { customerId: `CUS-${String(n).padStart(8, '0')}` } }),
      );
    const { recents } = await value(dispatch(core, 'marks.get', {}));
    expect(recents).toHaveLength(RECENTS_MAX);
    expect(recents[0]).toEqual({ customerId: 'CUS-00000025' });
    const before = await readFile(path, 'utf8');
    for (const customer of [
      { customerId: '..' },
      { customerId: 'a/b' },
      { customerId: 'CUS-1', name: 'x'.repeat(501) },
    ])
      expect(await dispatch(core, 'marks.opened', { customer })).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('the app and a browser host on one folder read each other’s favourites; neither writes over what it cannot open', async () => {
    // The app's seal of before (safeStorage): what it kept then, the host has no means to open.
    const older: TypedTextSeal = {
      seal: (text, boundTo = '') =>
        Promise.resolve(`safe-storage:${Buffer.from(JSON.stringify([boundTo, text])).toString('base64')}`),
      open: (sealed, boundTo = '') => {
        if (!sealed.startsWith('safe-storage:')) return Promise.resolve(undefined);
        const [bound, text] = JSON.parse(Buffer.from(sealed.slice(13), 'base64').toString()) as string[];
        return Promise.resolve(bound === boundTo ? text : undefined);
      },
      knows: (sealed) => sealed.startsWith('safe-storage:'),
    };
    const vault = testVault();
    const host = await app({ vault });
    const { connectionId, path, dataDir } = host;
    const before = { favourites: [{ customerId: 'CUS-00000007', name: 'Brasserie Lemoine' }], recents: [] };
    await writeFile(
      path,
      JSON.stringify({
        [connectionId]: await older.seal(
          JSON.stringify(before),
          JSON.stringify(['marked-customers', connectionId]),
        ),
      }),
    );
    const kept = await readFile(path, 'utf8');
    // The host cannot open the app's entry: it shows none and writes nothing over it.
    const added = await value(
      dispatch(host.core, 'marks.favourite', {
        customer: { customerId: 'CUS-00000042', name: 'Jeanne' },
        on: true,
      }),
    );
    expect(added.kept).toBe(false);
    expect(await readFile(path, 'utf8')).toBe(kept);
    // The app opens it (its older seal), and keeps it with the seal the host shares.
    const desktop = await openTestCore({
      vault,
      dataDir,
      exportDir: join(host.root, 'app-exports'),
      olderTypedTextSeal: older,
    });
    cleanups.push(desktop.close);
    await dispatch(desktop.core, 'connection.select', { id: connectionId });
    expect((await value(dispatch(desktop.core, 'marks.get', {}))).favourites).toEqual(before.favourites);
    await value(
      dispatch(desktop.core, 'marks.favourite', {
        customer: { customerId: 'CUS-00000042', name: 'Jeanne' },
        on: true,
      }),
    );
    // The host's next start reads what the app kept.
    const hostAgain = await openTestCore({ vault, dataDir, exportDir: join(host.root, 'host-exports') });
    cleanups.push(hostAgain.close);
    await dispatch(hostAgain.core, 'connection.select', { id: connectionId });
    expect((await value(dispatch(hostAgain.core, 'marks.get', {}))).favourites).toEqual([
      ...before.favourites,
      { customerId: 'CUS-00000042', name: 'Jeanne' },
    ]);
  });

  it('without a keychain key writes nothing, says so, and holds them for the session', async () => {
    const noKey: TypedTextSeal = {
      seal: () => Promise.resolve(undefined),
      open: () => Promise.resolve(undefined),
      knows: () => true,
    };
    const { core, path } = await app({ seal: noKey });
    const marks = await value(
      dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000042', name: 'Jeanne Dupontel' } }),
    );
    expect(marks).toMatchObject({
      kept: false,
      recents: [{ customerId: 'CUS-00000042', name: 'Jeanne Dupontel' }],
    });
    expect(await value(dispatch(core, 'marks.get', {}))).toEqual(marks);
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reads a damaged file as none, keeps it aside, and a sealed text moved to another connection opens to nothing', async () => {
    const { core, path, dataDir, connectionId } = await app();
    await value(
      dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000042', name: 'Jeanne Dupontel' } }),
    );
    const kept = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    await writeFile(path, JSON.stringify({ other: kept[connectionId] }));
    expect((await value(dispatch(core, 'marks.get', {}))).recents).toEqual([]);
    await writeFile(path, `{"${connectionId}": `);
    expect((await value(dispatch(core, 'marks.get', {}))).recents).toEqual([]);
    await value(dispatch(core, 'marks.opened', { customer: { customerId: 'CUS-00000001' } }));
    expect((await value(dispatch(core, 'marks.get', {}))).recents).toEqual([{ customerId: 'CUS-00000001' }]);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dataDir)).some((name) => name.startsWith('marked-customers.json.damaged-'))).toBe(
      true,
    );
  });
});
