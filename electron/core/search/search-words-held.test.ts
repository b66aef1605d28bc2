import { describe, expect, it } from 'vitest';
import { generateDataset, RowFactory } from '../../demo-api/generate.js';
import { toRecord } from '../../demo-api/rows.js';
import { schemasIn } from '../../demo-api/schemas.js';
import { ANY_FIELD } from '../../shared/filter.js';
import { resourceSchemaSchema, type ApiRecord } from '../../shared/schema.js';
import { labelsOf } from '../../shared/search.js';
import { fieldNamer, parseSearch, recordMatches } from '../../shared/search-words.js';
import { HeldRows } from './held-rows.js';
import { compileSearch, matchesOf } from './list-query.js';

const { customers, agreements } = generateDataset(new RowFactory(7, '2026-01-01'), {
  customers: 3_000,
  contacts: 0,
  agreements: 3_000,
});
const fieldsOf = (resource: string, language: 'en' | 'fr') =>
  schemasIn(language)
    .map((schema) => resourceSchemaSchema.parse(schema))
    .find((schema) => schema.resource === resource)?.fields ?? [];

/** The list held as core holds it, and searched as a French table's search box asks. */
async function heldFinds(resource: 'customers' | 'agreements', records: ApiRecord[], text: string) {
  const french = fieldsOf(resource, 'fr');
  const names = [...fieldsOf(resource, 'en'), ...french].map((field) => ({
    key: field.key,
    labels: [field.label],
  }));
  const labelOf = labelsOf(french);
  const rows = new HeldRows((field) => french.some((each) => each.key === field && each.values?.length));
  for (let at = 0; at < records.length; at += 500) rows.append(records.slice(at, at + 500));
  const search = compileSearch(
    [{ field: ANY_FIELD, op: 'contains', value: text }],
    () => 'text',
    labelOf,
    fieldNamer(names),
  );
  const found = await matchesOf(rows, search, undefined, undefined, { key: 'fr', labelOf });
  // The rule itself, record by record (search-words.ts), as a scan or an export applies it.
  const query = parseSearch(text, fieldNamer(names));
  const expected = records.flatMap((record, index) => (recordMatches(query, record, labelOf) ? [index] : []));
  return { found, expected };
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
    async (text) => {
      const { found, expected } = await heldFinds('agreements', agreementRecords, text);
      expect(found).toEqual(expected);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(agreementRecords.length);
    },
  );
});
