import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from './random.js';
import { idsOf, startTestApi, type TestApi } from './testing/test-api.js';

// Spec rule 6: cursor mode is stateless and stays consistent when records are added or removed
// between calls. "Consistent" is checked as: every row present for the whole traversal is seen
// exactly once, and no row is seen twice.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: 23 });
});
afterAll(() => api.close());

const CASES = [
  { resource: 'customers', sort: undefined },
  { resource: 'customers', sort: 'updatedAt.desc' },
  { resource: 'contacts', sort: 'createdAt.asc' },
  { resource: 'agreements', sort: 'mrr.desc' },
  { resource: 'agreements', sort: 'endDate.asc' },
  { resource: 'agreements', sort: 'status.desc' },
] as const;

describe('inserts and deletes between pages', () => {
  it.each(CASES)('$resource sorted by $sort', async ({ resource, sort }) => {
    const random = createRandom(resource.length * 31 + (sort?.length ?? 0));
    const params = { size: '25', ...(sort && { sort }) };
    const before = new Set(idsOf(await api.traverse(`/v1/${resource}`, params)));
    const removed = new Set<string>();
    const inserted = new Set<string>();

    const pages = await api.traverse(`/v1/${resource}`, params, {
      between: () => {
        // Between every two pages: two rows come, one goes (anywhere in the order).
        inserted.add(api.store.insert(resource));
        inserted.add(api.store.insert(resource));
        const victims = [...before].filter((id) => !removed.has(id));
        const victim = victims[random.int(0, victims.length - 1)] as string;
        expect(api.store.remove(resource, victim)).toBe(true);
        removed.add(victim);
      },
    });

    const seen = idsOf(pages);
    expect(new Set(seen).size, 'no row twice').toBe(seen.length);
    const stayedThroughout = [...before].filter((id) => !removed.has(id));
    const seenSet = new Set(seen);
    expect(
      stayedThroughout.filter((id) => !seenSet.has(id)),
      'rows present throughout but missed',
    ).toEqual([]);
    expect(seen.every((id) => before.has(id) || inserted.has(id) || removed.has(id))).toBe(true);
    expect(removed.size).toBeGreaterThan(10);
  });

  it('keeps paging after the very row a cursor points after is deleted', async () => {
    const first = await api.get('/v1/agreements?size=10&sort=arr.asc');
    const lastId = first.body.data.at(-1).id as string;
    const expectedNext = (await api.get('/v1/agreements?size=11&sort=arr.asc')).body.data.at(-1).id as string;
    expect(api.store.remove('agreements', lastId)).toBe(true);
    const next = await api.get(
      `/v1/agreements?size=10&sort=arr.asc&cursor=${first.body.metadata.pagination.nextCursor}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.data[0].id).toBe(expectedNext);
  });

  it('removes a customer with its contacts and agreements', async () => {
    const customer = (await api.get('/v1/customers?size=1&sort=createdAt.asc')).body.data[0].id as string;
    const agreementId = api.store.insert('agreements', customer);
    expect(
      (await api.get(`/v1/customers/${customer}/agreements`)).body.data.map((a: { id: string }) => a.id),
    ).toContain(agreementId);
    expect(api.store.remove('customers', customer)).toBe(true);
    expect((await api.get(`/v1/customers/${customer}/agreements`)).status).toBe(404);
    expect(idsOf(await api.traverse('/v1/agreements', { size: '500' }))).not.toContain(agreementId);
  });
});
