import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LIST_ROWS_MAX } from '../../shared/api-rules.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestName, Result } from '../../shared/contract/contract.js';
import { ApiClient } from './api-client.js';
import { dispatch } from '../service/dispatch.js';
import { runExport } from '../export/run-export.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { RequestLimiter } from '../rate/limiter.js';
import { startOtherApi, type OtherApiOptions } from '../testing/other-api.js';
import { cleanUp, tempDir, wire } from '../testing/wired.js';
import { apiErrorOf, openTestCore } from '../testing/test-kit.js';

// What a broken or hostile server can say, against servers of the test's own
// (testing/other-api.ts): nothing it says is trusted blindly (docs/api.md, "What the app
// does not take on trust"). Tokens granted are counted in every case.
afterEach(cleanUp);

const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * Exports every agreement of the server `connection` reaches, in pages of `pageSize`, into a folder
 * of its own: the export's error (it is expected to fail) and the folder, to see nothing was left.
 */
async function failedExport(connection: Awaited<ReturnType<typeof wire>>['connection'], pageSize: number) {
  const dir = await tempDir();
  const error = await apiErrorOf(
    runExport(connection.client, {
      profile: 'other',
      view: { resource: 'agreements', lang: 'en' },
      options: { format: 'csv', pageSize },
      target: join(dir, 'agreements.csv'),
    }),
  );
  return { error, dir };
}

/** The other API's first 503 as the API client reads it: a limiter that never retries hands it back. */
async function firstOverload(retryAfter: string) {
  const { api, connection } = await wire({ overloaded: { requests: [1], retryAfter } });
  const limiter = new RequestLimiter({ requestsPerSecond: 20, burst: 35, maxRetries: 0 });
  const client = new ApiClient(
    { baseUrl: api.url, apiPrefix: '/v1', schemaPath: '/v1/schemas' },
    connection.tokens,
    limiter,
  );
  const before = Date.now();
  const error = await apiErrorOf(client.listPage({ resource: 'customers', size: 10, lang: 'en' }));
  limiter.close();
  expect(error.code).toBe('unavailable');
  const overload = error.cause as { retryAt?: number };
  return {
    wait: overload.retryAt === undefined ? undefined : overload.retryAt - before,
    elapsed: Date.now() - before,
  };
}

describe('waits a server asks for are bounded', () => {
  it.each([
    ['ten years in seconds', '315360000'],
    ['an HTTP date in 2099', 'Thu, 01 Jan 2099 00:00:00 GMT'],
  ])('a 503 asking for %s waits a minute at most', async (_what, retryAfter) => {
    const { wait, elapsed } = await firstOverload(retryAfter);
    expect(wait).toBeGreaterThanOrEqual(MINUTE);
    expect(wait).toBeLessThanOrEqual(MINUTE + elapsed);
  });

  it.each([['1e13'], ['soon'], ['-5'], ['']])(
    'a 503 with the unreadable Retry-After "%s" ignores it',
    async (retryAfter) => {
      expect((await firstOverload(retryAfter)).wait).toBeUndefined();
    },
  );

  it('a token endpoint asking for 30 days blocks for an hour at most, in the ledger too; Retry lifts it', async () => {
    const { api, connection, ledger } = await wire({
      tokenRefusal: { status: 429, retryAfter: String(30 * 24 * 3_600) },
    });
    const before = Date.now();
    const error = await apiErrorOf(connection.tokens.getToken());
    expect(error.code).toBe('token-budget');
    expect(error.retryAt).toBeGreaterThan(before + HOUR - MINUTE);
    expect(error.retryAt).toBeLessThanOrEqual(Date.now() + HOUR);
    const key = GrantLedger.clientKey(api.url, api.clientId);
    expect(ledger.usage(key).nextAllowedAt).toBe(error.retryAt);
    // Until then nothing is asked, by this process or any other reading the ledger.
    expect((await apiErrorOf(connection.tokens.getToken())).code).toBe('token-budget');
    expect(api.tokenRequests()).toBe(1);
    await connection.tokens.retry();
    expect(ledger.usage(key).nextAllowedAt).toBeUndefined();
    await apiErrorOf(connection.tokens.getToken());
    expect(api.tokenRequests()).toBe(2);
    expect(api.grants()).toBe(0);
  });

  it.each([
    ['429 with no Retry-After', 429, undefined, 'token-rate-limited', MINUTE],
    ['429 with Retry-After "1e13"', 429, '1e13', 'token-rate-limited', MINUTE],
    ['429 with Retry-After "soon"', 429, 'soon', 'token-rate-limited', MINUTE],
    ['403 with no Retry-After', 403, undefined, 'token-budget', HOUR],
  ] as const)(
    'a token endpoint’s %s blocks every process for a while it chooses (M2): 20 calls, 1 token request',
    async (_case, status, retryAfter, code, blockedFor) => {
      const { api, connection, ledger } = await wire({ tokenRefusal: { status, retryAfter } });
      const before = Date.now();
      const error = await apiErrorOf(connection.tokens.getToken());
      expect(error.code).toBe(code);
      expect(error.message).toMatch(/the server said no time; Retry asks sooner/);
      expect(error.retryAt).toBeGreaterThanOrEqual(before + blockedFor);
      expect(error.retryAt).toBeLessThanOrEqual(Date.now() + blockedFor);
      expect(ledger.usage(GrantLedger.clientKey(api.url, api.clientId)).nextAllowedAt).toBe(error.retryAt);
      for (let i = 0; i < 20; i++) {
        expect((await apiErrorOf(connection.client.count({ resource: 'customers' }))).code).toBe(code);
      }
      expect(api.tokenRequests()).toBe(1);
      await connection.tokens.retry();
      await apiErrorOf(connection.tokens.getToken());
      expect(api.tokenRequests()).toBe(2);
      expect(api.grants()).toBe(0);
    },
  );
});

describe('a token’s stated lifetime', () => {
  it('of a millisecond still serves a minute: 15 calls cost one token, not the day’s 15', async () => {
    const { api, connection } = await wire({ statedSeconds: 0.001 });
    for (let i = 0; i < 15; i++) await connection.client.count({ resource: 'customers' });
    expect(api.grants()).toBe(1);
    const { expiresAt } = connection.tokens.state();
    expect(expiresAt).toBeGreaterThan(Date.now() + MINUTE - 5_000);
  });
});

describe('a broken cursor chain', () => {
  it('ends the traversal at the first repeated cursor: the export fails clearly and leaves no file', async () => {
    const { api, connection } = await wire({ rows: 5_000, cursorCycle: { at: 2_500, backTo: 500 } });
    const { error, dir } = await failedExport(connection, 500);
    expect(error.code).toBe('invalid-response');
    expect(error.message).toMatch(/handed out a cursor it had already given in this list/);
    expect(await readdir(dir)).toEqual([]);
    // Pages 1-5, then 2-5 once more until the cursor of page 2 comes back a second time.
    expect(api.received.filter((request) => request.path.endsWith('/agreements')).length).toBeLessThan(12);
  });
});

describe('cursors that change but never end (M9)', () => {
  it.each([
    ['the same rows under a new cursor each page', 'same-rows', /the same rows again under a new cursor/, 2],
    [
      'new rows past the count, page after page',
      'new-rows',
      /the list does not end: 3,?100 rows read where the API counts 1,?000/,
      31,
    ],
  ] as const)(
    '%s: the export stops with an error, reads a bounded number of pages, and leaves no file',
    async (_case, neverEnding, words, pages) => {
      const { api, connection } = await wire({ rows: 1_000, neverEnding });
      const { error, dir } = await failedExport(connection, 100);
      expect(error.code).toBe('invalid-response');
      expect(error.message).toMatch(words);
      expect(await readdir(dir)).toEqual([]);
      const cursorPages = api.received.filter((request) => request.path.endsWith('/agreements')).length - 1;
      expect(cursorPages).toBeLessThanOrEqual(pages);
    },
  );
});

describe('answers the app refuses clearly', () => {
  it.each([[1e15], [LIST_ROWS_MAX + 1]])(
    'refuses a total of %d, a count no list has (L11)',
    async (total) => {
      const { connection } = await wire({
        pageBody: { status: 'success', data: [], metadata: { pagination: { total, size: 1, page: 1 } } },
      });
      const error = await apiErrorOf(connection.client.count({ resource: 'customers' }));
      expect(error).toMatchObject({ code: 'invalid-response' });
    },
  );

  it('refuses a page of more rows than asked for (a server that ignores size: M10)', async () => {
    const { connection } = await wire({
      pageBody: {
        status: 'success',
        data: Array(1_000).fill({}),
        metadata: { pagination: { hasNextPage: false } },
      },
    });
    const error = await apiErrorOf(
      connection.client.listPage({ resource: 'customers', size: 500, lang: 'en' }),
    );
    expect(error).toMatchObject({ code: 'invalid-response' });
    expect(error.message).toMatch(/a page of 1000 rows, where at most 500 were asked for/);
  });

  it('stops reading a page answer past what its rows may take (8.3 MiB for 500), before it fills the memory (M10)', async () => {
    const records = `[${Array(3_000_000).fill('{}').join(',')}]`;
    const { connection } = await wire({
      pageBody: `{"status":"success","data":${records},"metadata":{"pagination":{"hasNextPage":false}}}`,
    });
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const error = await apiErrorOf(
      connection.client.listPage({ resource: 'customers', size: 500, lang: 'en' }),
    );
    expect(error).toMatchObject({ code: 'invalid-response' });
    expect(error.message).toMatch(/larger than 8\.\d MiB: it was not read/);
    // Not parsed: millions of records would take hundreds of MiB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('quotes at most a few hundred characters of a 2 MB status', async () => {
    const { connection } = await wire({
      pageBody: { status: 'x'.repeat(2_000_000), data: [], metadata: {} },
    });
    const error = await apiErrorOf(
      connection.client.listPage({ resource: 'customers', size: 500, lang: 'en' }),
    );
    expect(error.code).toBe('invalid-response');
    expect(error.message.length).toBeLessThan(500);
    expect(error.message).toMatch(/status is "x+…, not "success"/);
  });

  it('calls deeply nested JSON an answer it cannot read, through the app’s contract too (never "internal")', async () => {
    // Written as text: JSON.stringify itself cannot write a value this deep.
    const deep = `${'{"nested":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const options: OtherApiOptions = {
      pageBody: `{"status":"success","data":[{"id":"c-1","deep":${deep}}],"metadata":{"pagination":{"hasNextPage":false}}}`,
    };
    const api = await startOtherApi(options);
    const { core, close } = await openTestCore();
    try {
      const call = (name: RequestName, argument: unknown): Promise<Result<any>> =>
        dispatch(core, name, argument);
      const saved = await call('connection.save', {
        profile: { name: 'Deep', baseUrl: api.url, authUrl: api.url, clientId: api.clientId },
        secret: api.clientSecret,
      });
      if (!saved.ok) throw new Error(saved.error.message);
      await call('connection.select', { id: saved.value.id });
      const result = await call('data.listPage', {
        view: { resource: 'customers' },
        size: 10,
        lang: 'en',
        requestId: 'deep',
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-response' } });
      expect(JSON.stringify(result)).toMatch(/nests values deeper than 64 levels/);
    } finally {
      await close();
      await api.close();
    }
  });
});
