import { readFile, rm, writeFile } from 'node:fs/promises';

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedView } from '../../shared/saved-view.js';
import { openTestCore } from '../testing/test-kit.js';
import { dispatch } from './dispatch.js';
import { forgetSavedViews, viewsHandlers } from './views-handlers.js';
import { SettingsStore } from '../store/settings-store.js';
import { makeTempFolder } from '../testing/temp-folder.js';

// Saved views through the contract: kept per connection in the settings file, names unique per
// connection, and every change refused cleanly when it cannot be made.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const view = (name: string): SavedView => ({
  name,
  resource: 'agreements',
  sort: 'endDate.asc',
  filter: [{ field: 'status', op: 'eq', value: 'suspended' }],
  columns: ['id', 'status', 'endDate'],
  layout: { order: ['id', 'status', 'endDate'], hidden: ['mrr'], sizes: { status: 120 } },
});

async function app() {
  const opened = await openTestCore();
  cleanups.push(opened.close);
  const connect = async (name: string) => {
    const saved = await dispatch(opened.core, 'connection.save', {
      profile: {
        name,
        baseUrl: 'https://api.example.com',
        authUrl: 'https://auth.example.com/token',
        clientId: `client-${name}`,
      },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const { id } = saved.value as { id: string };
    await dispatch(opened.core, 'connection.select', { id });
    return id;
  };
  return { ...opened, connect };
}

describe('saved views', () => {
  it('saves, replaces, renames and deletes the chosen connection’s views, in the settings file', async () => {
    const { core, dataDir, connect } = await app();
    expect(await dispatch(core, 'views.save', { view: view('Worklist') })).toMatchObject({
      ok: false,
      error: { code: 'no-connection' },
    });
    const first = await connect('First');
    await dispatch(core, 'views.save', { view: view('Worklist') });
    await dispatch(core, 'views.save', { view: view('Suspended') });
    const replaced = { ...view('Worklist'), sort: 'endDate.desc' };
    expect(await dispatch(core, 'views.save', { view: replaced })).toEqual({
      ok: true,
      value: [view('Suspended'), replaced],
    });
    expect(await dispatch(core, 'views.rename', { name: 'Suspended', newName: 'Worklist' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: 'a saved view is already called "Worklist"' },
    });
    await dispatch(core, 'views.rename', { name: 'Suspended', newName: 'Paused' });
    expect(await dispatch(core, 'views.delete', { name: 'Nothing' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });

    // Another connection has views of its own.
    const second = await connect('Second');
    expect(await dispatch(core, 'views.save', { view: view('Mine') })).toEqual({
      ok: true,
      value: [view('Mine')],
    });
    const onDisk = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
      views: Record<string, SavedView[]>;
    };
    expect(onDisk.views[first]?.map((saved) => saved.name)).toEqual(['Paused', 'Worklist']);
    expect(await dispatch(core, 'views.delete', { name: 'Mine' })).toEqual({ ok: true, value: [] });

    // A deleted connection's views go with it.
    await dispatch(core, 'connection.delete', { id: first });
    expect((await core.handlers['settings.get']({})).views).toEqual({ [second]: [] });
  });

  it('refuses a view that is not one before anything is written', async () => {
    const { core, connect } = await app();
    await connect('First');
    for (const broken of [
      { ...view('Scoped customers'), resource: 'customers', customerId: 'CUS-1' },
      { ...view(''), name: '' },
      { ...view('Extra'), secret: 'x' },
    ]) {
      expect(await dispatch(core, 'views.save', { view: broken as SavedView })).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    }
    expect((await core.handlers['settings.get']({})).views).toBeUndefined();
  });

  it('the 501st view of a connection is refused with the limit named, not "unexpected error" (L13)', async () => {
    const dir = await makeTempFolder('cdb-views-');
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'settings.json');
    const full = Array.from({ length: 500 }, (_, index) => view(`View ${index}`));
    await writeFile(path, JSON.stringify({ language: 'en', views: { busy: full } }));
    const { store } = await SettingsStore.open(path);
    const handlers = viewsHandlers(
      () => store,
      () => 'busy',
    );
    await expect(handlers['views.save']({ view: view('One more') })).rejects.toThrow(
      /at most 500 saved views: delete one before saving "One more"/,
    );
    // Replacing a view of a name already taken is no new view: still allowed.
    expect(await handlers['views.save']({ view: view('View 7') })).toHaveLength(500);
  });

  it('a deleted connection’s views go, though another process saved them after this one read the file (L7)', async () => {
    const dir = await makeTempFolder('cdb-views-');
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'settings.json');
    const { store: app } = await SettingsStore.open(path);
    const { store: host } = await SettingsStore.open(path);
    await viewsHandlers(
      () => host,
      () => 'gone',
    )['views.save']({
      view: { ...view('Dupont'), filter: [{ field: 'name', op: 'contains', value: 'Dupont' }] },
    });
    await forgetSavedViews(app, 'gone');
    expect(await readFile(path, 'utf8')).not.toContain('Dupont');
  });
});
