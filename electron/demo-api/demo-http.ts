import type { IncomingMessage, ServerResponse } from 'node:http';

/** A finished answer: status, JSON body and extra headers. Handlers return these; the server writes them. */
export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as is instead of `body` as JSON (for answers that break the API's rules on purpose). */
  raw?: string;
  headers?: Record<string, string>;
}

/** An answer that stops handling early (bad input, no token, rate limit): thrown, then written as is. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

/** The API's error shape: the spec leaves it open, so it mirrors the success envelope's `status`. */
export function apiError(status: number, message: string, headers?: Record<string, string>): ReplyError {
  return new ReplyError({ status, body: { status: 'error', message }, headers });
}

/** The token endpoint's error shape, after OAuth 2.0 (RFC 6749 §5.2) plus a readable `message`. */
export function oauthError(
  status: number,
  error: string,
  message: string,
  headers?: Record<string, string>,
): ReplyError {
  return new ReplyError({ status, body: { error, message }, headers });
}

export function writeReply(response: ServerResponse, reply: Reply): void {
  const json = reply.raw ?? JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
    ...reply.headers,
  });
  response.end(json);
}

/** Reads a request body up to `limit` bytes; larger bodies are refused, not buffered. */
export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limit) throw oauthError(413, 'invalid_request', `request body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One query parameter, refusing it when given twice (which value would win is not obvious). */
export function singleParam(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw apiError(400, `query parameter "${name}" is given ${values.length} times`);
  return values[0];
}

/** A whole number within [min, max] from a query parameter, or a 400 naming the parameter. */
export function integerParam(
  value: string,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const number = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw apiError(400, `query parameter "${name}" must be a whole number ${range}, got "${value}"`);
  }
  return number;
}
