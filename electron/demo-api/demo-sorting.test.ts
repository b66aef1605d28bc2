import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORTABLE_FIELDS, type Resource } from '../shared/api-rules.js';
import { idsOf, recordsOf, startTestApi, type TestApi } from './testing/test-api.js';

// Spec rules 4 (NULLS LAST) and 5 (tie-breakers name, creation date, id), checked against an
// ordering written here from the spec, on the records as the API sends them.
type ApiRecord = Record<string, unknown>;

let api: TestApi;
const everything = new Map<Resource, ApiRecord[]>();

beforeAll(async () => {
  api = await startTestApi({ seed: 5, size: { customers: 400, contacts: 900, agreements: 1_500 } });
  for (const resource of ['customers', 'contacts', 'agreements'] as const) {
    everything.set(resource, recordsOf(await api.traverse(`/v1/${resource}`, { size: '500' })));
  }
});
afterAll(() => api.close());

const nameOf = (record: ApiRecord): string =>
  typeof record.name === 'string'
    ? record.name
    : `${record.lastName as string} ${record.firstName as string}`;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The spec's order: the sort value (nulls last in both directions), then name, createdAt, id ascending. */
function specOrder(field: string, direction: 'asc' | 'desc') {
  return (a: ApiRecord, b: ApiRecord): number => {
    const x = a[field] as string | number | null;
    const y = b[field] as string | number | null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const byValue = typeof x === 'number' ? x - (y as number) : compareText(x, y as string);
      if (byValue !== 0) return direction === 'asc' ? byValue : -byValue;
    }
    return (
      compareText(nameOf(a), nameOf(b)) ||
      compareText(a.createdAt as string, b.createdAt as string) ||
      compareText(a.id as string, b.id as string)
    );
  };
}

const SORTS = (Object.entries(SORTABLE_FIELDS) as [Resource, readonly string[]][]).flatMap(
  ([resource, fields]) =>
    fields.flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => ({ resource, field, direction })),
    ),
);

describe('every sortable field in both directions', () => {
  it.each(SORTS)('$resource sorted by $field.$direction', async ({ resource, field, direction }) => {
    const pages = await api.traverse(`/v1/${resource}`, { size: '137', sort: `${field}.${direction}` });
    const expected = [...(everything.get(resource) ?? [])].sort(specOrder(field, direction));
    expect(idsOf(pages)).toEqual(expected.map((record) => record.id));
  });
});

describe('the data exercises the rules', () => {
  it.each(SORTS.filter((sort) => sort.direction === 'asc'))(
    '$resource.$field has shared values, tied rows with one name, and nulls where the field allows',
    ({ resource, field }) => {
      const records = everything.get(resource) ?? [];
      const values = records.map((record) => record[field]);
      expect(new Set(values).size, 'shared sort values').toBeLessThan(values.length);
      const nullable = !['createdAt', 'startDate'].includes(field);
      if (nullable) expect(values.filter((value) => value === null).length, 'nulls').toBeGreaterThan(0);
    },
  );

  it('has rows that tie on the sort value and on the name, so createdAt and id decide', () => {
    const agreements = everything.get('agreements') ?? [];
    const seen = new Map<string, number>();
    for (const record of agreements) {
      const key = `${String(record.status)}|${nameOf(record)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(Math.max(...seen.values())).toBeGreaterThan(1);
  });
});

describe('rule 4: nulls last whatever the direction', () => {
  it.each(['endDate', 'mrr', 'engagement', 'status'])('agreements by %s', async (field) => {
    for (const direction of ['asc', 'desc']) {
      const records = recordsOf(
        await api.traverse('/v1/agreements', { size: '500', sort: `${field}.${direction}` }),
      );
      const firstNull = records.findIndex((record) => record[field] === null);
      expect(firstNull).toBeGreaterThan(0);
      expect(records.slice(firstNull).every((record) => record[field] === null)).toBe(true);
    }
  });
});

describe('rule 5: ordering is deterministic', () => {
  it('gives the same sequence on every traversal', async () => {
    const first = idsOf(await api.traverse('/v1/agreements', { size: '89', sort: 'status.asc' }));
    const second = idsOf(await api.traverse('/v1/agreements', { size: '211', sort: 'status.asc' }));
    expect(second).toEqual(first);
  });

  it('sorts by name, creation date and id when no sort is given', () => {
    const customers = everything.get('customers') ?? [];
    const byTieBreakers = [...customers].sort((a, b) => specOrder('none', 'asc')(a, b));
    expect(customers.map((record) => record.id)).toEqual(byTieBreakers.map((record) => record.id));
  });
});
