import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Desk } from '../../shared/desk.js';
import { Vault } from '../auth/vault.js';
import { splitTyped } from '../store/desk-typed-parts.js';
import { DeskStore, DESKS_MAX } from '../store/desks.js';
import { keychainSeal } from '../store/typed-text.js';
import { openTestCore, testVault } from '../testing/test-kit.js';
import { dispatch } from './dispatch.js';

// Where each window and tab was: kept by desk key in desks.json, through the contract's desk.*
// requests, validated like every request, dropped with its connection or when the user asks for a
// clean start.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const desk = (connectionId: string, row = 5_000): Desk => ({
  connectionId,
  screen: {
    kind: 'customer',
    customerId: 'CUS-00000042',
    tables: {
      agreements: {
        sort: 'endDate.desc',
        filter: [{ field: 'status', op: 'eq', value: 'active' }],
        table: { topRow: row, active: { row, column: 2 } },
      },
    },
  },
  places: { customers: { filter: [{ field: '*', op: 'contains', value: 'Dupont' }] } },
});

async function app(vault = testVault()) {
  const opened = await openTestCore({ vault });
  cleanups.push(opened.close);
  const path = join(opened.dataDir, 'desks.json');
  return { ...opened, path, store: new DeskStore(path, keychainSeal(vault)) };
}

/** The desk with its filters emptied: where the window was, without what was typed there. */
const bare = (kept: Desk): Desk => splitTyped(kept).bare;

describe('desks', () => {
  it('keeps each window’s and tab’s desk under its key, in a file only the user reads', async () => {
    const { core, path } = await app();
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({ ok: true, value: null });
    expect(await dispatch(core, 'desk.put', { key: 'window', desk: desk('demo') })).toEqual({
      ok: true,
      value: { kept: true },
    });
    await dispatch(core, 'desk.put', { key: 'tab-1', desk: desk('demo', 7) });
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({
      ok: true,
      value: { desk: desk('demo') },
    });
    expect(await dispatch(core, 'desk.get', { key: 'tab-1' })).toEqual({
      ok: true,
      value: { desk: desk('demo', 7) },
    });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('refuses a desk that is not a description of views, and changes nothing', async () => {
    const { core, path } = await app();
    await dispatch(core, 'desk.put', { key: 'window', desk: desk('demo') });
    const before = await readFile(path, 'utf8');
    const refused = [
      { key: '../settings', desk: desk('demo') },
      { key: 'x'.repeat(65), desk: desk('demo') },
      { key: 'window', desk: { ...desk('demo'), rows: [{ id: 'CUS-1', name: 'Jeanne Dupont' }] } },
      { key: 'window', desk: { ...desk('demo'), connectionId: '__proto__' } },
      {
        key: 'window',
        desk: { ...desk('demo'), screen: { kind: 'customer', customerId: '..', tables: {} } },
      },
      { key: 'window', desk: { ...desk('demo'), screen: { kind: 'list', resource: 'invoices' } } },
      {
        key: 'window',
        desk: {
          ...desk('demo'),
          places: { customers: { filter: [], table: { topRow: -1, active: { row: 0, column: 0 } } } },
        },
      },
    ];
    for (const input of refused) {
      expect(await dispatch(core, 'desk.put', input)).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    }
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('reads a desk asked for while its write is under way after that write (a page reloaded as it goes)', async () => {
    const vault = testVault();
    const { path } = await app(vault);
    const sealing = keychainSeal(vault);
    // The keychain answers late, as it does on first use: the write is still sealing when the
    // reloaded page asks for its desk.
    const slow = {
      seal: (text: string, boundTo?: string) =>
        new Promise<string | undefined>((resolve) =>
          setTimeout(() => resolve(sealing.seal(text, boundTo)), 50),
        ),
      open: (sealed: string, boundTo?: string) => sealing.open(sealed, boundTo),
      knows: (sealed: string) => sealing.knows(sealed),
    };
    const store = new DeskStore(path, slow);
    await store.put('tab-1', desk('demo', 7));
    const written = store.put('tab-1', desk('demo', 5_000));
    expect(await store.get('tab-1')).toEqual({ desk: desk('demo', 5_000) });
    await written;
  });

  it('keeps the newest desks only, so tabs closed long ago give way', async () => {
    const { path } = await app();
    let now = 0;
    const store = new DeskStore(path, undefined, () => ++now);
    for (let tab = 0; tab <= DESKS_MAX; tab++) await store.put(`tab-${tab}`, desk('demo', tab));
    expect(await store.get('tab-0')).toBeUndefined();
    expect(await store.get('tab-1')).toEqual({ desk: bare(desk('demo', 1)), typedLeftOut: true });
    expect((await store.get(`tab-${DESKS_MAX}`))?.desk).toEqual(bare(desk('demo', DESKS_MAX)));
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')) as object)).toHaveLength(DESKS_MAX);
  });

  it('drops a damaged entry and keeps the others; a file that is not JSON is kept aside and started again', async () => {
    const { path, store, dataDir } = await app();
    await writeFile(
      path,
      JSON.stringify({
        window: { at: 1, desk: bare(desk('demo')) },
        'tab-1': { at: 2, desk: { ...desk('demo'), screen: { kind: 'somewhere' } } },
        'tab 2': { at: 3, desk: desk('demo') },
        'tab-3': { desk: desk('demo') },
      }),
    );
    expect(await store.get('window')).toEqual({ desk: bare(desk('demo')) });
    for (const key of ['tab-1', 'tab 2', 'tab-3']) expect(await store.get(key)).toBeUndefined();

    await writeFile(path, '{"window": {"at": 1, "desk": ');
    expect(await store.get('window')).toBeUndefined();
    await store.put('tab-9', desk('demo'));
    expect(await store.get('tab-9')).toEqual({ desk: desk('demo') });
    expect((await readdir(dataDir)).filter((name) => name.startsWith('desks.json.damaged-'))).toHaveLength(1);
  });

  it('drops a deleted connection’s desks, and every desk when a clean start is asked for (then keeps none)', async () => {
    const { core, store } = await app();
    const saved = await dispatch(core, 'connection.save', {
      profile: {
        name: 'Prod',
        baseUrl: 'https://api.example.com',
        authUrl: 'https://auth.example.com/token',
        clientId: 'c',
      },
    });
    const { id } = (saved as { value: { id: string } }).value;
    await store.put('window', desk(id));
    await store.put('tab-1', desk('demo'));
    await dispatch(core, 'connection.delete', { id });
    expect(await store.get('window')).toBeUndefined();
    expect(await store.get('tab-1')).toEqual({ desk: desk('demo') });

    await dispatch(core, 'settings.set', { startClean: true });
    expect(await store.get('tab-1')).toBeUndefined();
    expect(await dispatch(core, 'desk.put', { key: 'tab-1', desk: desk('demo') })).toEqual({
      ok: true,
      value: { kept: false },
    });
    expect(await store.get('tab-1')).toBeUndefined();
    await dispatch(core, 'settings.set', { startClean: false });
    await dispatch(core, 'desk.put', { key: 'tab-1', desk: desk('demo') });
    expect(await dispatch(core, 'desk.get', { key: 'tab-1' })).toEqual({
      ok: true,
      value: { desk: desk('demo') },
    });
  });
});

describe('what a person typed, on disk', () => {
  it('reaches desks.json only encrypted with the keychain’s key, and comes back whole', async () => {
    const { core, path } = await app();
    await dispatch(core, 'desk.put', { key: 'window', desk: desk('demo') });
    const text = await readFile(path, 'utf8');
    expect(text).not.toMatch(/Dupont|"value"/);
    expect(text).toContain('"topRow":5000');
    expect(text).toMatch(/"typed":"aes-256-gcm:/);
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({
      ok: true,
      value: { desk: desk('demo') },
    });
  });

  it('is not kept at all without a keychain: the window reopens at its place without its search, and is told so', async () => {
    const { core, path } = await app(new Vault(undefined, 'no-keychain', 'no Secret Service'));
    await dispatch(core, 'desk.put', { key: 'window', desk: desk('demo') });
    expect(await readFile(path, 'utf8')).not.toMatch(/Dupont|"value"/);
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({
      ok: true,
      value: { desk: bare(desk('demo')), typedLeftOut: true },
    });
    // A desk with nothing typed says nothing.
    await dispatch(core, 'desk.put', { key: 'window', desk: bare(desk('demo')) });
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({
      ok: true,
      value: { desk: bare(desk('demo')) },
    });
  });

  it('sealed with another key, or changed on disk: the place comes back, the search does not', async () => {
    const { path, store } = await app();
    await store.put('window', desk('demo'));
    const other = new DeskStore(path, keychainSeal(testVault()));
    expect(await other.get('window')).toEqual({ desk: bare(desk('demo')), typedLeftOut: true });
    const file = JSON.parse(await readFile(path, 'utf8')) as Record<string, { typed: string }>;
    const sealed = Buffer.from(file.window!.typed.slice('aes-256-gcm:'.length), 'base64');
    sealed[sealed.length - 1]! ^= 1;
    file.window!.typed = `aes-256-gcm:${sealed.toString('base64')}`;
    await writeFile(path, JSON.stringify(file));
    expect(await store.get('window')).toEqual({ desk: bare(desk('demo')), typedLeftOut: true });
  });

  it('filters in clear in the file (by hand, or an older version) are not restored, are said left out, and go at the next write', async () => {
    const { path, store } = await app();
    await writeFile(
      path,
      JSON.stringify({ window: { at: 1, desk: desk('demo') }, 'tab-1': { at: 2, desk: desk('demo', 9) } }),
    );
    expect(await store.get('tab-1')).toEqual({ desk: bare(desk('demo', 9)), typedLeftOut: true });
    await store.put('tab-2', bare(desk('demo')));
    expect(await readFile(path, 'utf8')).not.toMatch(/Dupont|"value"/);
    expect(await store.get('window')).toEqual({ desk: bare(desk('demo')), typedLeftOut: true });
  });

  it('a sealed search copied to another desk, or into a desk of another connection, is not opened there', async () => {
    const { path, store } = await app();
    await store.put('tab-2', desk('demo'));
    const kept = JSON.parse(await readFile(path, 'utf8')) as Record<
      string,
      { at: number; desk: Desk; typed: string }
    >;
    const sealed = kept['tab-2']!.typed;
    kept['tab-3'] = { at: 5, desk: bare(desk('demo')), typed: sealed };
    kept['tab-4'] = { at: 6, desk: bare(desk('other-conn')), typed: sealed };
    await writeFile(path, JSON.stringify(kept));
    expect(await store.get('tab-2')).toEqual({ desk: desk('demo') });
    expect(await store.get('tab-3')).toEqual({ desk: bare(desk('demo')), typedLeftOut: true });
    expect(await store.get('tab-4')).toEqual({ desk: bare(desk('other-conn')), typedLeftOut: true });
  });
});
