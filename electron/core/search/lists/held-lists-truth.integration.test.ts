import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ANY_FIELD, CHANGED_FIELD } from '../../../shared/filter.js';
import { heldViewRows } from '../held-view.js';
import type { ApiRecord } from '../../../shared/schema.js';
import { toErrorPayload } from '../../service/error-payload.js';
import { cleanUp, wire } from '../../testing/wired.js';
import { HeldLists, type HeldList } from './held-lists.js';
import { compileSearch, matchesOf } from '../list-query.js';

// A held list against a server whose data and clock are not the Demo's (docs/decisions/0014-held-lists-kept.md):
// real HTTP on 127.0.0.1, a server that sorts by time, sends its clock in `Date` and translates a
// field. Each case is a way real data breaks a catch-up that trusts the server's timestamps and its
// count; after Refresh (or, for what no catch-up can see, the periodic whole read) the list must be
// the server's, and a search must find the new text.

const registries: HeldLists[] = [];
afterEach(async () => {
  for (const lists of registries.splice(0)) lists.close();
  await cleanUp();
});

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();
const idOf = (index: number) => `CUS-${String(index).padStart(6, '0')}`;

function customers(count: number): ApiRecord[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    id: idOf(index),
    name: `Customer ${index}`,
    email: `c${index}@example.com`,
    createdAt: iso(now - 400 * DAY + index * 60_000),
    updatedAt: iso(now - 30 * DAY + index * 60_000),
  }));
}

/** Held lists over a server with `records`, its clock `clock.offset` ms from this machine's. */
async function heldOver(records: ApiRecord[], options: { wholeReadEveryMs?: number; freshMs?: number } = {}) {
  const clock = { offset: 0 };
  const { api, connection } = await wire({
    recordsOf: { customers: records, contacts: records },
    sorts: true,
    clockOffsetMs: () => clock.offset,
    localize,
  });
  const lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload, ...options });
  registries.push(lists);
  const source = { connectionId: 'truth', client: connection.client };
  const pages = () => api.received.filter((request) => request.path === '/v1/customers').length;
  const list = await settled(await lists.use(source, { resource: 'customers' }, 'en'));
  return { lists, list, clock, pages, source };
}

async function settled(list: HeldList): Promise<HeldList> {
  for (let tries = 0; tries < 2_000 && (list.reading || list.state === 'reading'); tries++) await sleep(5);
  expect(list.state).toBe('held');
  return list;
}

/** Every record held, as the server has it now. */
function expectServer(list: HeldList, records: ApiRecord[]): void {
  const held = Array.from({ length: list.rows.length }, (_, index) => list.rows.recordAt(index));
  const byId = (rows: ApiRecord[]) =>
    new Map(rows.map((record) => [String(record.id), JSON.stringify(record)]));
  expect(byId(held)).toEqual(byId(records));
}

async function found(list: HeldList, text: string): Promise<number> {
  const search = compileSearch([{ field: ANY_FIELD, op: 'contains', value: text }], () => 'text', undefined);
  return (await matchesOf(list.rows, search, undefined)).length;
}

async function refreshed(lists: HeldLists, list: HeldList): Promise<void> {
  lists.refresh('truth');
  await settled(list);
}

describe('a held list made fresh against a server whose timestamps and count are claims', () => {
  it('a rename now (control): three requests, right', async () => {
    const records = customers(2_000);
    const { lists, list, pages } = await heldOver(records);
    const was = { ...records[1_500]! };
    Object.assign(records[1_500]!, { name: 'Zed Renamed', updatedAt: iso(Date.now()) });
    const before = pages();
    await refreshed(lists, list);
    expect(pages() - before).toBeLessThanOrEqual(3);
    expectServer(list, records);
    expect(await found(list, 'Zed Renamed')).toBe(1);
    // What changed, with what the person saw before: the name and its time, nothing else.
    expect(list.changes.snapshot()).toMatchObject({
      rows: [{ id: idOf(1_500), kind: 'changed', previous: { name: was.name, updatedAt: was.updatedAt } }],
      gone: [],
    });
    expect(Object.keys(list.changes.snapshot().rows[0]?.previous ?? {}).sort()).toEqual([
      'name',
      'updatedAt',
    ]);
    expect(lists.statusOf(list).changes).toMatchObject({ rows: 1, gone: 0 });
    // Only what changed: that row, out of the 2,000, with a search beside it or not.
    const only = { field: CHANGED_FIELD, op: 'notEmpty' as const };
    expect(Array.from((await heldViewRows(list, 'en', [only], undefined)).matches)).toEqual([1_500]);
    const other = { field: ANY_FIELD, op: 'contains' as const, value: 'Customer 7' };
    expect(Array.from((await heldViewRows(list, 'en', [only, other], undefined)).matches)).toEqual([]);
  });

  it('one record dated a day ahead, then a rename now at each of three Refreshes: caught up for what changed, right', async () => {
    const records = customers(2_000);
    const { lists, list, pages } = await heldOver(records);
    records[3]!.updatedAt = iso(Date.now() + DAY);
    const wholeAt = list.wholeAt;
    for (const [refresh, word] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
      Object.assign(records[1_500 + refresh]!, { name: `Zed ${word}`, updatedAt: iso(Date.now()) });
      const before = pages();
      await refreshed(lists, list);
      // Before: the record ahead refused every catch-up, and each Refresh read the list whole (5).
      expect(pages() - before).toBeLessThanOrEqual(3);
      expectServer(list, records);
      expect(await found(list, `Zed ${word}`)).toBe(1);
    }
    expect(list.wholeAt).toBe(wholeAt);
  });

  it('times that do not read as dates: a catch-up in the background leaves the list as held, said, until its whole read is due', async () => {
    const records = customers(2_000).map((record) => ({
      ...record,
      updatedAt: Date.parse(String(record.updatedAt)),
    }));
    const { lists, list, pages, source } = await heldOver(records, {
      freshMs: 50,
      wholeReadEveryMs: 3_600_000,
    });
    const wholeAt = list.wholeAt;
    const before = pages();
    for (let use = 0; use < 10; use++) {
      await sleep(60);
      await lists.use(source, { resource: 'customers' }, 'en');
      await settled(list);
    }
    expect(list.wholeAt).toBe(wholeAt);
    expect(lists.statusOf(list).changesUnreadable).toBe(true);
    // A first page of the order each time at most: never the list whole (4 pages and a count).
    expect(pages() - before).toBeLessThanOrEqual(10);
  });

  it('the server clock stepped back ten minutes, then a rename: read whole, right', async () => {
    const records = customers(2_000);
    // A record changed just before the list was read: the newest time held is the server's now.
    records[7]!.updatedAt = iso(Date.now());
    const { lists, list, clock } = await heldOver(records);
    clock.offset = -10 * 60_000;
    Object.assign(records[1_500]!, { name: 'Zed Renamed', updatedAt: iso(Date.now() + clock.offset) });
    await refreshed(lists, list);
    expectServer(list, records);
    expect(await found(list, 'Zed Renamed')).toBe(1);
  });

  it('timestamps written as epoch numbers, then a rename: read whole, right', async () => {
    const records = customers(2_000).map((record) => ({
      ...record,
      updatedAt: Date.parse(String(record.updatedAt)),
      createdAt: Date.parse(String(record.createdAt)),
    }));
    const { lists, list } = await heldOver(records);
    Object.assign(records[1_500]!, { name: 'Zed Renamed', updatedAt: Date.now() });
    await refreshed(lists, list);
    expectServer(list, records);
    expect(await found(list, 'Zed Renamed')).toBe(1);
  });

  it('timestamps as Postgres writes them, and 700 records at the newest instant, one renamed: right', async () => {
    const newest = new Date(Date.now() - 60_000).toISOString().replace('T', ' ').replace('Z', '000+00');
    const records: ApiRecord[] = customers(2_000).map((record, index) => ({
      ...record,
      updatedAt: index >= 1_300 ? newest : String(record.updatedAt).replace('T', ' ').replace('Z', '000+00'),
    }));
    const { lists, list } = await heldOver(records);
    records[1_650]!.name = 'Zed Renamed';
    await refreshed(lists, list);
    expectServer(list, records);
    expect(await found(list, 'Zed Renamed')).toBe(1);
  });

  it('a deletion and an addition now (control): the count differs, read whole, right', async () => {
    const records = customers(2_000);
    const { lists, list } = await heldOver(records);
    const [deleted] = records.splice(10, 1);
    records.push({ id: 'CUS-NEW', name: 'Newcomer', createdAt: iso(Date.now()), updatedAt: null });
    await refreshed(lists, list);
    expectServer(list, records);
    expect(await found(list, 'Newcomer')).toBe(1);
    // The whole read compared with what was held: one new, one gone as it was, nothing changed.
    const changes = list.changes.snapshot();
    expect(changes.rows).toMatchObject([{ id: 'CUS-NEW', kind: 'new' }]);
    expect(changes.gone).toMatchObject([{ id: idOf(10), record: deleted }]);
    // Seen: the marks go.
    list.changes.seen();
    expect(lists.statusOf(list).changes).toBeUndefined();
  });

  it.each([
    [
      'an update that keeps an older updatedAt',
      (records: ApiRecord[]) => void (records[1_500]!.name = 'Zed Renamed'),
      'Zed Renamed',
    ],
    [
      'a deletion and an addition with an old createdAt (an import)',
      (records: ApiRecord[]) => {
        records.splice(700, 1);
        records.push({
          id: 'CUS-IMPORTED',
          name: 'Imported Person',
          createdAt: iso(Date.now() - 900 * DAY),
          updatedAt: null,
        });
      },
      'Imported Person',
    ],
  ])(
    '%s: no catch-up can see it; the status says when it was read whole, and the periodic whole read makes it right',
    async (_case, change, text) => {
      const records = customers(2_000);
      const { lists, list } = await heldOver(records, { wholeReadEveryMs: 1_500 });
      const wholeAt = list.wholeAt;
      change(records);
      await refreshed(lists, list);
      // Caught up, and told as such: its changes read now, read whole when it was.
      expect(list.asOf).toBeGreaterThan(wholeAt ?? 0);
      expect(list.wholeAt).toBe(wholeAt);
      for (let tries = 0; tries < 600 && list.wholeAt === wholeAt; tries++) await sleep(10);
      await settled(list);
      expect(list.wholeAt).toBeGreaterThan(wholeAt ?? 0);
      expectServer(list, records);
      expect(await found(list, text)).toBe(1);
    },
  );
});

const FRENCH: Record<string, string> = {
  'Legal counsel': 'Juriste',
  Finance: 'Finances',
  Sales: 'Commercial',
  'IT manager': 'Responsable informatique',
};
const ROLES = ['Sales', 'Finance', 'IT manager'];

function localize(record: Record<string, unknown>, language: string): Record<string, unknown> {
  return language === 'fr' && typeof record.role === 'string'
    ? { ...record, role: FRENCH[record.role] ?? record.role }
    : record;
}

describe('a held list shown in another language', () => {
  it.each([
    ['records without updatedAt (a list the API does not time)', false],
    ['records with an updatedAt the writer did not bump', true],
  ])('%s: one contact changed between the languages relabels no other', async (_case, timed) => {
    // 2,000 contacts; the only "Legal counsel" of the first page, and 300 more beyond it.
    const records: ApiRecord[] = Array.from({ length: 2_000 }, (_, index) => ({
      id: `CON-${String(index).padStart(6, '0')}`,
      name: `Contact ${index}`,
      role: index === 5 || index >= 1_700 ? 'Legal counsel' : ROLES[index % ROLES.length],
      ...(timed && { updatedAt: iso(Date.now() - DAY + index) }),
    }));
    const { api, connection } = await wire({ recordsOf: { contacts: records }, localize });
    const lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload });
    registries.push(lists);
    const source = { connectionId: 'truth', client: connection.client };
    const english = await settled(await lists.use(source, { resource: 'contacts' }, 'en'));
    records[5]!.role = 'Finance';
    const french = await lists.use(source, { resource: 'contacts' }, 'fr');
    expect(french).toBe(english);
    for (let tries = 0; tries < 2_000 && french.translations.get('fr')?.learning !== false; tries++)
      await sleep(5);
    const reading = french.readingIn('fr');
    const wrong = records.filter((record, index) => {
      if (index === 5) return false;
      const shown = french.rows.record(String(record.id), reading);
      return shown?.role !== localize(record, 'fr').role;
    });
    expect(wrong.map((record) => record.id)).toEqual([]);
    // The one that changed shows what was held, in French, or what the API says now: never a third word.
    expect(['Juriste', 'Finances']).toContain(french.rows.record('CON-000005', reading)?.role);
    expect(api.received.filter((request) => request.language === 'fr').length).toBeGreaterThan(0);
  });

  it.each([2, 3])(
    'records moved to another value between the languages, their updatedAt kept (%i of them): no other relabelled',
    async (moved) => {
      // 2,000 contacts; the first page's only "Legal counsel" are the ones moved to "Finance"; 300 more beyond.
      const records: ApiRecord[] = Array.from({ length: 2_000 }, (_, index) => ({
        id: `CON-${String(index).padStart(6, '0')}`,
        name: `Contact ${index}`,
        role:
          (index >= 5 && index < 5 + moved) || index >= 1_700 ? 'Legal counsel' : ROLES[index % ROLES.length],
        updatedAt: iso(Date.now() - DAY + index),
      }));
      const { french } = await learntInFrench(records, () => {
        for (let index = 5; index < 5 + moved; index++) records[index]!.role = 'Finance';
      });
      expect(wronglyShown(french, records, (index) => index >= 5 && index < 5 + moved)).toEqual([]);
    },
  );

  it('a first page whose values read the same in both languages leaves the field’s other values to be learnt', async () => {
    // The 500 first only "CEO" and "CFO" (French writes them so); the rest "Legal counsel", "Juriste" in French.
    const records: ApiRecord[] = Array.from({ length: 2_000 }, (_, index) => ({
      id: `CON-${String(index).padStart(6, '0')}`,
      name: `Contact ${index}`,
      role: index < 500 ? ['CEO', 'CFO'][index % 2] : 'Legal counsel',
      updatedAt: iso(Date.now() - DAY + index),
    }));
    const { french } = await learntInFrench(records, () => undefined);
    expect(wronglyShown(french, records, () => false)).toEqual([]);
    expect(french.translations.get('fr')?.complete).toBe(true);
  });
});

/** `records` held in English, `change` made on the server, then the list used in French until its words are learnt. */
async function learntInFrench(records: ApiRecord[], change: () => void) {
  const { connection } = await wire({ recordsOf: { contacts: records }, localize });
  const lists = new HeldLists({ onStatus: () => undefined, errorPayloadOf: toErrorPayload });
  registries.push(lists);
  const source = { connectionId: 'truth', client: connection.client };
  await settled(await lists.use(source, { resource: 'contacts' }, 'en'));
  change();
  const french = await lists.use(source, { resource: 'contacts' }, 'fr');
  for (let tries = 0; tries < 4_000 && french.translations.get('fr')?.learning !== false; tries++)
    await sleep(5);
  return { french };
}

/** The ids of records (but those `skipped`) shown in French otherwise than the API writes them. */
function wronglyShown(list: HeldList, records: ApiRecord[], skipped: (index: number) => boolean): string[] {
  const reading = list.readingIn('fr');
  return records
    .filter(
      (record, index) =>
        !skipped(index) && list.rows.record(String(record.id), reading)?.role !== localize(record, 'fr').role,
    )
    .map((record) => String(record.id));
}
