import { mkdir, readdir, readFile, rename, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANY_FIELD } from '../../../shared/filter.js';
import type { ApiRecord } from '../../../shared/schema.js';
import type { ApiClient } from '../../api/api-client.js';
import { tempFolders } from '../../testing/temp-folder.js';
import { keychainSeal, type TypedTextSeal } from '../../store/typed-text.js';
import { HeldList, listKey, type ListSource } from './held-list-state.js';
import { KEPT_UNUSED_MS, KeptLists } from './kept-lists.js';
import { compileSearch, matchesOf } from '../list-query.js';

const folder = tempFolders('cdb-kept-');

/** A keychain of the test's own: keys by name, or none at all (no Secret Service). */
function keychain(works = true) {
  const keys = new Map<string, string>();
  return keychainSeal({
    keychainKey: (name) => {
      if (!works) return Promise.resolve(undefined);
      keys.set(name, keys.get(name) ?? Buffer.alloc(32, name.length).toString('base64'));
      return Promise.resolve(keys.get(name));
    },
  });
}

const source = (connectionId: string): ListSource => ({ connectionId, client: {} as ApiClient });
/** The API a connection's lists are read from (its address and bundle). */
const API = 'https://api.example.test/v1\nclient-1';

/** Kept lists with `connections` taken in first (none kept yet), as the app does when one is chosen. */
async function keptFor(path: string, seal: TypedTextSeal, connections: string[], now?: () => number) {
  const kept = new KeptLists(path, seal, () => true, now);
  for (const connectionId of connections) await kept.load(source(connectionId), API);
  return kept;
}

const RECORDS: ApiRecord[] = Array.from({ length: 1_200 }, (_, index) => ({
  id: `CON-${String(index).padStart(6, '0')}`,
  firstName: ['Jeanne', 'Élodie', 'Ştefan'][index % 3],
  lastName: `Dupontel ${index}`,
  role: ['Sales', 'Legal counsel'][index % 2],
  email: `jeanne.dupontel${index}@example.fr`,
  phone: index % 5 ? `+33 7 59 46 ${String(index % 100).padStart(2, '0')} 37` : null,
  score: index * 1.5,
  tags: index % 7 ? ['vip'] : { nested: index },
  createdAt: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
  updatedAt: index % 3 ? new Date(Date.UTC(2025, 0, 1) + index * 1_000).toISOString() : null,
}));

function heldList(connectionId: string): HeldList {
  const view = { resource: 'contacts' } as const;
  const list = new HeldList(listKey(connectionId, view), source(connectionId), view, 'en');
  for (let at = 0; at < RECORDS.length; at += 500) list.rows.append(RECORDS.slice(at, at + 500));
  list.state = 'held';
  list.asOf = Date.now() - 60_000;
  list.wholeAt = Date.now() - 3_600_000;
  list.clock = { server: Date.now() - 60_000, local: Date.now() - 60_000 };
  list.total = RECORDS.length;
  list.translations.set('fr', {
    words: new Map([
      [
        'role',
        new Map([
          ['Sales', 'Commercial'],
          ['Legal counsel', 'Juriste'],
        ]),
      ],
    ]),
    complete: true,
    learning: false,
    version: 3,
  });
  return list;
}

async function filesIn(path: string): Promise<string[]> {
  return (await readdir(path).catch(() => [])).map((name) => join(path, name));
}

describe('held lists kept between sessions', () => {
  it('gives back every record, its freshness and its words, sealed: no value in clear on disk', async () => {
    const path = join(await folder(), 'held-lists');
    const seal = keychain();
    const kept = await keptFor(path, seal, ['conn-1']);
    const list = heldList('conn-1');
    await kept.flush([list]);
    const [back] = await new KeptLists(path, seal).load(source('conn-1'), API);
    expect(back).toBeDefined();
    const records = Array.from({ length: back!.rows.length }, (_, index) => back!.rows.recordAt(index));
    expect(records).toEqual(RECORDS);
    expect(back).toMatchObject({
      state: 'held',
      asOf: list.asOf,
      wholeAt: list.wholeAt,
      clock: list.clock,
      total: 1_200,
    });
    const french = back!.readingIn('fr');
    expect(back!.rows.record('CON-000001', french)?.role).toBe('Juriste');
    const search = compileSearch(
      [{ field: ANY_FIELD, op: 'contains', value: '0759460137' }],
      () => 'text',
      undefined,
    );
    expect((await matchesOf(back!.rows, search, undefined)).length).toBeGreaterThan(0);
    // On disk: the key sealed, and lists no value of which reads in clear, in any encoding.
    const files = await filesIn(path);
    expect(files.length).toBe(2);
    for (const file of files) {
      const bytes = await readFile(file);
      for (const value of ['Dupontel', 'jeanne.dupontel', 'CON-000001', 'Juriste', '+33 7 59'])
        for (const encoding of ['utf8', 'latin1', 'utf16le'] as const)
          expect(bytes.includes(Buffer.from(value, encoding)), `${value} in ${file}`).toBe(false);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    }
    expect((await stat(path)).mode & 0o777).toBe(0o700);
  });

  it('refuses a list moved to another connection, or changed by one byte, and reads it no more', async () => {
    const path = join(await folder(), 'held-lists');
    const seal = keychain();
    const kept = await keptFor(path, seal, ['conn-1', 'conn-2']);
    const listFiles = async () => (await filesIn(path)).filter((file) => file.endsWith('.list'));
    await kept.flush([heldList('conn-1')]);
    const [one] = await listFiles();
    await kept.flush([heldList('conn-2')]);
    const two = (await listFiles()).find((file) => file !== one);
    // conn-2's file under conn-1's name: its header names conn-2, and it is sealed with conn-2 bound.
    await rename(two!, one!);
    const again = new KeptLists(path, seal);
    expect(await again.load(source('conn-1'), API)).toEqual([]);
    await kept.flush([heldList('conn-1')]);
    const [written] = await listFiles();
    const bytes = await readFile(written!);
    bytes[bytes.length - 40] = (bytes[bytes.length - 40] ?? 0) ^ 1;
    await writeFile(written!, bytes);
    expect(await again.load(source('conn-1'), API)).toEqual([]);
    expect(await listFiles()).toEqual([]);
  });

  it('keeps nothing without a keychain, and says so; nothing either when the person turned keeping off', async () => {
    const path = join(await folder(), 'held-lists');
    const kept = await keptFor(path, keychain(false), ['conn-1', 'conn-2']);
    await kept.flush([heldList('conn-1')]);
    await kept.flush([heldList('conn-2')]);
    expect(await filesIn(path)).toEqual([]);
    expect(kept.state).toBe('no-keychain');
    let keeping = true;
    const off = new KeptLists(join(await folder(), 'held-lists'), keychain(), () => keeping);
    await off.load(source('conn-1'), API);
    keeping = false;
    await off.flush([heldList('conn-1')]);
    expect(off.state).toBe('off');
    expect(await off.load(source('conn-1'), API)).toEqual([]);
  });

  it('deletes nothing at a start without a keychain, or after one keychain error: the next start with it reads them', async () => {
    const path = join(await folder(), 'held-lists');
    const keys = new Map<string, string>();
    let answers = true;
    const seal = () =>
      keychainSeal({
        keychainKey: (name) => {
          if (!answers) return Promise.reject(new Error('The name org.freedesktop.secrets was not provided'));
          keys.set(name, keys.get(name) ?? Buffer.alloc(32, 7).toString('base64'));
          return Promise.resolve(keys.get(name));
        },
      });
    const first = await keptFor(path, seal(), ['conn-1']);
    await first.flush([heldList('conn-1')]);
    const written = await filesIn(path);
    expect(written).toHaveLength(2);
    answers = false;
    const without = await keptFor(path, seal(), ['conn-1']);
    expect(without.state).toBe('no-keychain');
    // Before: every list and the key deleted.
    expect(await filesIn(path)).toEqual(written);
    answers = true;
    const back = new KeptLists(path, seal(), () => true);
    expect((await back.load(source('conn-1'), API)).map((list) => list.rows.length)).toEqual([
      RECORDS.length,
    ]);
  });

  it('leaves the lists of a key sealed by another program’s seal; deletes them only for a key of its own seal lost for good', async () => {
    const path = join(await folder(), 'held-lists');
    await (await keptFor(path, keychain(), ['conn-1'])).flush([heldList('conn-1')]);
    const written = await filesIn(path);
    const keyFile = written.find((file) => file.endsWith('key')) ?? '';
    const ours = await readFile(keyFile, 'utf8');
    // Another program's seal (the app's safeStorage of before): not opened here, not deleted either.
    await writeFile(keyFile, 'safe-storage:c29tZXRoaW5n');
    expect(await (await keptFor(path, keychain(), ['conn-1'])).load(source('conn-1'), API)).toEqual([]);
    expect(await filesIn(path)).toEqual(written);
    // A key of this seal that the keychain's key no longer opens (a keyring made anew): lost for good.
    await writeFile(keyFile, ours);
    const otherKeyring = keychainSeal({
      keychainKey: () => Promise.resolve(Buffer.alloc(32, 9).toString('base64')),
    });
    expect(await (await keptFor(path, otherKeyring, ['conn-1'])).load(source('conn-1'), API)).toEqual([]);
    expect(await filesIn(path)).not.toContain(written.find((file) => file.endsWith('.list')));
  });

  it("deletes a connection's lists, all of them on request, and those unused for a week", async () => {
    const path = join(await folder(), 'held-lists');
    const seal = keychain();
    let now = Date.now();
    const kept = await keptFor(path, seal, ['conn-1', 'conn-2', 'conn-3'], () => now);
    await kept.flush([heldList('conn-1'), heldList('conn-2')]);
    await kept.forget('conn-1');
    expect(await kept.load(source('conn-1'), API)).toEqual([]);
    expect(await kept.load(source('conn-2'), API)).toHaveLength(1);
    now += KEPT_UNUSED_MS + 60_000;
    await kept.sweep();
    expect(await kept.load(source('conn-2'), API)).toEqual([]);
    await kept.flush([heldList('conn-3')]);
    await kept.forget();
    expect(await filesIn(path)).toEqual([]);
  });

  it('after Forget, writes nothing again this session, empties a linked folder where it points, and sweeps writes left unfinished', async () => {
    const root = await folder();
    const target = join(root, 'elsewhere');
    await mkdir(target);
    const path = join(root, 'held-lists');
    await symlink(target, path);
    const kept = await keptFor(path, keychain(), ['conn-1']);
    const list = heldList('conn-1');
    await kept.flush([list]);
    expect(await filesIn(target)).toHaveLength(2);
    // A file of someone else's where the link points: never the app's to delete.
    await writeFile(join(target, 'notes.txt'), 'mine');
    await kept.forget();
    // Before: only the link went, the sealed lists and their key stayed where it pointed.
    expect(await filesIn(target)).toEqual([join(target, 'notes.txt')]);
    // The list held in memory, used and changed again: not written back (before: at its next settle).
    list.lastUsed = Date.now() + 60_000;
    kept.schedule(list);
    await kept.flush([list]);
    expect(await filesIn(path)).toEqual([]);
    // A write interrupted two hours ago is a leftover; one under way now is not.
    const next = new KeptLists(path, keychain(), () => true);
    await mkdir(path, { recursive: true });
    await writeFile(join(path, 'deadbeef.list.0a1b2c.part'), 'sealed');
    await writeFile(join(path, 'cafe.list.3d4e5f.part'), 'sealed');
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(join(path, 'deadbeef.list.0a1b2c.part'), hoursAgo, hoursAgo);
    await next.sweep();
    expect((await filesIn(path)).map((file) => file.slice(path.length + 1))).toEqual([
      'cafe.list.3d4e5f.part',
    ]);
  });

  it('deletes the lists of a connection that names another API since (edited by another process)', async () => {
    const path = join(await folder(), 'held-lists');
    const seal = keychain();
    await (await keptFor(path, seal, ['conn-1'])).flush([heldList('conn-1')]);
    const edited = new KeptLists(path, seal);
    expect(await edited.load(source('conn-1'), 'https://another.example.test/v1\nclient-1')).toEqual([]);
    expect(await new KeptLists(path, seal).load(source('conn-1'), API)).toEqual([]);
  });
});
