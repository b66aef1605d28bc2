import { lstat, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedView } from '../../shared/saved-view.js';
import { DEFAULT_SETTINGS, SettingsStore } from './settings-store.js';
import { tempFolders } from '../testing/temp-folder.js';

const folder = tempFolders('cdb-settings-');

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await folder();
  path = join(dir, 'settings.json');
});

describe('settings', () => {
  it('ignores keys it does not know, keeps them on write, and keeps the values it knows', async () => {
    await writeFile(path, JSON.stringify({ language: 'fr', futureOption: { on: true } }));
    const { store, damaged } = await SettingsStore.open(path);
    expect(damaged).toBeUndefined();
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
    await store.set({ connectionId: 'demo' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({
      language: 'fr',
      connectionId: 'demo',
      futureOption: { on: true },
    });
  });

  it('keeps the record panel’s width and the density within their bounds; a value out of them is left out and said', async () => {
    await writeFile(path, JSON.stringify({ recordPanelWidth: 5, density: 'huge', language: 'fr' }));
    const { store, damaged } = await SettingsStore.open(path);
    expect(damaged?.reason).toMatch(/recordPanelWidth.*density|density.*recordPanelWidth/);
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
    await store.set({ recordPanelWidth: 420, density: 'compact' });
    expect((await SettingsStore.open(path)).store.get()).toMatchObject({
      recordPanelWidth: 420,
      density: 'compact',
    });
    await expect(store.set({ recordPanelWidth: 1.5 })).rejects.toThrow();
    expect(store.get().recordPanelWidth).toBe(420);
  });

  it('keeps another process’s change to another setting', async () => {
    const { store: app } = await SettingsStore.open(path);
    const { store: other } = await SettingsStore.open(path);
    await other.set({ language: 'fr' });
    await app.set({ connectionId: 'demo' });
    expect((await SettingsStore.open(path)).store.get()).toMatchObject({
      language: 'fr',
      connectionId: 'demo',
    });
  });

  it.each([
    ['not JSON', '{"language": "fr"', /not valid JSON/],
    ['an unreadable value', '{"language": "de", "pageSize": 100}', /value of language/],
  ])(
    'reports a file that is %s and keeps a copy aside, never silently resetting',
    async (_kind, text, reason) => {
      await writeFile(path, text);
      const { store, damaged } = await SettingsStore.open(path);
      expect(damaged?.reason).toMatch(reason);
      expect(await readFile(damaged?.movedTo ?? '', 'utf8')).toBe(text);
      // Not chosen: the window speaks its browser's language until the person picks one.
      expect(store.get().language).toBeUndefined();
      expect((await readdir(dir)).length).toBe(2);
    },
  );

  it('sets a damaged saved view aside with the file; the other views load and the next change keeps them', async () => {
    const view: SavedView = {
      name: 'Worklist',
      resource: 'agreements',
      sort: 'endDate.asc',
      filter: [{ field: 'status', op: 'eq', value: 'active' }],
      columns: ['id', 'endDate'],
      layout: { order: [], hidden: ['mrr'], sizes: {} },
    };
    const text = JSON.stringify({
      language: 'fr',
      views: { demo: [view, { ...view, name: 'Broken', resource: 'invoices' }] },
    });
    await writeFile(path, text);
    const { store, damaged } = await SettingsStore.open(path);
    expect(damaged?.reason).toBe('could not read saved view "Broken" of connection "demo": left out');
    expect(await readFile(damaged?.movedTo ?? '', 'utf8')).toBe(text);
    expect(store.get()).toMatchObject({ language: 'fr', views: { demo: [view] } });
    await store.update(({ views = {} }) => ({
      views: { ...views, demo: [...(views.demo ?? []), { ...view, name: 'Second' }] },
    }));
    expect(
      JSON.parse(await readFile(path, 'utf8')).views.demo.map((saved: { name: string }) => saved.name),
    ).toEqual(['Worklist', 'Second']);
  });

  it('opens a file with keys named like members of every object, and names views kept under "__proto__" as damaged (L6)', async () => {
    const text = `{"language":"fr","constructor":1,"toString":"x","hasOwnProperty":[],"__proto__":{"polluted":true},"views":{"__proto__":[]}}`;
    await writeFile(path, text);
    const { store, damaged } = await SettingsStore.open(path);
    expect(store.get()).toMatchObject({ language: 'fr' });
    expect(damaged?.reason).toMatch(/saved views of connection "__proto__"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a file damaged at every start is copied aside once, not once per start (L12)', async () => {
    await writeFile(path, '{"language": "fr", broken');
    for (let start = 0; start < 5; start++) await SettingsStore.open(path);
    const copies = (await readdir(dirname(path))).filter((name) => name.includes('.damaged-'));
    expect(copies).toHaveLength(1);
  });

  it('never writes through a link planted at its name: the link’s target keeps its content (L5)', async () => {
    const target = join(dirname(path), 'elsewhere.txt');
    await writeFile(target, 'the user’s own file');
    await symlink(target, path);
    // Not followed when read either: reported, and the link (not its target) moved aside.
    const { store, damaged } = await SettingsStore.open(path);
    expect(damaged?.reason).toMatch(/a link, not a file: not followed/);
    expect((await lstat(damaged?.movedTo ?? '')).isSymbolicLink()).toBe(true);
    await store.set({ language: 'fr' });
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('the user’s own file');
    // A link planted again after the open: the write refuses it.
    await rm(path);
    await symlink(target, path);
    await expect(store.set({ language: 'en' })).rejects.toThrow(
      /is a symbolic link: the app does not write through it/,
    );
    expect(await readFile(target, 'utf8')).toBe('the user’s own file');
  });
});
