import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeldListStatus } from '../../../shared/held-list.js';
import { ANY_FIELD } from '../../../shared/filter.js';
import { startEngine, type Engine } from '../../testing/test-kit.js';
import { cleanUp, wire } from '../../testing/wired.js';
import { HeldLists, type HeldList, type ListSource } from './held-lists.js';
import { toErrorPayload } from '../../service/error-payload.js';
import { compileSearch, matchesOf } from '../list-query.js';

// Lists held for search as the app reads them: over real HTTP from a Demo API, on the real clock (a
// read waited for, a Demo slowed down so Cancel lands mid-read, freshness that runs out).

const engines: Engine[] = [];
const registries: HeldLists[] = [];
afterEach(async () => {
  for (const lists of registries.splice(0)) lists.close();
  for (const engine of engines.splice(0)) await engine.close();
  await cleanUp();
});

/** A Demo API with `customers` customers, and held lists over it that record every status told. */
async function heldOverDemo(
  customers: number,
  options: { budgetBytes?: number; freshMs?: number; contacts?: number } = {},
) {
  const { contacts = 400, ...held } = options;
  const engine = await startEngine({ demo: { size: { customers, contacts, agreements: 10 } } });
  engines.push(engine);
  await engine.tokens.getToken();
  const told: HeldListStatus[] = [];
  const lists = new HeldLists({
    ...held,
    onStatus: (status) => told.push(status),
    errorPayloadOf: toErrorPayload,
  });
  registries.push(lists);
  const source: ListSource = { connectionId: 'demo', client: engine.client };
  /** The list's pages read from the Demo (its requests for the customers' list). */
  const pagesRead = () => engine.demo.requests.filter((url) => url.startsWith('/v1/customers?size=')).length;
  return { engine, lists, source, told, pagesRead };
}

/** Waits until the list's read is over, in one of `states` (looking does not count as using it). */
async function until(lists: HeldLists, list: HeldList, states: HeldListStatus['state'][]) {
  for (let tries = 0; tries < 1_000; tries++) {
    if (states.includes(list.state) && !list.reading) return list;
    await sleep(10);
  }
  throw new Error(`the list never reached ${states.join(' or ')}: ${JSON.stringify(lists.statusOf(list))}`);
}

const search = (text: string) =>
  compileSearch([{ field: ANY_FIELD, op: 'contains', value: text }], () => 'text', undefined);

describe('lists held for search', () => {
  it('shows a held list in the other language from one page in it: its words, not a read of every page', async () => {
    const { engine, lists, source } = await heldOverDemo(300);
    const contactPages = () =>
      engine.demo.requests.filter((url) => url.startsWith('/v1/contacts?size=')).length;
    const english = await until(lists, await lists.use(source, { resource: 'contacts' }, 'en'), ['held']);
    expect(english.rows.length).toBe(400);
    const pagesInEnglish = contactPages();
    const french = await lists.use(source, { resource: 'contacts' }, 'fr');
    // One list for both languages: the French one is its words.
    expect(french).toBe(english);
    for (let tries = 0; tries < 500 && french.translations.get('fr')?.learning !== false; tries++)
      await sleep(10);
    expect(french.translations.get('fr')).toMatchObject({ complete: true, learning: false });
    expect(contactPages() - pagesInEnglish).toBe(1);
    // Each contact as the API gives it in French: its role in French, every other field the same.
    const { rows: frenchPage } = await engine.client.listPage({
      resource: 'contacts',
      size: 500,
      lang: 'fr',
    });
    const reading = french.readingIn('fr');
    for (const record of frenchPage) expect(french.rows.record(String(record.id), reading)).toEqual(record);
    const finances = await matchesOf(french.rows, search('Finances'), undefined, undefined, reading);
    expect(finances.length).toBe(frenchPage.filter((record) => record.role === 'Finances').length);
    expect(finances.length).toBeGreaterThan(0);
    // And back in English: nothing read.
    const before = contactPages();
    expect(await lists.use(source, { resource: 'contacts' }, 'en')).toBe(english);
    expect(Array.from(await matchesOf(english.rows, search('Finances'), undefined))).toEqual([]);
    expect(contactPages()).toBe(before);
  });

  it('reads a list once, in 500-row pages below what the screen waits for; later searches read nothing', async () => {
    const { engine, lists, source, told, pagesRead } = await heldOverDemo(1_200);
    const list = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), ['held']);
    expect(list.rows.length).toBe(1_200);
    expect(pagesRead()).toBe(3);
    expect(engine.demo.requests.filter((url) => url.includes('/customers?size=500')).length).toBe(3);
    const before = engine.demo.requests.length;
    const wanted = String(list.rows.valueAt(777, 'id'));
    for (const text of [wanted, wanted.slice(0, 6), 'sa', 'zzzz']) {
      const again = await lists.use(source, { resource: 'customers' }, 'en');
      await matchesOf(again.rows, search(text), undefined);
    }
    expect(
      Array.from(await matchesOf(list.rows, search(wanted), undefined), (index) =>
        list.rows.valueAt(index, 'id'),
      ),
    ).toEqual([wanted]);
    expect(engine.demo.requests.length).toBe(before);
    // Told when it started reading, and when it was whole, with the time it was read.
    expect(told[0]).toMatchObject({ state: 'reading', read: 0 });
    const last = told.at(-1);
    expect(last).toMatchObject({ state: 'held', read: 1_200, total: 1_200, rereading: false });
    expect(last?.asOf).toBeGreaterThan(Date.now() - 60_000);
    expect(last?.bytes).toBeGreaterThan(1_200 * 200);
  });

  it('answers searches from what was read while it reads', async () => {
    const { engine, lists, source } = await heldOverDemo(2_000);
    engine.demo.faults.delayNext(10, 150);
    const list = await lists.use(source, { resource: 'customers' }, 'en');
    for (let tries = 0; list.rows.length === 0 && tries < 300; tries++) await sleep(10);
    expect(list.state).toBe('reading');
    const partial = await matchesOf(list.rows, search('a'), undefined);
    expect(partial.length).toBeGreaterThan(0);
    expect(list.rows.length).toBeLessThan(2_000);
    await until(lists, list, ['held']);
    expect((await matchesOf(list.rows, search('a'), undefined)).length).toBeGreaterThan(partial.length);
  });

  it('stops at Cancel: no page asked for after it; reading again goes on from where it stopped', async () => {
    const { engine, lists, source, pagesRead } = await heldOverDemo(3_000);
    engine.demo.faults.delayNext(20, 100);
    const list = await lists.use(source, { resource: 'customers' }, 'en');
    for (let tries = 0; list.rows.length < 1_000 && tries < 500; tries++) await sleep(10);
    const stopped = await lists.stop(source, { resource: 'customers' }, 'en');
    expect(stopped?.state).toBe('stopped');
    const readWhenStopped = list.rows.length;
    // A request sent just before Cancel may reach the server a moment after it.
    await sleep(50);
    const asked = pagesRead();
    await sleep(400);
    expect(pagesRead()).toBe(asked);
    expect(list.rows.length).toBe(readWhenStopped);
    await lists.read(source, { resource: 'customers' }, 'en');
    await until(lists, list, ['held']);
    expect(list.rows.length).toBe(3_000);
    // The read went on with the cursor it had: only the page under way at Cancel was asked for twice.
    const pages = engine.demo.requests.filter((url) => url.startsWith('/v1/customers?size='));
    expect(pages.length - new Set(pages).size).toBeLessThanOrEqual(1);
    expect(pages.filter((url) => !url.includes('cursor=')).length).toBe(1);
  });

  it('refuses a list too long for the budget as soon as its pages say so, holding nothing of it, and reads it no more', async () => {
    const { lists, source, told, pagesRead } = await heldOverDemo(5_000, { budgetBytes: 1_000_000 });
    const list = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), [
      'too-long',
      'held',
    ]);
    expect(list.state).toBe('too-long');
    expect(list.rows.length).toBe(0);
    // Refused at the page whose rows pass 1 MB (the third), and the page asked ahead of it, which a
    // busy machine may have sent before the refusal.
    expect(pagesRead()).toBeLessThanOrEqual(4);
    const status = told.at(-1);
    expect(status).toMatchObject({ state: 'too-long', total: 5_000, budgetBytes: 1_000_000 });
    expect(status?.bytes).toBeLessThan(100_000);
    expect(status?.estimatedBytes).toBeGreaterThan(1_000_000);
    // 5,000 rows at 20 pages of 500 a second.
    expect(status?.scanSeconds).toBeCloseTo(0.5);
    // Used again (every key typed in a search): said once, never read again. (The page asked ahead
    // of the one that passed the budget may reach the server just after the refusal.)
    await sleep(100);
    const asked = pagesRead();
    for (let times = 0; times < 5; times++) await lists.use(source, { resource: 'customers' }, 'en');
    await sleep(100);
    expect(pagesRead()).toBe(asked);
  });

  it('refuses, at its first page and with the words of a list too long, records whose names are new on every row; the lists held stay', async () => {
    // A hostile or broken API: every record with 300 fields named as no other row names them, and
    // no count. V8 keeps such rows as dictionaries, several times what their values take (the
    // default 256 MiB budget once held 1.6 GiB of them): such a list is not holdable at all.
    const { lists, source } = await heldOverDemo(1_000);
    const held = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), ['held']);
    // Its search's text made in the background after it settled: counted once made.
    await held.searchPrepared;
    const heldBytes = lists.bytes;
    const records = Array.from({ length: 1_000 }, (_, row) =>
      Object.fromEntries([['id', `H-${row}`], ...Array.from({ length: 300 }, (_, k) => [`f${row}_${k}`, 1])]),
    );
    const { api, connection } = await wire({ records });
    const hostile = { connectionId: 'hostile', client: connection.client };
    const list = await until(lists, await lists.use(hostile, { resource: 'customers' }, 'en'), [
      'held',
      'too-long',
    ]);
    expect(list.state).toBe('too-long');
    expect(list.rows.length).toBe(0);
    expect(api.received.filter((request) => request.path === '/v1/customers').length).toBeLessThanOrEqual(2);
    expect(lists.statusOf(list)).toMatchObject({ state: 'too-long', bytes: 0 });
    expect((await lists.find(source, { resource: 'customers' }, 'en'))?.state).toBe('held');
    expect(lists.bytes).toBe(heldBytes);
  });

  it('drops a list nobody has used for a while to make room for another, never one in use', async () => {
    // Room for one list of 1,000 customers with their text, not for it and 1,000 contacts.
    const { lists, source, told, pagesRead } = await heldOverDemo(1_000, {
      budgetBytes: 700_000,
      contacts: 1_000,
    });
    const customers = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), ['held']);
    expect(lists.bytes).toBeGreaterThan(700_000 / 2);
    // In use: the contacts do not fit beside it, and are not held (their searches scan).
    const contacts = await until(lists, await lists.use(source, { resource: 'contacts' }, 'en'), [
      'held',
      'too-long',
    ]);
    expect(contacts.state).toBe('too-long');
    expect(await lists.find(source, { resource: 'customers' }, 'en')).toBe(customers);
    expect(told.some((status) => status.state === 'dropped')).toBe(false);
    const customerPages = pagesRead();
    // Unused for a quarter of an hour: it makes room.
    customers.lastUsed -= 15 * 60_000;
    lists.forget('demo');
    const again = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), ['held']);
    again.lastUsed -= 15 * 60_000;
    const held = await until(lists, await lists.use(source, { resource: 'contacts' }, 'en'), [
      'held',
      'too-long',
    ]);
    expect(held.state).toBe('held');
    expect(
      told.at(-1)?.state === 'dropped' ||
        told.some((status) => status.state === 'dropped' && status.resource === 'customers'),
    ).toBe(true);
    expect(pagesRead()).toBeGreaterThan(customerPages);
    expect(lists.bytes).toBeLessThanOrEqual(700_000);
  });

  it('reads a list older than its freshness again in the background, searches answering from the old rows meanwhile', async () => {
    const { engine, lists, source, told, pagesRead } = await heldOverDemo(600, { freshMs: 200 });
    const first = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), ['held']);
    const oldRows = first.rows;
    const firstAsOf = first.asOf ?? 0;
    const added = engine.demo.store.insert('customers');
    await sleep(250);
    engine.demo.faults.delayNext(2, 200);
    const again = await lists.use(source, { resource: 'customers' }, 'en');
    expect(again.rows).toBe(oldRows);
    expect(lists.statusOf(again)).toMatchObject({ state: 'held', rereading: true });
    await until(lists, again, ['held']);
    expect(again.rows).not.toBe(oldRows);
    expect(again.rows.record(added)).toBeDefined();
    expect(again.asOf).toBeGreaterThan(firstAsOf);
    expect(pagesRead()).toBe(4);
    expect(told.at(-1)).toMatchObject({ state: 'held', read: 601, rereading: false });
  });

  it('starts again from the top once when the API refuses a cursor, and fails at the second refusal', async () => {
    const { engine, lists, source, told } = await heldOverDemo(1_500);
    // The second page's request (the first with a cursor) is refused, then the restart's second page too.
    engine.demo.faults.failNext(1, { status: 400 }, 3);
    const list = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), [
      'held',
      'failed',
    ]);
    expect(list.state).toBe('held');
    expect(list.rows.length).toBe(1_500);

    const again = await heldOverDemo(1_500);
    again.engine.demo.faults.failNext(1, { status: 400 }, 3);
    again.engine.demo.faults.failNext(1, { status: 400 }, 2);
    const failed = await until(
      again.lists,
      await again.lists.use(again.source, { resource: 'customers' }, 'en'),
      ['held', 'failed'],
    );
    expect(failed.state).toBe('failed');
    expect(again.told.at(-1)?.error?.code).toBe('invalid-cursor');
    expect(told.every((status) => status.error === undefined)).toBe(true);
  });

  it('ends a read whose cursors go round in circles, with the reason', async () => {
    const { connection } = await wire({ rows: 3_000, cursorCycle: { at: 2_000, backTo: 500 } });
    const told: HeldListStatus[] = [];
    const lists = new HeldLists({ onStatus: (status) => told.push(status), errorPayloadOf: toErrorPayload });
    registries.push(lists);
    const source = { connectionId: 'other', client: connection.client };
    const list = await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), [
      'held',
      'failed',
    ]);
    expect(list.state).toBe('failed');
    expect(told.at(-1)?.error?.message).toMatch(/cursor/);
  });

  it('forgets every list of a connection that was edited or deleted', async () => {
    const { lists, source, told } = await heldOverDemo(300);
    await until(lists, await lists.use(source, { resource: 'customers' }, 'en'), ['held']);
    lists.forget('demo');
    expect(await lists.find(source, { resource: 'customers' }, 'en')).toBeUndefined();
    expect(lists.bytes).toBe(0);
    expect(told.at(-1)?.state).toBe('dropped');
  });
});
