import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorOf, startEngine, type Engine } from '../testing/test-kit.js';

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('API client against the Demo API', () => {
  it('lists a page: rows, nextCursor, hasNextPage, in the asked language', async () => {
    engine = await startEngine();
    const page = await engine.client.listPage({
      resource: 'agreements',
      sort: 'mrr.desc',
      size: 25,
      lang: 'fr',
    });
    expect(page.rows).toHaveLength(25);
    expect(page.hasNextPage).toBe(true);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.rows.map((row) => row.statusLabel)).toContain('Actif');
    const next = await engine.client.listPage({
      resource: 'agreements',
      sort: 'mrr.desc',
      size: 25,
      lang: 'en',
      cursor: page.nextCursor ?? undefined,
    });
    expect((next.rows[0]?.mrr as number) <= (page.rows.at(-1)?.mrr as number)).toBe(true);
    expect(next.rows.map((row) => row.statusLabel)).toContain('Active');
  });

  it("lists one customer's contacts and agreements", async () => {
    engine = await startEngine();
    const customers = await engine.client.listPage({ resource: 'customers', size: 50, lang: 'en' });
    for (const customer of customers.rows.slice(0, 10)) {
      const page = await engine.client.listPage({
        resource: 'agreements',
        customerId: customer.id as string,
        size: 500,
        lang: 'en',
      });
      expect(page.rows.every((row) => row.customerId === customer.id)).toBe(true);
    }
  });

  it('counts a view through offset mode', async () => {
    engine = await startEngine();
    expect(await engine.client.count({ resource: 'contacts' })).toBe(700);
    expect(await engine.client.count({ resource: 'agreements', sort: 'arr.asc' })).toBe(1_200);
  });

  it('reads the schema listing in both languages, and falls back when there is none', async () => {
    engine = await startEngine();
    const english = await engine.client.schemas('en');
    const french = await engine.client.schemas('fr');
    const label = (listing: typeof english, key: string) =>
      listing.schemas
        ?.find((schema) => schema.resource === 'agreements')
        ?.fields.find((field) => field.key === key)?.label;
    expect(label(english, 'endDate')).toBe('End date');
    expect(label(french, 'endDate')).toBe('Date de fin');
    await engine.close();
    engine = await startEngine({ schemaPath: '/v1/no-schemas-here' });
    expect(await engine.client.schemas('en')).toEqual({
      schemas: null,
      reason: 'the API has no schema listing at /v1/no-schemas-here (HTTP 404)',
    });
  });

  it('quotes the server for an error answer', async () => {
    engine = await startEngine();
    const error = await apiErrorOf(
      engine.client.listPage({ resource: 'contacts', customerId: 'CUS-99999999', size: 5, lang: 'en' }),
    );
    expect(error).toMatchObject({
      code: 'http',
      status: 404,
      serverMessage: 'customer CUS-99999999 not found',
      retryable: false,
    });
    expect(error.message).toBe('the API answered HTTP 404: customer CUS-99999999 not found');
  });

  it('refuses a sort the API does not offer, before asking', async () => {
    engine = await startEngine();
    await expect(
      engine.client.listPage({ resource: 'customers', sort: 'mrr.desc', size: 5, lang: 'en' }),
    ).rejects.toThrow(RangeError);
    await expect(engine.client.listPage({ resource: 'customers', size: 501, lang: 'en' })).rejects.toThrow(
      RangeError,
    );
    expect(engine.demo.counters.apiRequests).toBe(0);
  });
});

describe('faults', () => {
  it('renews the token once on a 401, and carries on', async () => {
    engine = await startEngine();
    await engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' });
    engine.demo.faults.revokeTokens();
    const page = await engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' });
    expect(page.rows).toHaveLength(5);
    expect(engine.demo.counters.tokenRequests).toBe(2);
  });

  it('a 401 to a token two minutes old, never answered, renews it once; the fresh one refused too is kept and the call is "not permitted"', async () => {
    const clock = { now: Date.now() };
    engine = await startEngine({ tokens: { now: () => clock.now } });
    await engine.tokens.getToken();
    clock.now += 2 * 60_000;
    engine.demo.faults.failNext(5, { status: 401 });
    const error = await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }));
    expect(error).toMatchObject({ code: 'not-permitted', status: 401, retryable: false });
    expect(error.message).toMatch(/^not permitted/);
    expect(engine.demo.counters.apiRequests).toBe(2);
    expect(engine.demo.counters.tokenRequests).toBe(2);
    expect(engine.tokens.state().status).toBe('valid');
  });

  it('a 401 to a token received within the minute means "not permitted" at once: no renewal, no grant', async () => {
    engine = await startEngine();
    engine.demo.faults.failNext(5, { status: 401 });
    const error = await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }));
    expect(error).toMatchObject({ code: 'not-permitted', status: 401 });
    expect(engine.demo.counters.apiRequests).toBe(1);
    expect(engine.demo.counters.tokenRequests).toBe(1);
  });

  it('reports a body that is not JSON', async () => {
    engine = await startEngine();
    engine.demo.faults.failNext(1, { status: 200, body: '<html>maintenance</html>' });
    const error = await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }));
    expect(error).toMatchObject({ code: 'invalid-response', retryable: false });
    expect(error.message).toMatch(/not JSON/);
  });

  it('reports an envelope whose status is not success, quoting it', async () => {
    engine = await startEngine();
    engine.demo.faults.failNext(1, {
      status: 200,
      body: JSON.stringify({ status: 'fail', message: 'quota exceeded' }),
    });
    const error = await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }));
    expect(error.code).toBe('invalid-response');
    expect(error.message).toBe(
      'the API answered something the app cannot read: status is "fail", not "success" (quota exceeded)',
    );
  });

  it.each([
    ['data is not a list', { status: 'success', data: {}, metadata: { pagination: { hasNextPage: false } } }],
    ['no pagination', { status: 'success', data: [], metadata: {} }],
    [
      'a next page without a cursor',
      { status: 'success', data: [], metadata: { pagination: { hasNextPage: true } } },
    ],
  ])('reports an envelope with %s', async (_kind, body) => {
    engine = await startEngine();
    engine.demo.faults.failNext(1, { status: 200, body: JSON.stringify(body) });
    expect(
      (await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }))).code,
    ).toBe('invalid-response');
  });

  it('asks again after a slow answer (same request), and gives up after a few with a timeout error', async () => {
    engine = await startEngine({ timeoutMs: 100, limiter: { baseBackoffMs: 20 } });
    await engine.tokens.getToken();
    engine.demo.faults.delayNext(1, 3_000);
    expect((await engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' })).rows).toHaveLength(
      5,
    );
    engine.demo.faults.delayNext(4, 3_000);
    const started = performance.now();
    const error = await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }));
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
    expect(error.message).toBe('the API did not answer within 0.1 s');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('reports an API that is down as a network error', async () => {
    engine = await startEngine({ limiter: { baseBackoffMs: 20 } });
    await engine.tokens.getToken();
    await engine.demo.close();
    const error = await apiErrorOf(engine.client.listPage({ resource: 'customers', size: 5, lang: 'en' }));
    expect(error).toMatchObject({ code: 'network', retryable: true });
    engine.demo.close = () => Promise.resolve();
  });

  it('calls a refused cursor an invalid cursor', async () => {
    engine = await startEngine();
    const error = await apiErrorOf(
      engine.client.listPage({ resource: 'customers', size: 5, lang: 'en', cursor: 'tampered' }),
    );
    expect(error).toMatchObject({ code: 'invalid-cursor', status: 400, retryable: true });
    expect(error.serverMessage).toMatch(/invalid cursor/);
  });
});
