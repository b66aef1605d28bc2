import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Desk } from '../../shared/desk.js';
import { DeskStore, DESKS_MAX } from '../store/desks.js';
import { openTestCore } from '../testing/test-kit.js';
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

async function app() {
  const opened = await openTestCore();
  cleanups.push(opened.close);
  const path = join(opened.dataDir, 'desks.json');
  return { ...opened, path, store: new DeskStore(path) };
}

describe('desks', () => {
  it('keeps each window’s and tab’s desk under its key, in a file only the user reads', async () => {
    const { core, path } = await app();
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({ ok: true, value: null });
    expect(await dispatch(core, 'desk.put', { key: 'window', desk: desk('demo') })).toEqual({
      ok: true,
      value: { kept: true },
    });
    await dispatch(core, 'desk.put', { key: 'tab-1', desk: desk('demo', 7) });
    expect(await dispatch(core, 'desk.get', { key: 'window' })).toEqual({ ok: true, value: desk('demo') });
    expect(await dispatch(core, 'desk.get', { key: 'tab-1' })).toEqual({ ok: true, value: desk('demo', 7) });
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

  it('keeps the newest desks only, so tabs closed long ago give way', async () => {
    const { path } = await app();
    let now = 0;
    const store = new DeskStore(path, () => ++now);
    for (let tab = 0; tab <= DESKS_MAX; tab++) await store.put(`tab-${tab}`, desk('demo', tab));
    expect(await store.get('tab-0')).toBeUndefined();
    expect(await store.get('tab-1')).toEqual(desk('demo', 1));
    expect(await store.get(`tab-${DESKS_MAX}`)).toEqual(desk('demo', DESKS_MAX));
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')) as object)).toHaveLength(DESKS_MAX);
  });

  it('drops a damaged entry and keeps the others; a file that is not JSON is kept aside and started again', async () => {
    const { path, store, dataDir } = await app();
    await writeFile(
      path,
      JSON.stringify({
        window: { at: 1, desk: desk('demo') },
        'tab-1': { at: 2, desk: { ...desk('demo'), screen: { kind: 'somewhere' } } },
        'tab 2': { at: 3, desk: desk('demo') },
        'tab-3': { desk: desk('demo') },
      }),
    );
    expect(await store.get('window')).toEqual(desk('demo'));
    for (const key of ['tab-1', 'tab 2', 'tab-3']) expect(await store.get(key)).toBeUndefined();

    await writeFile(path, '{"window": {"at": 1, "desk": ');
    expect(await store.get('window')).toBeUndefined();
    await store.put('tab-9', desk('demo'));
    expect(await store.get('tab-9')).toEqual(desk('demo'));
    expect((await readdir(dataDir)).filter((name) => name.startsWith('desks.json.damaged-'))).toHaveLength(1);
  });

  it('drops a deleted connection’s desks, and every desk when a clean start is asked for (then keeps none)', async () => {
    const { core, store } = await app();
    const saved = await dispatch(core, 'profiles.save', {
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
    await dispatch(core, 'profiles.delete', { id });
    expect(await store.get('window')).toBeUndefined();
    expect(await store.get('tab-1')).toEqual(desk('demo'));

    await dispatch(core, 'settings.set', { startClean: true });
    expect(await store.get('tab-1')).toBeUndefined();
    expect(await dispatch(core, 'desk.put', { key: 'tab-1', desk: desk('demo') })).toEqual({
      ok: true,
      value: { kept: false },
    });
    expect(await store.get('tab-1')).toBeUndefined();
    await dispatch(core, 'settings.set', { startClean: false });
    await dispatch(core, 'desk.put', { key: 'tab-1', desk: desk('demo') });
    expect(await dispatch(core, 'desk.get', { key: 'tab-1' })).toEqual({ ok: true, value: desk('demo') });
  });
});
