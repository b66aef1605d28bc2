import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as wait } from 'node:timers/promises';
import { resolve } from 'node:path';
import { EVENT_NAMES, type Result } from '../shared/contract/contract.js';
import type { AppCore } from '../core/service/app-core.js';
import { dispatch } from '../core/service/dispatch.js';
import {
  ADDRESS_PATH,
  API_PATH,
  CALLER_HEADER,
  EVENTS_PATH,
  SESSION_HEADER,
  SESSION_PATH,
  PROOF_PATH,
  addressRequestSchema,
  proofRequestSchema,
  sseComment,
  sseEvent,
} from '../shared/contract/wire.js';
import { serveStatic } from './static-files.js';
import { hostProof } from '../core/store/running-hosts.js';

export interface HostOptions {
  core: AppCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Told the next address to offer once one was used (the terminal prints it, for another tab). */
  onAddressUsed?: (next: string) => void;
  /** How long a stop waits for the requests it has received to be answered (CLOSE_GRACE_MS). */
  closeGraceMs?: number;
}

export interface RunningHost {
  /** The address to open: it carries a one-time key in its fragment (never sent to a server by the browser). */
  url: string;
  origin: string;
  /** Another one-time address, for another tab. */
  newAddress(): string;
  /** A session credential, as a page gets by exchanging its address's key (for callers in this process). */
  openSession(): string;
  /**
   * A credential that asks for new one-time addresses (`POST /session/address`) and calls no request
   * itself: what the host leaves in the running-hosts file for `cdb open`. An address it gets opens a
   * session, as the address the host prints does: whoever reads the file (this user's processes,
   * which can read the data folder and the keychain as well) can open one; the file is this user's
   * alone (docs/architecture.md, "The browser host").
   */
  addressCredential(): string;
  /** What it signs a nonce with to prove itself (POST /session/proof): kept in the running-hosts file. */
  proofKey: string;
  close(): Promise<void>;
}

export { SESSION_HEADER };
const BODY_LIMIT = 1024 * 1024;
const KEEP_ALIVE_MS = 15_000;
/** A stop's wait for the requests it received (a mark is written in milliseconds; a list read is cancelled after). */
const CLOSE_GRACE_MS = 3_000;

/**
 * The browser host (docs/architecture.md): the built renderer and the contract over HTTP on
 * 127.0.0.1, for machines without the Electron runtime and for the end-to-end tests.
 * `POST /api/<request>` answers the contract's Result; `GET /api/events` streams its events
 * (server-sent events). The address it prints carries a one-time key, which the page exchanges for a
 * session credential of its own (`POST /session`), so the address left in the browser's history is
 * spent; every API call needs a session credential. The Host and Origin headers must name this very
 * server, so neither DNS rebinding nor another site can reach the API.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  // One-time keys, each with the cdb:// link its address opens, if any; session credentials.
  const keys = new SecretSet<string | undefined>();
  const sessions = new SecretSet<true>();
  const askers = new SecretSet<true>();
  const proofKey = randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  const origins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const streams = new Set<ServerResponse>();

  const detach = options.core.onEvent((name, payload) => {
    const message = sseEvent(name, payload);
    for (const stream of streams) stream.write(message);
  });

  const refuse = (response: ServerResponse, status: number, message: string) =>
    json(response, status, {
      ok: false,
      error: { code: status === 401 ? 'unauthorized' : 'forbidden', message },
    });
  const badRequest = (response: ServerResponse, message: string) =>
    json(response, 400, { ok: false, error: { code: 'invalid-argument', message } });

  const address = (link?: string) => `http://127.0.0.1:${port}/#session=${keys.add(link)}`;

  // Requests being answered: a stop answers them first (a mark sent as the app closes is kept).
  const answering = new Set<Promise<unknown>>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const answer = (async () => {
      // DNS rebinding: a page of another site resolving its name to 127.0.0.1 still sends its own Host.
      if (!hosts.has(request.headers.host ?? '')) return refuse(response, 403, 'unknown Host');
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      const path = decodedPath(url.pathname);
      if (path === undefined) return badRequest(response, 'the address has a malformed percent-encoding');
      const isApi =
        path.startsWith(API_PATH) || path === SESSION_PATH || path === ADDRESS_PATH || path === PROOF_PATH;
      if (!isApi) {
        if (request.method !== 'GET' || !(await serveStatic(rendererDir, path, response))) {
          response.writeHead(404).end();
        }
        return;
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !origins.has(origin))
        return refuse(response, 403, 'calls from another origin are refused');
      if (path === SESSION_PATH && request.method === 'POST') {
        const body = await readJson(request);
        const key = body.ok ? (body.value as { key?: unknown } | null)?.key : undefined;
        const taken = typeof key === 'string' ? keys.take(key) : undefined;
        if (!taken) return refuse(response, 401, 'this address was already used, or is not this run’s');
        options.onAddressUsed?.(address());
        return json(response, 200, {
          session: sessions.add(true),
          ...(taken.value && { link: taken.value }),
        });
      }
      if (path === PROOF_PATH && request.method === 'POST') {
        const body = await readJson(request);
        const asked = body.ok ? proofRequestSchema.safeParse(body.value) : undefined;
        if (!asked?.success) return badRequest(response, 'a proof takes { nonce }');
        return json(response, 200, { proof: hostProof(proofKey, asked.data.nonce) });
      }
      const credential = request.headers[SESSION_HEADER];
      const asksAddress = path === ADDRESS_PATH && request.method === 'POST';
      if (!sessions.has(credential) && !(asksAddress && askers.has(credential)))
        return refuse(response, 401, 'missing or wrong session credential');

      if (asksAddress) {
        const body = await readJson(request);
        // The link is the page's to judge (its parser says why one cannot be opened), as from the system.
        const asked = body.ok ? addressRequestSchema.safeParse(body.value) : undefined;
        if (!asked?.success) return badRequest(response, 'a new address takes { link } or nothing');
        return json(response, 200, { url: address(asked.data.link) });
      }
      if (path === EVENTS_PATH && request.method === 'GET') return openEventStream(response, streams);
      if (request.method !== 'POST' || !path.startsWith(API_PATH))
        return refuse(response, 403, 'use POST for requests');
      const name = path.slice(API_PATH.length);
      const body = await readJson(request);
      const result = body.ok ? await dispatch(options.core, name, body.value, callerOf(request)) : body;
      json(response, 200, result);
    })().catch((error: unknown) => {
      // A request its client left (or a stop ended) has no one to answer, and is no fault of the host.
      if (request.errored) return;
      console.error('browser host:', error);
      if (!response.headersSent)
        json(response, 500, {
          ok: false,
          error: { code: 'internal', message: 'unexpected error in the host' },
        });
    });
    // Answered once the response has left for the system (its 'close'), not when its handler
    // returns: ending the connections then would drop an answer still waiting in the socket.
    const answered = Promise.all([answer, new Promise((done) => response.once('close', done))]);
    answering.add(answered);
    void answered.finally(() => answering.delete(answered));
  });

  return {
    url: address(),
    origin: `http://127.0.0.1:${port}`,
    newAddress: () => address(),
    openSession: () => sessions.add(true),
    addressCredential: () => askers.add(true),
    proofKey,
    close: async () => {
      detach();
      for (const stream of streams) stream.end();
      // No new connection; what was received is answered, for a bounded time (a page's list read
      // waiting on the API is cancelled by the core's close after it), then every connection ends.
      const closed = new Promise<void>((done) => server.close(() => done()));
      await Promise.race([
        Promise.allSettled([...answering]),
        wait(options.closeGraceMs ?? CLOSE_GRACE_MS, undefined, { ref: false }),
      ]);
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * Random secrets this run handed out (one-time keys, session credentials), kept as digests: a
 * lookup compares digests of what was given, so its timing says nothing of a secret.
 */
class SecretSet<V> {
  private readonly digests = new Map<string, V>();

  /** A new random secret, now in the set with `value`. */
  add(value: V): string {
    const secret = randomBytes(32).toString('base64url');
    this.digests.set(digest(secret), value);
    return secret;
  }

  has(given: string | string[] | undefined): boolean {
    return typeof given === 'string' && this.digests.has(digest(given));
  }

  /** The value `given` was added with, when it was in the set; it is not any more (a one-time key). */
  take(given: string): { value: V } | undefined {
    const key = digest(given);
    if (!this.digests.has(key)) return undefined;
    const value = this.digests.get(key) as V;
    this.digests.delete(key);
    return { value };
  }
}

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64');

/** The path with its percent-encoding decoded, or undefined when that encoding is malformed (`/%`). */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(text);
}

function openEventStream(response: ServerResponse, streams: Set<ServerResponse>): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.write(sseComment(`events ${EVENT_NAMES.join(' ')}`));
  streams.add(response);
  const keepAlive = setInterval(() => response.write(sseComment('keep-alive')), KEEP_ALIVE_MS);
  response.on('close', () => {
    clearInterval(keepAlive);
    streams.delete(response);
  });
}

/** A request's JSON body (at most 1 MiB), or the failure to answer when it is not JSON. */
async function readJson(
  request: IncomingMessage,
): Promise<{ ok: true; value: unknown } | Extract<Result<never>, { ok: false }>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT)
      return {
        ok: false,
        error: { code: 'invalid-argument', message: `the request is larger than ${BODY_LIMIT} bytes` },
      };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { ok: true, value: text ? (JSON.parse(text) as unknown) : {} };
  } catch {
    return { ok: false, error: { code: 'invalid-argument', message: 'the request body is not JSON' } };
  }
}

/** The page a request comes from (CALLER_HEADER): a tab's own id, or one name for callers that give none. */
function callerOf(request: IncomingMessage): string {
  const caller = request.headers[CALLER_HEADER];
  return typeof caller === 'string' && /^[\w-]{1,100}$/.test(caller) ? `tab-${caller}` : 'tab';
}
