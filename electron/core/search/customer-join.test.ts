import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, RowFactory } from '../../demo-api/generate.js';
import { toRecord } from '../../demo-api/rows.js';
import type { Language } from '../../shared/api-rules.js';
import { ANY_FIELD, type FilterCondition } from '../../shared/filter.js';
import { withCustomerColumns } from '../../shared/customer-columns.js';
import { labelsOf } from '../../shared/search.js';
import { parseSearch, recordMatches } from '../../shared/search-words.js';
import type { ApiRecord } from '../../shared/schema.js';
import type { ApiClient } from '../api/api-client.js';
import { keychainSeal } from '../store/typed-text.js';
import { demoFields } from '../testing/held-demo.js';
import { tempFolders } from '../testing/temp-folder.js';
import { CustomerJoin, customerColumnNamesOf } from './customer-join.js';
import { fieldNamerOf } from './lists/list-fields.js';
import { HeldList, listKey, type ListSource } from './lists/held-list-state.js';
import { heldViewRows } from './held-view.js';
import { KeptLists } from './lists/kept-lists.js';

const { customers, agreements } = generateDataset(new RowFactory(11, '2026-01-01'), {
  customers: 2_000,
  contacts: 0,
  agreements: 4_000,
});
const source: ListSource = { connectionId: 'conn-1', client: {} as ApiClient };

/** A list held whole, as core holds one read in 500-row pages, with its schema's fields when `schema`. */
function held(resource: 'customers' | 'agreements', records: ApiRecord[], schema = true): HeldList {
  const view = { resource };
  const list = new HeldList(listKey(source.connectionId, view), source, view, 'en');
  if (schema)
    for (const lang of ['en', 'fr'] as Language[]) list.fields.set(lang, demoFields(resource, lang));
  for (let at = 0; at < records.length; at += 500) list.rows.append(records.slice(at, at + 500));
  list.state = 'held';
  return list;
}

const folder = tempFolders('cdb-join-');
/** A keychain of the test's own, holding one key. */
const seal = keychainSeal({ keychainKey: () => Promise.resolve(Buffer.alloc(32, 7).toString('base64')) });
const API = 'https://api.example.test/v1\nclient-1';

/** `lists` as the next session takes them in: written sealed to a data folder, read back by another process's KeptLists. */
async function nextMorning(...lists: HeldList[]): Promise<HeldList[]> {
  const path = join(await folder(), 'held-lists');
  const today = new KeptLists(path, seal);
  await today.load(source, API);
  await today.flush(lists);
  const back = await new KeptLists(path, seal).load(source, API);
  return lists.map((list) => back.find((each) => each.key === list.key)!);
}

const customerRecords = customers.map((row) => toRecord.customers(row, 'en'));
const agreementRecords = agreements.map((row) => toRecord.agreements(row, 'en'));
const LYON: FilterCondition[] = [
  { field: 'customer.city', op: 'eq', value: 'Lyon' },
  { field: 'customer.type', op: 'eq', value: 'company' },
];
/** The agreements whose customer is a company in Lyon, found record by record. */
const cityOf = new Map(customerRecords.map((record) => [record.id, record]));
const expected = agreementRecords.flatMap((record, index) => {
  const customer = cityOf.get(record.customerId);
  return customer?.city === 'Lyon' && customer.type === 'company' ? [index] : [];
});

async function lyonAgreements(customerList: HeldList, agreementList: HeldList) {
  const join = new CustomerJoin(customerList, 'en');
  return Array.from((await heldViewRows(agreementList, 'en', LYON, undefined, undefined, join)).matches);
}

describe("the customer's columns of agreements, joined from the customers held", () => {
  it('filter the same rows the next morning, from the lists kept overnight', async () => {
    expect(expected.length).toBeGreaterThan(10);
    const customerList = held('customers', customerRecords);
    const agreementList = held('agreements', agreementRecords);
    expect(await lyonAgreements(customerList, agreementList)).toEqual(expected);
    const [customersBack, agreementsBack] = await nextMorning(customerList, agreementList);
    expect(customersBack!.fields.get('fr')).toEqual(customerList.fields.get('fr'));
    expect(await lyonAgreements(customersBack!, agreementsBack!)).toEqual(expected);
  });

  it('filter on every column even when the customers came without a schema listing', async () => {
    const customerList = held('customers', customerRecords, false);
    expect(await lyonAgreements(customerList, held('agreements', agreementRecords))).toEqual(expected);
  });
});

describe("search words over agreements, in the customer's columns too", () => {
  const customerList = held('customers', customerRecords);
  const agreementList = held('agreements', agreementRecords);
  const joined = agreementRecords.map((record) =>
    withCustomerColumns(record, cityOf.get(record.customerId as string)),
  );
  const fieldOf = fieldNamerOf([agreementList], customerColumnNamesOf(customerList));
  const labelOf = labelsOf([
    ...demoFields('agreements', 'en'),
    ...new CustomerJoin(customerList, 'en').fields,
  ]);

  it.each([
    'lyon',
    'city:lyon',
    '"City (customer)":lyon',
    'ville:lyon',
    '"Ville (client)":lyon',
    'lyon -company',
    '-lyon',
    'lyon OR marseille',
    'type:company active',
  ])('finds what each joined record says for «%s»', async (text) => {
    const join = new CustomerJoin(customerList, 'en');
    const filter = [{ field: ANY_FIELD, op: 'contains' as const, value: text }];
    const { matches } = await heldViewRows(agreementList, 'en', filter, undefined, undefined, join);
    const query = parseSearch(text, fieldOf);
    expect(query.notes).toEqual([]);
    const expected = joined.flatMap((record, index) =>
      recordMatches(query, record, labelOf) ? [index] : [],
    );
    expect(Array.from(matches)).toEqual(expected);
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThan(joined.length);
  });
});

describe('a search in either language', () => {
  it('finds the same agreements in English and in French, a status by its label in either', async () => {
    const list = held('agreements', agreementRecords);
    const french = agreements.map((row) => toRecord.agreements(row, 'fr'));
    const words = new Map<string, string>();
    agreementRecords.forEach((record, index) =>
      words.set(record.statusLabel as string, french[index]!.statusLabel as string),
    );
    list.translations.set('fr', {
      words: new Map([['statusLabel', words]]),
      complete: true,
      learning: false,
      version: 1,
    });
    const found = async (lang: Language, text: string) =>
      (await heldViewRows(list, lang, [{ field: ANY_FIELD, op: 'contains', value: text }], undefined))
        .matches;
    const pending = await found('en', '"pending signature"');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((index) => agreementRecords[index]!.status === 'pending')).toBe(true);
    for (const [lang, text] of [
      ['fr', '"pending signature"'],
      ['fr', '"en attente de signature"'],
      ['en', '"en attente de signature"'],
    ] as const)
      expect(await found(lang, text), `${text} in ${lang}`).toEqual(pending);
  });
});
