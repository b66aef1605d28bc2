import { describe, expect, it, vi } from 'vitest';
import { ANY_FIELD, FilterError, type FilterCondition } from '../../shared/filter.js';
import type { ApiRecord } from '../../shared/schema.js';
import { labelsOf } from '../../shared/search.js';
import { fieldNamer } from '../../shared/search-words.js';
import { suggestCustomers } from './customer-finder.js';
import { customerIdOf } from '../../shared/customer-columns.js';
import { HeldRows } from './columns/held-rows.js';
import { AS_READ, prepareDictionaryText, type RowsReading } from './columns/rows-reading.js';
import { compileSearch, matchesOf } from './list-query.js';
import { Slicer, sortInSlices } from '../slices.js';

const CUSTOMERS: ApiRecord[] = [
  { id: 'CUS-1', name: 'Agence Bérénger SA', phone: '+33 7 59 46 02 37', createdAt: '2020-01-02T00:00:00Z' },
  { id: 'CUS-2', name: '\tTabulations SA', phone: null, createdAt: '2019-05-01T00:00:00Z' },
  { id: 'CUS-3', name: 'Élodie Martin', phone: '06.12.34.56.78', createdAt: null },
  { id: 'CUS-30', name: 'Œuvre Solidaire', phone: '+33 1 00 00 00 01', createdAt: '2021-03-04T00:00:00Z' },
];
const CONTACTS: ApiRecord[] = [
  {
    id: 'CON-1',
    customerId: 'CUS-2',
    firstName: 'Jean',
    lastName: 'Dupont',
    email: 'jean.dupont@example.fr',
  },
  { id: 'CON-2', customer: { id: 'CUS-3' }, name: 'Zoé Petit', email: 'zoe@example.com' },
  { id: 'CON-3', firstName: 'Nobody', email: 'orphan@example.com' },
];
const KINDS: Record<string, 'number' | 'date' | 'text'> = { mrr: 'number', createdAt: 'date' };

/** The rows as shown in French: the schema's label of a coded status. */
const FRENCH: RowsReading = {
  key: 'fr',
  labelOf: labelsOf([{ key: 'status', values: [{ value: 'terminated', label: 'Résilié' }] }]),
};

function held(records: ApiRecord[], pageSize = 2): HeldRows {
  const rows = new HeldRows((field) => field === 'status');
  for (let at = 0; at < records.length; at += pageSize) rows.append(records.slice(at, at + pageSize));
  return rows;
}

/** Rows as the finder reads them (as they were read). */
const shown = (rows: HeldRows) => ({ rows, reading: AS_READ });

const idsOf = (rows: HeldRows) =>
  Array.from({ length: rows.length }, (_, index) => rows.valueAt(index, 'id'));

/** The ids the filter finds in the held rows, in the order of `sort`. */
async function idsFound(rows: HeldRows, filter: FilterCondition[], sort?: string): Promise<unknown[]> {
  const search = compileSearch(
    filter,
    (field) => KINDS[field] ?? 'text',
    (field, value) => (field === 'status' && value === 'terminated' ? 'Résilié' : undefined),
  );
  return Array.from(await matchesOf(rows, search, sort, undefined, FRENCH), (index) =>
    rows.valueAt(index, 'id'),
  );
}
const searchFor = (value: string): FilterCondition[] => [{ field: ANY_FIELD, op: 'contains', value }];

describe('searching held rows', () => {
  it('reads the first few phone-like values of each row as phones, as a scan does', async () => {
    const record = Object.fromEntries([
      ['id', 'CUS-9'],
      ...Array.from({ length: 6 }, (_, at) => [`line${at + 1}`, `06 12 34 56 7${at + 1}`]),
    ]);
    const rows = held([record]);
    expect(await idsFound(rows, searchFor('+33 6 12 34 56 74'))).toEqual(['CUS-9']);
    expect(await idsFound(rows, searchFor('06 12 34 56 76'))).toEqual(['CUS-9']);
    expect(await idsFound(rows, searchFor('+33 6 12 34 56 76'))).toEqual([]);
  });

  it('finds by the search rules: accents, words in any order, phone digits, id prefixes', async () => {
    const rows = held(CUSTOMERS);
    expect(await idsFound(rows, searchFor('berenger'))).toEqual(['CUS-1']);
    expect(await idsFound(rows, searchFor('ÉLODIE'))).toEqual(['CUS-3']);
    expect(await idsFound(rows, searchFor('sa tabulations'))).toEqual(['CUS-2']);
    expect(await idsFound(rows, searchFor('+33759460237'))).toEqual(['CUS-1']);
    expect(await idsFound(rows, searchFor('0612345678'))).toEqual(['CUS-3']);
    expect(await idsFound(rows, searchFor('cus-3'))).toEqual(['CUS-3', 'CUS-30']);
    expect(await idsFound(rows, searchFor('oeuvre'))).toEqual(['CUS-30']);
    expect(await idsFound(rows, searchFor('sa'))).toEqual(['CUS-1', 'CUS-2']);
    expect(await idsFound(rows, searchFor('nothing here'))).toEqual([]);
  });

  it('never matches across two fields or two rows', async () => {
    const rows = held([
      { id: 'A', first: 'ab', second: 'cd' },
      { id: 'B', first: 'ef' },
    ]);
    expect(await idsFound(rows, searchFor('bc'))).toEqual([]);
    // "a" ends row A's text and "ef" starts row B's: no term spans them.
    expect(await idsFound(rows, searchFor('def'))).toEqual([]);
    expect(await idsFound(rows, searchFor('a ef'))).toEqual([]);
  });

  it('judges field conditions on the held rows, with the kinds and labels of the fields', async () => {
    const agreements = held([
      { id: 'AGR-1', name: 'Pro', status: 'terminated', mrr: 120, createdAt: '2020-01-01T00:00:00Z' },
      { id: 'AGR-2', name: 'Pro', status: 'active', mrr: 90, createdAt: '2021-01-01T00:00:00Z' },
      { id: 'AGR-3', name: 'Basic', status: null, mrr: null, createdAt: '2022-06-01T00:00:00Z' },
    ]);
    expect(await idsFound(agreements, [{ field: 'mrr', op: 'gte', value: 100 }])).toEqual(['AGR-1']);
    expect(await idsFound(agreements, [{ field: 'createdAt', op: 'gte', value: '2021-01-01' }])).toEqual([
      'AGR-2',
      'AGR-3',
    ]);
    expect(await idsFound(agreements, searchFor('résilié'))).toEqual(['AGR-1']);
    expect(await idsFound(agreements, [{ field: 'status', op: 'contains', value: 'resilie' }])).toEqual([
      'AGR-1',
    ]);
    expect(
      await idsFound(agreements, [{ field: 'name', op: 'contains', value: 'pro' }, ...searchFor('active')]),
    ).toEqual(['AGR-2']);
    expect(() =>
      compileSearch(
        [{ field: 'mrr', op: 'gt', value: 'lots' }],
        (field) => KINDS[field] ?? 'text',
        undefined,
      ),
    ).toThrow(FilterError);
  });

  it('orders matches by the sort, nulls last either way, ties by name, creation date and id', async () => {
    const rows = held([
      { id: 'C', name: 'b', mrr: 10, createdAt: '2020-01-01T00:00:00Z' },
      { id: 'A', name: 'a', mrr: null, createdAt: '2020-01-01T00:00:00Z' },
      { id: 'D', name: 'a', mrr: 10, createdAt: '2019-01-01T00:00:00Z' },
      { id: 'B', name: 'a', mrr: 10, createdAt: '2019-01-01T00:00:00Z' },
      { id: 'E', name: 'a', mrr: 2, createdAt: '2018-01-01T00:00:00Z' },
    ]);
    expect(await idsFound(rows, [], 'mrr.asc')).toEqual(['E', 'B', 'D', 'C', 'A']);
    expect(await idsFound(rows, [], 'mrr.desc')).toEqual(['B', 'D', 'C', 'E', 'A']);
    expect(await idsFound(rows, [], 'createdAt.desc')).toEqual(['A', 'C', 'B', 'D', 'E']);
    expect(await idsFound(rows, [])).toEqual(['C', 'A', 'D', 'B', 'E']);
  });

  it('judges only the rows read since the last search of the same filter', async () => {
    const rows = held(CUSTOMERS.slice(0, 2));
    expect(await idsFound(rows, searchFor('sa'))).toEqual(['CUS-1', 'CUS-2']);
    rows.append([{ id: 'CUS-9', name: 'Nouvelle SA' }]);
    expect(await idsFound(rows, searchFor('sa'))).toEqual(['CUS-1', 'CUS-2', 'CUS-9']);
  });

  it('keeps a record once when a page repeats it (a record that moved while the list was read)', () => {
    const rows = held(CUSTOMERS);
    rows.append([
      { ...CUSTOMERS[0], name: 'Moved' },
      { id: 'CUS-5', name: 'New' },
    ]);
    expect(idsOf(rows)).toEqual(['CUS-1', 'CUS-2', 'CUS-3', 'CUS-30', 'CUS-5']);
    expect(rows.record('CUS-30')?.name).toBe('Œuvre Solidaire');
  });

  it('stops a search whose signal aborts; another search of the same filter finishes the work', async () => {
    const many = held(
      Array.from({ length: 60_000 }, (_, index) => ({ id: `R-${index}`, name: `row ${index} sa` })),
      500,
    );
    const search = compileSearch(searchFor('sa'), () => 'text', undefined);
    const controller = new AbortController();
    const cancelled = matchesOf(many, search, 'name.asc', controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toThrow(/abort/i);
    expect((await matchesOf(many, search, undefined)).length).toBe(60_000);
  });
});

describe('a search of many clauses', () => {
  it('judges two hundred exclusions over 60,000 rows in steps a slice long, not 20,000 rows at a time', async () => {
    const rows = held(
      Array.from({ length: 60_000 }, (_, index) => ({
        id: `C-${index}`,
        name: `Dupont ${index}`,
        email: `contact${index}@example.fr`,
        city: ['Lyon', 'Paris', 'Nantes'][index % 3],
      })),
      500,
    );
    // Its dictionaries' text made, as a list settled has it.
    await prepareDictionaryText(rows.columns, AS_READ);
    // A search a link may carry (1,000 characters): two hundred words excluded.
    const exclusions = Array.from({ length: 200 }, (_, index) => `-zq${index}x`).join(' ');
    const search = compileSearch(searchFor(exclusions), () => 'text', undefined);
    const steps = vi.spyOn(HeldRows.prototype, 'findTerms');
    const matches = await matchesOf(rows, search, undefined);
    expect(matches).toHaveLength(60_000);
    // Each step a slice long, a pause after it: before, 20,000 rows a step (3 steps).
    expect(steps.mock.calls.length).toBeGreaterThan(5);
    steps.mockRestore();
  });
});

describe('sorting in slices', () => {
  it('gives what a stable sort gives', async () => {
    const values = Array.from({ length: 10_000 }, (_, index) => (index * 7_919) % 1_000);
    const indexes = values.map((_, index) => index);
    const compare = (a: number, b: number) => (values[a] ?? 0) - (values[b] ?? 0);
    expect(await sortInSlices(indexes, compare, new Slicer())).toEqual([...indexes].sort(compare));
  });
});

describe('finding a customer from what a ticket gives', () => {
  const customers = shown(held(CUSTOMERS));
  const contacts = shown(held(CONTACTS));
  const offered = async (text: string) =>
    (await suggestCustomers(text, { customers, contacts }, 8)).suggestions;

  it('offers the customer whose id it is first, then customers by their own fields', async () => {
    expect((await offered('CUS-3')).map((suggestion) => suggestion.customerId)).toEqual(['CUS-3', 'CUS-30']);
    expect((await offered('CUS-3'))[0]).toEqual({
      customerId: 'CUS-3',
      name: 'Élodie Martin',
      matched: { of: 'customer', field: 'id', value: 'CUS-3', byId: true },
    });
    expect((await offered('berenger'))[0]).toMatchObject({ customerId: 'CUS-1', matched: { field: 'name' } });
    expect((await offered('+33 7 59 46 02 37'))[0]).toMatchObject({
      customerId: 'CUS-1',
      matched: { field: 'phone' },
    });
  });

  it('finds a phone as a French caller gives it, stored either way, ranked as the whole field', async () => {
    for (const typed of ['07 59 46 02 37', '07.59.46.02.37', '0759460237', '0033 7 59 46 02 37'])
      expect((await offered(typed))[0], typed).toMatchObject({
        customerId: 'CUS-1',
        matched: { field: 'phone', value: '+33 7 59 46 02 37' },
      });
    expect((await offered('+33 6 12 34 56 78'))[0]).toMatchObject({ customerId: 'CUS-3' });
  });

  it('takes search words, a column named as each list names it (« Nom »: a name, a last name)', async () => {
    const namers = {
      customers: fieldNamer([{ key: 'name', labels: ['Name', 'Nom'] }]),
      contacts: fieldNamer([{ key: 'lastName', labels: ['Last name', 'Nom'] }]),
    };
    const ids = async (text: string) =>
      (await suggestCustomers(text, { customers, contacts }, 8, undefined, namers)).suggestions.map(
        (suggestion) => suggestion.customerId,
      );
    expect(await ids('nom:dupont')).toEqual(['CUS-2']);
    expect(await ids('nom:martin')).toEqual(['CUS-3']);
    expect(await ids('sa')).toEqual(['CUS-1', 'CUS-2']);
    expect(await ids('sa -tabulations')).toEqual(['CUS-1']);
    expect(await ids('"agence berenger"')).toEqual(['CUS-1']);
    expect(await ids('elodie OR oeuvre')).toEqual(['CUS-3', 'CUS-30']);
  });

  it("opens by an id's number, a contact's id or an agreement's id, each leading to its customer", async () => {
    const numbered = held([
      { id: 'CUS-00011004', name: 'Onze', createdAt: '2021-06-04T01:10:04.000Z' },
      { id: 'CUS-00000007', name: 'Sept', createdAt: '2021-06-04T01:10:04.000Z', note: 'lot 11004' },
    ]);
    const agreements = held([{ id: 'AGR-00207781', customerId: 'CUS-00000007', status: 'expired' }]);
    const lists = { customers: shown(numbered), contacts, agreements: shown(agreements) };
    const first = async (text: string) => (await suggestCustomers(text, lists, 8)).suggestions[0];
    // The number before a note that holds it, and never a timestamp's seconds.
    expect(await first('11004')).toMatchObject({ customerId: 'CUS-00011004', matched: { byId: true } });
    expect((await suggestCustomers('11004', lists, 8)).total).toBe(2);
    expect(await first('CON-1')).toMatchObject({
      customerId: 'CUS-2',
      matched: { of: 'contact', field: 'id', value: 'CON-1', byId: true, contactName: 'Jean Dupont' },
    });
    expect(await first('AGR-00207781')).toMatchObject({
      customerId: 'CUS-00000007',
      name: 'Sept',
      matched: { of: 'agreement', field: 'id', value: 'AGR-00207781', byId: true },
    });
    // Two ids of one number: neither is found by it.
    const twins = held([{ id: 'A-5' }, { id: 'B-05' }]);
    expect(twins.indexByNumber('5')).toBeUndefined();
  });

  it("leads from a contact's email or name to its customer, naming the contact", async () => {
    expect(await offered('jean.dupont@example.fr')).toEqual([
      {
        customerId: 'CUS-2',
        name: '\tTabulations SA',
        matched: {
          of: 'contact',
          field: 'email',
          value: 'jean.dupont@example.fr',
          contactName: 'Jean Dupont',
          contactId: 'CON-1',
        },
      },
    ]);
    expect((await offered('zoe'))[0]).toMatchObject({
      customerId: 'CUS-3',
      matched: { of: 'contact', contactName: 'Zoé Petit' },
    });
    // A contact that names no customer leads nowhere.
    expect(await offered('orphan')).toEqual([]);
  });

  it('counts every customer that matches, and offers first those with the whole of what was typed', async () => {
    // A shared mailbox: 30 customers hold it inside a longer address, then 20 contacts of other
    // customers (one customer twice), and the last contact's customer with it exactly.
    const mailbox = 'compta@desk.example';
    const many = held(
      Array.from({ length: 30 }, (_, index) => ({
        id: `C-${index}`,
        name: `Client ${index}`,
        email: `x.${mailbox}`,
      })),
      7,
    );
    const theirContacts = held(
      Array.from({ length: 21 }, (_, index) => ({
        id: `K-${index}`,
        customerId: index === 20 ? 'C-ITS-OWN' : `D-${Math.min(index, 18)}`,
        name: `Contact ${index}`,
        email: index === 20 ? mailbox : `${mailbox}.old`,
      })),
      5,
    );
    const lists = { customers: shown(many), contacts: shown(theirContacts) };
    const found = await suggestCustomers(mailbox, lists, 8);
    // 30 customers, 19 customers of the first 20 contacts, and the last one's.
    expect(found.total).toBe(50);
    expect(found.suggestions).toHaveLength(8);
    expect(found.suggestions[0]).toMatchObject({
      customerId: 'C-ITS-OWN',
      matched: {
        of: 'contact',
        field: 'email',
        value: mailbox,
        contactName: 'Contact 20',
        contactId: 'K-20',
      },
    });
    // Then the contacts' addresses that start with it, before the customers' that hold it within.
    expect(found.suggestions.slice(1, 3).map((suggestion) => suggestion.customerId)).toEqual(['D-0', 'D-1']);
    // All of them when asked, each customer once.
    const all = (await suggestCustomers(mailbox, lists, 500)).suggestions;
    expect(new Set(all.map((suggestion) => suggestion.customerId)).size).toBe(50);
    expect(all).toHaveLength(50);
  });

  it('reads the customer of a contact under the names APIs give it', () => {
    expect(customerIdOf({ customerId: 7 })).toBe('7');
    expect(customerIdOf({ customer_id: 'C-1' })).toBe('C-1');
    expect(customerIdOf({ customer: { id: 'C-2' } })).toBe('C-2');
    expect(customerIdOf({ customer: 'C-3' })).toBeUndefined();
  });
});

describe('a sort on days to a deadline', () => {
  it('orders by the days as they stand today, a passed one first, not by the API’s counts', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const agreements: ApiRecord[] = [
      // The API counts 300 days, yet the notice period ends in 10 (its end is in 40, 30 days' notice).
      { id: 'AGR-1', status: 'active', engagement: 330, notice: 300, endDate: day(40) },
      // Counted 0: passed 5 days ago (it ends in 15, with 20 days' notice).
      { id: 'AGR-2', status: 'active', engagement: 20, notice: 0, endDate: day(15) },
      // Counted 5 and no end date: 5.
      { id: 'AGR-3', status: 'active', engagement: 40, notice: 5, endDate: null },
      // Over: none, last whatever the direction.
      { id: 'AGR-4', status: 'expired', engagement: 1, notice: 0, endDate: day(-3) },
    ];
    const rows = held(agreements);
    const all = compileSearch([], () => 'text', undefined);
    const ids = async (sort: string) =>
      Array.from(await matchesOf(rows, all, sort), (index) => rows.recordAt(index, AS_READ).id);
    expect(await ids('notice.asc')).toEqual(['AGR-2', 'AGR-3', 'AGR-1', 'AGR-4']);
    expect(await ids('notice.desc')).toEqual(['AGR-1', 'AGR-3', 'AGR-2', 'AGR-4']);
  });
});
