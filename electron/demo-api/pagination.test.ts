import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, recordsOf, startTestApi, type TestApi } from './testing/test-api.js';

// Spec "List endpoints with pagination", rules 1-7, over real HTTP.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: 11 });
});
afterAll(() => api.close());

const ROUTES = ['/v1/customers', '/v1/contacts', '/v1/agreements'] as const;

describe('rule 1: first page without cursor, then nextCursor until hasNextPage is false', () => {
  it.each(ROUTES)('%s: visits every row exactly once, and the last page says so', async (route) => {
    const pages = await api.traverse(route, { size: '97' });
    const ids = idsOf(pages);
    const resource = route.split('/')[2] as 'customers' | 'contacts' | 'agreements';
    expect(ids).toHaveLength(api.store.count(resource));
    expect(new Set(ids).size).toBe(ids.length);
    for (const page of pages.slice(0, -1)) {
      expect(page.body.metadata.pagination).toMatchObject({ size: 97, hasNextPage: true });
      expect(page.body.data).toHaveLength(97);
    }
    expect(pages.at(-1)?.body.metadata.pagination).toEqual({
      size: 97,
      hasNextPage: false,
      nextCursor: null,
    });
  });

  it('answers the envelope: status success, data array, metadata.pagination', async () => {
    const page = await api.get('/v1/customers');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body).toEqual({
      status: 'success',
      data: expect.any(Array),
      metadata: { pagination: { size: 100, hasNextPage: true, nextCursor: expect.any(String) } },
    });
    expect(page.body.data).toHaveLength(100);
  });
});

describe('rule 2: cursors are opaque and can become invalid', () => {
  it('is base64url and reveals nothing of the row it points after', async () => {
    const page = await api.get('/v1/customers?size=1');
    const cursor = page.body.metadata.pagination.nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(decoded).not.toContain(page.body.data[0].id.slice(4));
    expect(decoded).not.toContain('customers');
  });

  it('refuses a tampered cursor with 400 and a message', async () => {
    const cursor = (await api.get('/v1/customers?size=1')).body.metadata.pagination.nextCursor as string;
    const bytes = Buffer.from(cursor, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    for (const tampered of [
      bytes.toString('base64url'),
      cursor.slice(0, -2),
      `${cursor}AA`,
      'not a cursor!',
      '',
    ]) {
      const answer = await api.get(`/v1/customers?cursor=${encodeURIComponent(tampered)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: 'error', message: expect.stringMatching(/invalid cursor/) });
    }
  });

  it('refuses a cursor issued by another server', async () => {
    const other = await startTestApi({ seed: 11 });
    try {
      const foreign = (await other.get('/v1/customers?size=1')).body.metadata.pagination.nextCursor as string;
      const answer = await api.get(`/v1/customers?size=1&cursor=${foreign}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/another server/);
    } finally {
      await other.close();
    }
  });

  it('refuses a cursor of another list (resource or customer)', async () => {
    const cursor = (await api.get('/v1/customers?size=1')).body.metadata.pagination.nextCursor as string;
    expect((await api.get(`/v1/contacts?cursor=${cursor}`)).status).toBe(400);
    const [first, second] = (await api.get('/v1/customers?size=500')).body.data as { id: string }[];
    const scoped = await api.traverse(`/v1/customers/${first?.id}/contacts`, { size: '1' });
    const scopedCursor = scoped[0]?.body.metadata.pagination.nextCursor as string | null;
    if (scopedCursor) {
      const answer = await api.get(`/v1/customers/${second?.id}/contacts?cursor=${scopedCursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/another list/);
    }
  });
});

describe('rule 3: one sort for all pages of a traversal', () => {
  it('refuses a cursor with another sort than the one it was issued for', async () => {
    const cursor = (await api.get('/v1/agreements?size=5&sort=mrr.desc')).body.metadata.pagination.nextCursor;
    for (const sort of ['mrr.asc', 'arr.desc', '']) {
      const query = sort ? `&sort=${sort}` : '';
      const answer = await api.get(`/v1/agreements?size=5&cursor=${cursor}${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/same sort/);
    }
    expect((await api.get(`/v1/agreements?size=5&sort=mrr.desc&cursor=${cursor}`)).status).toBe(200);
  });
});

describe('query parameters', () => {
  it('uses 100 rows by default, accepts 1 and 500, refuses anything else with 400 naming size', async () => {
    expect((await api.get('/v1/agreements')).body.data).toHaveLength(100);
    expect((await api.get('/v1/agreements?size=1')).body.data).toHaveLength(1);
    expect((await api.get('/v1/agreements?size=500')).body.data).toHaveLength(500);
    for (const size of ['0', '501', '-1', '1.5', 'ten', '', '1e2']) {
      const answer = await api.get(`/v1/agreements?size=${size}`);
      expect(answer.status, `size=${size}`).toBe(400);
      expect(answer.body.message).toMatch(/"size"/);
    }
  });

  it('refuses a parameter given twice', async () => {
    expect((await api.get('/v1/agreements?size=5&size=6')).status).toBe(400);
  });

  it('refuses sorts outside the spec: unknown field, field of another resource, bad direction', async () => {
    for (const [route, sort] of [
      ['customers', 'name.asc'],
      ['customers', 'mrr.desc'],
      ['contacts', 'status.asc'],
      ['agreements', 'createdAt.asc'],
      ['agreements', 'mrr'],
      ['agreements', 'mrr.up'],
      ['agreements', 'mrr.desc.asc'],
    ] as const) {
      const answer = await api.get(`/v1/${route}?sort=${sort}`);
      expect(answer.status, `${route} sort=${sort}`).toBe(400);
      expect(answer.body.message).toMatch(/sort/);
    }
  });

  it('ignores filter parameters it does not know (the spec shows none)', async () => {
    expect((await api.get('/v1/customers?size=3&city=Paris')).body.data).toHaveLength(3);
  });
});

describe('offset mode', () => {
  it('pages by `page` with the total, in the same order as cursor mode', async () => {
    const cursorIds = idsOf(await api.traverse('/v1/agreements', { size: '250', sort: 'notice.asc' }));
    const offsetIds: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await api.get(`/v1/agreements?size=250&sort=notice.asc&page=${page}`);
      expect(answer.body.metadata.pagination).toMatchObject({ size: 250, page, total: 1_200 });
      expect(answer.body.metadata.pagination).not.toHaveProperty('nextCursor');
      offsetIds.push(...(answer.body.data as { id: string }[]).map((record) => record.id));
      if (!answer.body.metadata.pagination.hasNextPage) break;
    }
    expect(offsetIds).toEqual(cursorIds);
  });

  it('gives the total of a view with page=1&size=1, and an empty page past the end', async () => {
    const count = await api.get('/v1/contacts?page=1&size=1');
    expect(count.body.metadata.pagination).toEqual({ size: 1, page: 1, total: 700, hasNextPage: true });
    const past = await api.get('/v1/contacts?page=99&size=100');
    expect(past.body.data).toEqual([]);
    expect(past.body.metadata.pagination.hasNextPage).toBe(false);
  });

  it('refuses page 0 or a page that is not a number', async () => {
    for (const page of ['0', 'x', '-2']) {
      const answer = await api.get(`/v1/contacts?page=${page}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/"page"/);
    }
  });

  it('ignores page when a cursor is present (cursor wins)', async () => {
    const first = await api.get('/v1/contacts?size=10');
    const cursor = first.body.metadata.pagination.nextCursor as string;
    const withPage = await api.get(`/v1/contacts?size=10&cursor=${cursor}&page=7`);
    const without = await api.get(`/v1/contacts?size=10&cursor=${cursor}`);
    expect(withPage.body.data).toEqual(without.body.data);
    expect(withPage.body.metadata.pagination).toEqual({
      size: 10,
      hasNextPage: true,
      nextCursor: expect.any(String),
    });
    expect((await api.get(`/v1/contacts?cursor=${cursor}&page=zero`)).status).toBe(200);
  });
});

describe('per-customer routes', () => {
  it("lists exactly one customer's contacts and agreements", async () => {
    const contacts = recordsOf(await api.traverse('/v1/contacts', { size: '500' }));
    const agreements = recordsOf(await api.traverse('/v1/agreements', { size: '500' }));
    const customers = recordsOf(await api.traverse('/v1/customers', { size: '500' })).slice(0, 25);
    for (const customer of customers) {
      const scopedContacts = recordsOf(
        await api.traverse(`/v1/customers/${customer.id as string}/contacts`, { size: '2' }),
      );
      const scopedAgreements = recordsOf(
        await api.traverse(`/v1/customers/${customer.id as string}/agreements`, { sort: 'startDate.desc' }),
      );
      expect(new Set(scopedContacts.map((c) => c.id))).toEqual(
        new Set(contacts.filter((c) => c.customerId === customer.id).map((c) => c.id)),
      );
      expect(new Set(scopedAgreements.map((a) => a.id))).toEqual(
        new Set(agreements.filter((a) => a.customerId === customer.id).map((a) => a.id)),
      );
      expect(scopedContacts).toHaveLength(new Set(scopedContacts.map((c) => c.id)).size);
    }
  });

  it('answers 404 for a customer that does not exist, and for unknown routes', async () => {
    for (const path of [
      '/v1/customers/CUS-99999999/contacts',
      '/v1/customers/nobody/agreements',
      '/v1/customers/%E0%A4%A/contacts',
      '/v1/customers/CUS-00000001/customers',
      '/v1/invoices',
      '/v2/customers',
    ]) {
      const answer = await api.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.status).toBe('error');
    }
  });
});

describe('rule 7: exporting everything means looping until hasNextPage is false', () => {
  it('yields as many rows as the offset total, for a per-customer scope too', async () => {
    const customer = (await api.get('/v1/customers?size=1')).body.data[0].id as string;
    for (const path of ['/v1/agreements', `/v1/customers/${customer}/agreements`]) {
      const total = (await api.get(`${path}?page=1&size=1`)).body.metadata.pagination.total as number;
      expect(idsOf(await api.traverse(path, { size: '500', sort: 'arr.desc' }))).toHaveLength(total);
    }
  });
});
