import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { API_LIMITS, DEFAULT_API_PREFIX } from '../../shared/api-rules.js';
import type { ConnectionProfile } from '../api/connect.js';

/**
 * An implementation of the API other than our Demo, for behaviour the spec allows and the Demo never
 * shows (our Demo agrees with our client by construction; real APIs will not): tokens that live seconds, a
 * token clock that is off, a token endpoint that fails or rejects the client (quoting the secret
 * back), a bundle not permitted on one resource, no schema listing. It records every request, so a
 * test can assert what a server received and how many tokens it granted.
 */
export interface OtherApiOptions {
  /** Lifetime of the tokens it grants (default 10 h). */
  tokenSeconds?: number;
  /** Say the lifetime as `expires_in` (default), or only inside the JWT (`iat`, `exp`). */
  lifetimeIn?: 'expires_in' | 'jwt';
  /** Seconds the token server's clock is ahead of this machine's (its `iat`/`exp` say so). */
  clockAheadSeconds?: number;
  /** The first N token requests answer 500. */
  failingTokenRequests?: number;
  /** Every token request answers 401 invalid_client, quoting the secret it was sent. */
  rejectClient?: boolean;
  /** Delay before the token endpoint answers. */
  tokenDelayMs?: number;
  /** Resources (or `schemas`) this bundle is not permitted on: any token gets 401 there (spec, Authentication 9). */
  forbiddenResources?: string[];
  /** Every token is refused (401) everywhere, as when the tokens are asked for another audience. */
  refuseEveryToken?: boolean;
  /** Records of each resource (default 1,000). */
  rows?: number;
  /** The records every list serves (instead of `rows` generated ones). */
  records?: Record<string, unknown>[];
  /** The records of each resource's lists (instead of `records`), by resource. */
  recordsOf?: Partial<Record<string, Record<string, unknown>[]>>;
  /** The schema listing at /v1/schemas, as sent, or by the Accept-Language asked (default: none, 404). */
  schemas?: unknown;
  /** Delay before each list page is answered. */
  pageDelayMs?: number;
  /** The list requests (counted from 1) whose connection is reset instead of answered. */
  resetRequests?: number[];
  /** The lifetime its token answers state in `expires_in`, when not the real one (`tokenSeconds`). */
  statedSeconds?: number;
  /** Every token request answers this refusal (429 or 403), with this Retry-After header or none. */
  tokenRefusal?: { status: number; retryAfter?: string; body?: unknown };
  /** Every token request answers this instead of a token (a redirect with its Location, a sign-in page). */
  tokenAnswer?: { status: number; headers?: Record<string, string>; body: string };
  /** The list requests (counted from 1) answered 503 with this Retry-After header. */
  overloaded?: { requests: number[]; retryAfter: string };
  /**
   * Cursors that change but never end (counted as `rows`): every page the first rows again
   * ('same-rows'), or rows past the count, new ones each page ('new-rows').
   */
  neverEnding?: 'same-rows' | 'new-rows';
  /** A broken cursor chain: the page that starts at row `at` hands out the cursor of row `backTo` again. */
  cursorCycle?: { at: number; backTo: number };
  /** Listens on `address` and is reached by `name` (office-host.ts: a name a proxy carries), not 127.0.0.1. */
  host?: { name: string; address: string };
  /** Serves HTTPS with this key and certificate (one a test CA signed: test-ca.ts). */
  tls?: { key: string; cert: string };
  /** The body of every list page, instead of the envelope (an answer the app must refuse); a string is sent as is. */
  pageBody?: unknown;
  /** Sorts lists by `sort=field.asc|desc` as the spec says (NULLS LAST, then by id), values compared as they are. */
  sorts?: boolean;
  /** How far the server's clock (its `Date` header) is from this machine's, asked at each answer. */
  clockOffsetMs?: () => number;
  /** Each record as the API writes it in the language asked (Accept-Language): its translated words. */
  localize?: (record: Record<string, unknown>, language: string) => Record<string, unknown>;
}

/** What the server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  authorization?: string;
  language?: string;
  body: string;
}

export interface OtherApi {
  url: string;
  clientId: string;
  /** The secret it grants tokens to now. */
  readonly clientSecret: string;
  /** Gives the client a new secret (the owner rotated it); tokens already granted stay valid. */
  rotateSecret(): void;
  /** Tokens granted so far. */
  grants(): number;
  tokenRequests(): number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `records` in the order of `sort` (`field.asc|desc`), nulls last whatever the direction, then by id. */
function sorted(
  records: Record<string, unknown>[] | undefined,
  sort: string | null,
): Record<string, unknown>[] | undefined {
  if (!records || !sort) return records;
  const [field = '', direction] = sort.split('.');
  const sign = direction === 'desc' ? -1 : 1;
  const compare = (a: unknown, b: unknown) => (a === b ? 0 : (a as number) < (b as number) ? -1 : 1);
  return [...records].sort((a, b) => {
    const [x, y] = [a[field] ?? null, b[field] ?? null];
    if (x === null || y === null) return x === y ? compare(a.id, b.id) : x === null ? 1 : -1;
    return sign * compare(x, y) || compare(a.id, b.id);
  });
}

/** Starts the server, on 127.0.0.1 unless `host` says (one origin for the token endpoint and the API). */
export async function startOtherApi(options: OtherApiOptions = {}): Promise<OtherApi> {
  const clientId = 'other-client';
  const newSecret = () => `other-secret-${randomBytes(8).toString('hex')}`;
  let clientSecret = newSecret();
  const valid = new Map<string, number>();
  const received: ReceivedRequest[] = [];
  let grants = 0;
  let tokenRequests = 0;
  let listRequests = 0;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    if (options.clockOffsetMs)
      response.setHeader('date', new Date(Date.now() + options.clockOffsetMs()).toUTCString());
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const token = (request: ReceivedRequest, response: ServerResponse) => {
    tokenRequests++;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      // An unreadable body is a wrong client below.
    }
    if (tokenRequests <= (options.failingTokenRequests ?? 0))
      return json(response, 500, { message: 'token service down' });
    if (options.tokenRefusal) {
      const { status, retryAfter, body: refusal } = options.tokenRefusal;
      if (retryAfter !== undefined) response.setHeader('retry-after', retryAfter);
      return json(response, status, refusal ?? { message: 'too many token requests' });
    }
    if (options.tokenAnswer) {
      const { status, headers, body: text } = options.tokenAnswer;
      return response.writeHead(status, headers).end(text);
    }
    if (options.rejectClient || body.client_id !== clientId || body.client_secret !== clientSecret) {
      return json(response, 401, {
        error: 'invalid_client',
        message: `unknown client ${String(body.client_id)} with secret ${String(body.client_secret)}`,
      });
    }
    grants++;
    const seconds = options.tokenSeconds ?? 36_000;
    const iat = Math.floor(Date.now() / 1000) + (options.clockAheadSeconds ?? 0);
    const accessToken = `${base64url({ alg: 'none' })}.${base64url({ iat, exp: iat + seconds, n: grants })}.${randomBytes(8).toString('hex')}`;
    valid.set(accessToken, Date.now() + seconds * 1000);
    const answer = { access_token: accessToken, token_type: 'Bearer' };
    json(
      response,
      200,
      options.lifetimeIn === 'jwt' ? answer : { ...answer, expires_in: options.statedSeconds ?? seconds },
    );
  };

  const list = (request: ReceivedRequest, url: URL, response: ServerResponse) => {
    const bearer = request.authorization?.replace(/^Bearer /, '') ?? '';
    const expiresAt = valid.get(bearer);
    if (expiresAt === undefined || expiresAt < Date.now())
      return json(response, 401, { message: 'invalid or expired token' });
    const resource = url.pathname.split('/').at(-1) ?? '';
    if (resource === 'schemas' && options.schemas !== undefined) {
      const listing: unknown =
        typeof options.schemas === 'function'
          ? (options.schemas as (language: string) => unknown)(request.language ?? 'en')
          : options.schemas;
      return json(response, 200, listing);
    }
    if (options.refuseEveryToken || options.forbiddenResources?.includes(resource))
      return json(response, 401, { message: `token not valid for ${resource}` });
    if (!['customers', 'contacts', 'agreements'].includes(resource))
      return json(response, 404, { message: 'not found' });
    if (typeof options.pageBody === 'string')
      return response.writeHead(200, { 'content-type': 'application/json' }).end(options.pageBody);
    if (options.pageBody !== undefined) return json(response, 200, options.pageBody);
    const given = options.recordsOf?.[resource] ?? options.records;
    const records = options.sorts ? sorted(given, url.searchParams.get('sort')) : given;
    const rows = records?.length ?? options.rows ?? 1_000;
    const size = Number(url.searchParams.get('size') ?? 100);
    if (url.searchParams.has('page')) {
      return json(response, 200, {
        status: 'success',
        data: [],
        metadata: { pagination: { size, page: 1, total: rows, hasNextPage: rows > size } },
      });
    }
    const from = Number(url.searchParams.get('cursor') ?? 0);
    if (options.neverEnding) {
      const start = options.neverEnding === 'same-rows' ? 0 : from;
      const data = Array.from({ length: size }, (_, index) => ({ id: `${resource}-${start + index}` }));
      const pagination = { size, hasNextPage: true, nextCursor: String(from + size) };
      return json(response, 200, { status: 'success', data, metadata: { pagination } });
    }
    const end = Math.min(rows, from + size);
    const to = options.cursorCycle && end === options.cursorCycle.at ? options.cursorCycle.backTo : end;
    const language = request.language ?? 'en';
    const data =
      records?.slice(from, end).map((record) => options.localize?.(record, language) ?? record) ??
      Array.from({ length: end - from }, (_, index) => ({
        id: `${resource}-${from + index}`,
        name: `N${from + index}`,
      }));
    json(response, 200, {
      status: 'success',
      data,
      metadata: { pagination: { size, hasNextPage: end < rows, nextCursor: end < rows ? String(to) : null } },
    });
  };

  /** Answers waiting for their delay: a closed server sends none of them. */
  const waiting = new Set<NodeJS.Timeout>();
  const later = (answer: () => void, ms = 0) => {
    const timer = setTimeout(() => {
      waiting.delete(timer);
      answer();
    }, ms);
    waiting.add(timer);
  };

  const handle = (message: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => {
      const url = new URL(message.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = {
        method: message.method ?? 'GET',
        path: url.pathname,
        authorization: message.headers.authorization,
        language: message.headers['accept-language'],
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      if (url.pathname === '/oauth/token' && request.method === 'POST') {
        later(() => token(request, response), options.tokenDelayMs);
      } else if (url.pathname.startsWith('/v1/')) {
        const number = url.pathname.endsWith('/schemas') ? 0 : ++listRequests;
        // A connection reset mid-export: the answer never comes.
        if (options.resetRequests?.includes(number)) return void message.socket.destroy();
        if (options.overloaded?.requests.includes(number)) {
          response.setHeader('retry-after', options.overloaded.retryAfter);
          return json(response, 503, { message: 'slow down' });
        }
        later(() => list(request, url, response), options.pageDelayMs);
      } else {
        json(response, 404, { message: 'not found' });
      }
    });
  };
  const server = options.tls ? createHttpsServer(options.tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, options.host?.address ?? '127.0.0.1', resolve));
  return {
    url: `${options.tls ? 'https' : 'http'}://${options.host?.name ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`,
    clientId,
    get clientSecret() {
      return clientSecret;
    },
    rotateSecret: () => void (clientSecret = newSecret()),
    grants: () => grants,
    tokenRequests: () => tokenRequests,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of waiting) clearTimeout(timer);
        waiting.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A connection to `api` as a user would save it: one origin for the API and its token endpoint. */
export function profileFor(api: OtherApi, overrides: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return {
    id: randomUUID(),
    baseUrl: api.url,
    authUrl: api.url,
    clientId: api.clientId,
    apiPrefix: DEFAULT_API_PREFIX,
    schemaPath: `${DEFAULT_API_PREFIX}/schemas`,
    requestsPerSecond: API_LIMITS.requestsPerSecond,
    burst: API_LIMITS.burst,
    ...overrides,
  };
}
