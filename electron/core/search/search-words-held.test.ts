import { describe, expect, it } from 'vitest';
import { generateDataset, RowFactory } from '../../demo-api/generate.js';
import { toRecord } from '../../demo-api/rows.js';
import type { ApiRecord } from '../../shared/schema.js';
import { parseSearch, recordMatches } from '../../shared/search-words.js';
import { heldFrenchList } from '../testing/held-demo.js';

const { customers, agreements } = generateDataset(new RowFactory(7, '2026-01-01'), {
  customers: 3_000,
  contacts: 0,
  agreements: 3_000,
});
/** Each list held once for the file: a search changes nothing in it, and holding it is most of the cost. */
const held = new WeakMap<ApiRecord[], ReturnType<typeof heldFrenchList>>();
const heldOnce = (resource: 'customers' | 'agreements', records: ApiRecord[]) => {
  const list = held.get(records) ?? heldFrenchList(resource, records);
  held.set(records, list);
  return list;
};

/** The held list's answer to `text`, beside the rule itself applied record by record (search-words.ts), as a scan or an export applies it. */
async function heldFinds(resource: 'customers' | 'agreements', records: ApiRecord[], text: string) {
  const { search, fieldOf, labelOf } = heldOnce(resource, records);
  const found = await search(text);
  const query = parseSearch(text, fieldOf);
  const expected = records.flatMap((record, index) => (recordMatches(query, record, labelOf) ? [index] : []));
  return { found, expected };
}

/** The held list finds what the rule finds record by record for `text`: some records, not all. */
async function expectSomeFound(resource: 'customers' | 'agreements', records: ApiRecord[], text: string) {
  const { found, expected } = await heldFinds(resource, records, text);
  expect(found).toEqual(expected);
  expect(found.length).toBeGreaterThan(0);
  expect(found.length).toBeLessThan(records.length);
}

describe('search words over held rows', () => {
  const customerRecords = customers.map((row) => toRecord.customers(row, 'fr'));
  const agreementRecords = agreements.map((row) => toRecord.agreements(row, 'fr'));

  it.each([
    'ville:paris',
    'city:paris -sarl',
    '-paris',
    '"saint"',
    'nom:"sa"',
    'paris OR lyon',
    'ville:paris OR ville:lyon -nom:sas',
    'pays:"FR" -email:example.fr',
    'inconnu:paris',
  ])('finds in the customers what each record says for «%s»', async (text) => {
    const { found, expected } = await heldFinds('customers', customerRecords, text);
    expect(found).toEqual(expected);
    // Each search finds some rows and leaves some out: none of them is empty by chance.
    if (!text.startsWith('inconnu')) expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(customerRecords.length);
  });

  it.each(['statut:résilié', 'status:actif -mrr:0', 'résilié OR expiré', '-statut:actif'])(
    'finds in the agreements, a coded field by its French label, for «%s»',
    (text) => expectSomeFound('agreements', agreementRecords, text),
  );

  // Ids are looked for as numbers (serial-numbers.ts), dates by their days: the same rows as their text.
  it.each(['0012', '2026', '00002', '2025 -0001', '12 OR 2024', '20260101', '0000300'])(
    'finds in the agreements by digits what each record says for «%s»',
    async (text) => {
      const { found, expected } = await heldFinds('agreements', agreementRecords, text);
      expect(found).toEqual(expected);
      expect(found.length).toBeLessThan(agreementRecords.length);
    },
  );
});

describe('search words over held rows past what dictionaries take', () => {
  // 10,000 rows: the dictionaries of ids and date-times close, and those fields are kept as the
  // numbers of ids and the days of instants (block-columns.ts), as at a desk's size.
  const { agreements: many } = generateDataset(new RowFactory(11, '2026-01-01'), {
    customers: 2_000,
    contacts: 0,
    agreements: 10_000,
  });
  const records = many.map((row) => toRecord.agreements(row, 'fr'));

  // A first clause found in many rows leaves the others to be read in those rows only, field by
  // field (a name's code, an id's number, a date's day, an amount's digits): the same rows.
  it.each([
    'pro 2020',
    'entreprise 2025 03',
    'actif 2024 -premium',
    'eur 12 -actif',
    'premium 499 OR 2023',
    'actif 1207',
  ])('finds in the agreements, after a first clause found in many, what each record says for «%s»', (text) =>
    expectSomeFound('agreements', records, text),
  );
});
