import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, SORTABLE_FIELDS } from '../shared/api-rules.js';
import { negotiateLanguage } from './language.js';
import { recordsOf, startTestApi, type TestApi } from './testing/test-api.js';

// Spec "Calling the API": Accept-Language fr|en, default en, on the schema listing's labels and
// on any text a route translates.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: 3 });
});
afterAll(() => api.close());

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['FR', 'fr'],
    ['de-DE, fr;q=0.5, en;q=0.4', 'fr'],
    ['en;q=0.2, fr;q=0.9', 'fr'],
    ['fr;q=0, en', 'en'],
    ['de', 'en'],
    ['*', 'en'],
    ['fr;q=abc', 'en'],
    [';;,,', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('GET /v1/schemas', () => {
  it('lists every resource with labelled fields, sortable exactly where the spec says', async () => {
    const answer = await api.get('/v1/schemas');
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('success');
    const schemas = answer.body.data as {
      resource: string;
      label: string;
      fields: Record<string, unknown>[];
    }[];
    expect(schemas.map((schema) => schema.resource)).toEqual([...RESOURCES]);
    for (const schema of schemas) {
      const sortable = schema.fields.filter((field) => field.sortable).map((field) => field.key);
      expect(sortable.sort()).toEqual(
        [...SORTABLE_FIELDS[schema.resource as keyof typeof SORTABLE_FIELDS]].sort(),
      );
      for (const field of schema.fields) {
        expect(field).toMatchObject({
          key: expect.any(String),
          label: expect.any(String),
          type: expect.any(String),
        });
      }
    }
  });

  it('labels fields in English by default and in French on request', async () => {
    const labelOf = (
      body: { data: { resource: string; fields: { key: string; label: string }[] }[] },
      key: string,
    ) =>
      body.data.find((schema) => schema.resource === 'agreements')?.fields.find((field) => field.key === key)
        ?.label;
    const english = await api.get('/v1/schemas');
    const french = await api.get('/v1/schemas', { language: 'fr' });
    expect(english.headers.get('content-language')).toBe('en');
    expect(french.headers.get('content-language')).toBe('fr');
    expect(labelOf(english.body, 'startDate')).toBe('Start date');
    expect(labelOf(french.body, 'startDate')).toBe('Date de début');
    expect(labelOf(french.body, 'status')).toBe('Statut');
    const frenchStatus = french.body.data[2].fields.find((field: { key: string }) => field.key === 'status');
    expect(frenchStatus.values).toContainEqual({ value: 'terminated', label: 'Résilié' });
  });

  it('has every field of the records, and only those', async () => {
    const schemas = (await api.get('/v1/schemas')).body.data as {
      resource: string;
      fields: { key: string }[];
    }[];
    for (const schema of schemas) {
      const record = (await api.get(`/v1/${schema.resource}?size=1`)).body.data[0] as Record<string, unknown>;
      expect(schema.fields.map((field) => field.key).sort()).toEqual(Object.keys(record).sort());
    }
  });
});

describe('translated text in records', () => {
  it('gives agreement status labels and contact roles in the asked language; codes stay the same', async () => {
    const english = recordsOf(await api.traverse('/v1/agreements', { size: '500' }));
    const french = recordsOf(await api.traverse('/v1/agreements', { size: '500' }, { language: 'fr' }));
    expect(french.map((record) => record.status)).toEqual(english.map((record) => record.status));
    const active = (records: Record<string, unknown>[]) =>
      records.find((record) => record.status === 'active');
    expect(active(english)?.statusLabel).toBe('Active');
    expect(active(french)?.statusLabel).toBe('Actif');
    const contact = await api.get('/v1/contacts?size=50', { language: 'fr' });
    const roles = new Set((contact.body.data as { role: string }[]).map((record) => record.role));
    expect(
      [...roles].some((role) => ['Responsable achats', 'Juriste', 'Finances', 'Commercial'].includes(role)),
    ).toBe(true);
  });
});
