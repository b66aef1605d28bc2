import { createHmac, randomBytes } from 'node:crypto';
import { DEMO_CLIENT_ID } from '../shared/demo-connection.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  API_LIMITS,
  CUSTOMER_SCOPED_RESOURCES,
  DEFAULT_API_PREFIX,
  isResource,
  type Language,
} from '../shared/api-rules.js';
import { TokenAuthority, type DemoClient } from './auth.js';
import { CursorCodec } from './cursor.js';
import { DEFAULT_REFERENCE_DATE, type DatasetSize } from './generate.js';
import { apiError, ReplyError, writeReply, type Reply } from './demo-http.js';
import { negotiateLanguage } from './language.js';
import { TokenBuckets, type Clock } from './limits.js';
import { listPage } from './lists.js';
import { schemasIn } from './schemas.js';
import { DemoStore } from './store.js';
import { changeAtPace } from './overnight.js';
import type { DemoConnection } from '../shared/demo-connection.js';

export interface DemoLimits {
  requestsPerSecond: number;
  burst: number;
  tokenRequestsPerMinute: number;
  tokensPerDay: number;
  tokenLifetimeSeconds: number;
}

export interface DemoApiOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Seed of the generated data: the same seed always gives the same rows. */
  seed?: number;
  /** Rows per resource. */
  size?: Partial<DatasetSize>;
  /** The day the data is "as of" (YYYY-MM-DD). */
  referenceDate?: string;
  /** Added to every answer, ± `latencyJitter` (a fraction, default 0.25). */
  latencyMs?: number;
  latencyJitter?: number;
  /** The spec's limits by default; tests tighten or loosen them. */
  limits?: Partial<DemoLimits>;
  /** Credentials bundles; by default one, with a random secret. */
  clients?: DemoClient[];
  /** Key behind tokens and cursors; random by default, so another server's tokens and cursors are foreign. */
  secret?: string;
  /** Current time in ms; tests pass their own to reach token expiry or refill buckets without waiting. */
  now?: Clock;
  /** Records changed a minute, as a real API's change overnight (overnight.ts); none by default. */
  changesPerMinute?: number;
}

/**
 * What a test-only entry point (testing/faults.ts) may add to the server: an answer of its own before the
 * real one, and the token authority (to revoke tokens). The shipped app passes none.
 */
export interface DemoServerHooks {
  /** Called for each API call after the rate limit, with its address: a reply to send instead, or undefined. */
  intercept?: (url: URL) => Promise<Reply | undefined>;
  onAuthority?: (authority: TokenAuthority) => void;
}

export interface DemoCounters {
  /** Calls to the API routes, answered or not. */
  apiRequests: number;
  /** Calls to the token endpoint. */
  tokenRequests: number;
  /** API calls refused by the rate limit (503). */
  rateLimited: number;
}

/** A running Demo API: where it listens, the credentials it accepts, its data and how to stop it. */
export interface DemoApi extends DemoConnection {
  /** The data, with the insert/remove hooks tests use between calls. */
  store: DemoStore;
  /** Tokens granted to a client in the last 24 h. */
  grantsToday(clientId: string): number;
  /** What the server was asked since it started (live: read it when needed). */
  counters: DemoCounters;
  close(): Promise<void>;
}

export const DEFAULT_DATASET_SIZE: DatasetSize = { customers: 2_000, contacts: 5_000, agreements: 6_000 };

/** Starts the Demo API on 127.0.0.1: a faithful implementation of the API's specification over generated data. */
export async function startDemoServer(
  options: DemoApiOptions = {},
  hooks: DemoServerHooks = {},
): Promise<DemoApi> {
  const now = options.now ?? Date.now;
  const limits: DemoLimits = { ...API_LIMITS, ...options.limits };
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const deriveKey = (purpose: string): Buffer => createHmac('sha256', secret).update(purpose).digest();
  const clients = options.clients ?? [
    { clientId: DEMO_CLIENT_ID, clientSecret: randomBytes(24).toString('base64url') },
  ];
  const firstClient = clients[0];
  if (!firstClient) throw new RangeError('the Demo API needs at least one client');
  const jitter = options.latencyJitter ?? 0.25;

  const store = new DemoStore(
    options.seed ?? 1,
    { ...DEFAULT_DATASET_SIZE, ...options.size },
    options.referenceDate ?? DEFAULT_REFERENCE_DATE,
  );
  const codec = new CursorCodec(deriveKey('cursor'));
  const buckets = new TokenBuckets(limits.requestsPerSecond, limits.burst, now);
  const addLatency = async (): Promise<void> => {
    if (options.latencyMs) await sleep(options.latencyMs * (1 + jitter * (2 * Math.random() - 1)));
  };
  const counters: DemoCounters = { apiRequests: 0, tokenRequests: 0, rateLimited: 0 };

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const authority = new TokenAuthority(deriveKey('jwt'), origin, origin, clients, limits, now);
  hooks.onAuthority?.(authority);

  async function handle(request: IncomingMessage): Promise<Reply> {
    const url = new URL(request.url ?? '/', origin);
    const address = request.socket.remoteAddress ?? 'unknown';
    if (url.pathname === '/oauth/token') {
      counters.tokenRequests++;
      if (request.method !== 'POST') throw apiError(405, 'use POST', { allow: 'POST' });
      await addLatency();
      return authority.grant(request, address);
    }
    if (!url.pathname.startsWith(`${DEFAULT_API_PREFIX}/`)) {
      throw apiError(404, `no route ${url.pathname}`);
    }
    counters.apiRequests++;
    if (!buckets.take(address)) {
      counters.rateLimited++;
      // Spec "Errors": over the API rate limit the answer is HTTP 503, at once.
      throw apiError(
        503,
        `rate limit exceeded: at most ${limits.requestsPerSecond} requests a second (bursts of ${limits.burst}); slow down and retry`,
      );
    }
    await addLatency();
    const intercepted = await hooks.intercept?.(url);
    if (intercepted) return intercepted;
    if (request.method !== 'GET') {
      throw apiError(405, `${request.method ?? ''} is not supported here; use GET`, { allow: 'GET' });
    }
    await authority.verify(request.headers.authorization);
    const language = negotiateLanguage(request.headers['accept-language']);
    return { ...route(url, language), headers: { 'content-language': language, vary: 'Accept-Language' } };
  }

  function route(url: URL, language: Language): Reply {
    const path = url.pathname.slice(DEFAULT_API_PREFIX.length).split('/').slice(1);
    const [first = '', customerId = '', nested] = path;
    if (path.length === 1 && first === 'schemas') {
      return { status: 200, body: { status: 'success', data: schemasIn(language), metadata: {} } };
    }
    if (path.length === 1 && isResource(first)) {
      return listPage(store, codec, { resource: first, query: url.searchParams, language });
    }
    if (path.length === 3 && first === 'customers' && isCustomerScoped(nested)) {
      return listPage(store, codec, {
        resource: nested,
        customerPublicId: decodeSegment(customerId),
        query: url.searchParams,
        language,
      });
    }
    throw apiError(404, `no route ${url.pathname}`);
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handle(request).then(
      (reply) => writeReply(response, reply),
      (error: unknown) => writeReply(response, replyFor(error)),
    );
  });

  const stopChanging = options.changesPerMinute
    ? changeAtPace(store, options.changesPerMinute, options.seed ?? 1)
    : undefined;

  return {
    baseUrl: origin,
    authUrl: origin,
    audience: origin,
    clientId: firstClient.clientId,
    clientSecret: firstClient.clientSecret,
    store,
    grantsToday: (clientId) => authority.grantsToday(clientId),
    counters,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopChanging?.();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const isCustomerScoped = (
  segment: string | undefined,
): segment is (typeof CUSTOMER_SCOPED_RESOURCES)[number] =>
  (CUSTOMER_SCOPED_RESOURCES as readonly (string | undefined)[]).includes(segment);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw apiError(404, 'customer not found: the id in the path is not valid');
  }
}

function replyFor(error: unknown): Reply {
  if (error instanceof ReplyError) return error.reply;
  console.error('Demo API: unexpected error', error);
  return { status: 500, body: { status: 'error', message: 'internal error in the Demo API' } };
}
