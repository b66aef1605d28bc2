import { startDemoApi, type DemoApi, type DemoApiOptions } from './faults.js';

/** What a raw HTTP call to the Demo API answered. */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A Demo API started for one test file, with a raw HTTP client (no app code between test and server). */
export interface TestApi extends DemoApi {
  /** POST /oauth/token with this server's client credentials, overridden by `body`. */
  requestToken(body?: Record<string, unknown>): Promise<Answer>;
  /** A fresh access token. */
  token(): Promise<string>;
  /** GET an API path (e.g. `/v1/customers?size=5`) with a bearer token unless `token` is null. */
  get(path: string, options?: { token?: string | null; language?: string }): Promise<Answer>;
  /**
   * Every page of one cursor traversal of `path` with `params`, following nextCursor (spec rule 1);
   * `between` runs between two pages.
   */
  traverse(
    path: string,
    params?: Record<string, string>,
    options?: { between?: () => void; language?: string },
  ): Promise<Answer[]>;
}

const MAX_PAGES = 5_000;

/** Limits loose enough that only the rate-limit tests meet a 503. */
export const UNTHROTTLED = { requestsPerSecond: 100_000, burst: 100_000 };

/** Starts a Demo API on a free loopback port with the given options and a small data set. */
export async function startTestApi(options: DemoApiOptions = {}): Promise<TestApi> {
  const api = await startDemoApi({
    size: { customers: 300, contacts: 700, agreements: 1_200 },
    ...options,
    limits: { ...UNTHROTTLED, ...options.limits },
  });
  let cachedToken: string | undefined;

  const answer = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };

  const requestToken = async (body: Record<string, unknown> = {}): Promise<Answer> =>
    answer(
      await fetch(`${api.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: api.clientId,
          client_secret: api.clientSecret,
          audience: api.audience,
          grant_type: 'client_credentials',
          ...body,
        }),
      }),
    );

  const token = async (): Promise<string> => {
    const granted = await requestToken();
    if (granted.status !== 200) throw new Error(`token request failed: ${granted.status}`);
    return granted.body.access_token as string;
  };

  const get: TestApi['get'] = async (path, { token: bearer, language } = {}) => {
    const headers: Record<string, string> = {};
    const value = bearer === undefined ? (cachedToken ??= await token()) : bearer;
    if (value !== null) headers.authorization = `Bearer ${value}`;
    if (language !== undefined) headers['accept-language'] = language;
    return answer(await fetch(`${api.baseUrl}${path}`, { headers }));
  };

  const traverse: TestApi['traverse'] = async (path, params = {}, { between, language } = {}) => {
    const pages: Answer[] = [];
    let cursor: string | undefined;
    while (pages.length < MAX_PAGES) {
      const url = `${path}?${new URLSearchParams({ ...params, ...(cursor !== undefined && { cursor }) }).toString()}`;
      const page = await get(url, { language });
      if (page.status !== 200) throw new Error(`${url}: HTTP ${page.status} ${JSON.stringify(page.body)}`);
      pages.push(page);
      const { hasNextPage, nextCursor } = page.body.metadata.pagination;
      if (!hasNextPage) return pages;
      cursor = nextCursor as string;
      between?.();
    }
    throw new Error(`${path}: still hasNextPage after ${MAX_PAGES} pages; the cursor does not advance`);
  };

  return { ...api, requestToken, token, get, traverse };
}

/** The records of all pages, in order. */
export const recordsOf = (pages: Answer[]): Record<string, unknown>[] =>
  pages.flatMap((page) => page.body.data);

/** The ids of all records of all pages, in order. */
export const idsOf = (pages: Answer[]): string[] => recordsOf(pages).map((record) => record.id as string);

/** Fires `count` API calls at once and counts the answers by status. */
export async function answersAtOnce(
  target: TestApi,
  count: number,
  token: string,
): Promise<Record<number, number>> {
  const answers = await Promise.all(
    Array.from({ length: count }, () => target.get('/v1/customers?size=1', { token })),
  );
  const byStatus: Record<number, number> = {};
  for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  return byStatus;
}
