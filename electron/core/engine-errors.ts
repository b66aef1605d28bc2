import type { ApiErrorCode, AppOwnErrorCode } from '../shared/errors.js';
import { printable } from './printable.js';
import { redact, redactOptional } from './redact.js';

export type { ApiErrorCode };

export interface ApiErrorDetails {
  status?: number;
  serverMessage?: string;
  retryable: boolean;
  /** Epoch ms before which asking again is pointless. */
  retryAt?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  readonly serverMessage?: string;
  readonly retryable: boolean;
  readonly retryAt?: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    details: ApiErrorDetails,
  ) {
    // A server may quote back the secret or token it was sent: no ApiError can carry one.
    super(redact(message), { cause: details.cause });
    this.status = details.status;
    this.serverMessage = redactOptional(details.serverMessage);
    this.retryable = details.retryable;
    this.retryAt = details.retryAt;
  }
}

/** The API answered 503 `times` in a row, the last time `last`: the retry budget is spent. */
export function serviceUnavailable(times: number, last: ApiError): ApiError {
  return new ApiError(
    'unavailable',
    `service unavailable: the API answered 503 (rate limited or overloaded) ${times} times in a row; try again in a moment`,
    { status: last.status, serverMessage: last.serverMessage, retryable: true, cause: last },
  );
}

/** `promise`, or the signal's reason as soon as it aborts (a shared request goes on for the others). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * What of `error` may be written to disk (the audit log): its kind and HTTP status. A server's words
 * may quote what it was sent (a secret, a filter value that is personal data): they are never stored.
 */
export function describeForLog(error: unknown): string {
  if (error instanceof ApiError)
    return `${error.code}${error.status === undefined ? '' : ` (HTTP ${error.status})`}`;
  if (isAbort(error)) return 'cancelled';
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

/** True when `error` is the rejection of an aborted signal (the caller cancelled: not a failure). */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Why `signal` aborted, as an Error (an AbortError DOMException unless the aborter gave its own). */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The operation was aborted', 'AbortError');
}

/** Longest server text an error message quotes: a server's words help, a megabyte of them does not. */
const SERVER_TEXT_MAX = 300;

/**
 * A server's `text` as a message may quote it: every known secret redacted first (a secret cut by the
 * cap would leave its start unredacted), control characters written out (printable.ts), then cut to
 * SERVER_TEXT_MAX characters (whole code points), marked with … when cut.
 */
export function capServerText(text: string): string {
  const safe = printable(redact(text));
  const points = Array.from(safe.slice(0, SERVER_TEXT_MAX * 2));
  return points.length > SERVER_TEXT_MAX || safe.length > SERVER_TEXT_MAX * 2
    ? `${points.slice(0, SERVER_TEXT_MAX - 1).join('')}…`
    : safe;
}

/** The message a server put in an error body, whatever its shape (docs/api.md: `message`, `error`), capped. */
export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'error_description', 'error']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return capServerText(value.trim());
  }
  return undefined;
}

/**
 * The longest a server may make the app wait, whatever its Retry-After says (docs/api.md,
 * "Waits the server asks for"): a 503's wait is about the rate, so a minute is plenty; the token
 * endpoint's may be about its daily budget, and an hour bounds what a wrong header can block.
 */
export const LONGEST_SERVER_WAIT_MS = { api: 60_000, tokenEndpoint: 3_600_000 } as const;

/**
 * Milliseconds a Retry-After header asks for (RFC 9110 §10.2.3: delta-seconds or an HTTP date),
 * at most `longestMs`; undefined when there is none or it cannot be read (then it is ignored).
 */
export function retryAfterMs(header: string | null, now: number, longestMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let wait: number;
  if (/^\d+(\.\d+)?$/.test(value)) wait = Number(value) * 1000;
  else if (/[a-z]/i.test(value)) wait = Date.parse(value) - now;
  else return undefined;
  if (Number.isNaN(wait)) return undefined;
  return Math.min(longestMs, Math.max(0, wait));
}

/** A failure of the app itself (no connection chosen, an unknown id), with a code the UI can act on. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: Extract<
      AppOwnErrorCode,
      'no-connection' | 'connection-changed' | 'not-found' | 'invalid-argument' | 'secret-required'
    >,
    message: string,
  ) {
    super(message);
  }
}
