/**
 * Every failure code that crosses from the app to the renderer (AppErrorPayload.code): the API's,
 * raised by core's ApiError, and the app's own. One union, so the renderer's describeFailure is
 * checked for completeness by the compiler.
 */

/**
 * What went wrong talking to the API, in words the UI and `cdb` can show as they are, with what a
 * caller needs to decide: the HTTP status, the server's own message, whether trying again can help
 * and, where the server said so, when.
 */
export type ApiErrorCode =
  /** The server could not be reached (DNS, refused connection, reset). */
  | 'network'
  /** The server's certificate is signed by an authority this computer does not trust (a company's root not installed). */
  | 'certificate-untrusted'
  /** The server's certificate has expired, or is not valid yet (this computer's clock). */
  | 'certificate-expired'
  /** The server's certificate is for another name than the address asked. */
  | 'certificate-name'
  /** No answer within the time limit. */
  | 'timeout'
  /** The answer was not what the spec describes (not JSON, no success envelope). */
  | 'invalid-response'
  /** The token endpoint refused the client id and secret, or the API refused a fresh token. */
  | 'credentials-rejected'
  /** No client secret is saved for the connection. */
  | 'missing-secret'
  /** The daily token budget is spent (ours or the server's); `retryAt` says when the next is allowed. */
  | 'token-budget'
  /** The token endpoint asked us to slow down (429); `retryAt` says when to ask again. */
  | 'token-rate-limited'
  /** One 503 (rate limited or overloaded): the limiter backs off and retries it. */
  | 'overloaded'
  /** The API kept answering 503 past the retry budget. */
  | 'unavailable'
  /** A request that carried a cursor was refused: the traversal must start again. */
  | 'invalid-cursor'
  /** The token was refused (401): renewed once by the client, then reported as not-permitted. */
  | 'unauthorized'
  /** The API refused a freshly issued token (401) or forbade the call (403): the bundle may not use this resource (spec, Authentication 9). */
  | 'not-permitted'
  /** Any other HTTP error answer. */
  | 'http';

/** What went wrong in the app itself, not with the API. */
export type AppOwnErrorCode =
  /** An argument failed the contract's schema, or a profile, filter or column list is not valid. */
  | 'invalid-argument'
  /** The request is not in the contract. */
  | 'unknown-request'
  /** No connection is chosen. */
  | 'no-connection'
  /** The request named a connection the window or tab no longer shows (it chose another since). */
  | 'connection-changed'
  /** An id names nothing (a profile, the Demo in a build without it). */
  | 'not-found'
  /** A saved connection moved to another address: its secret must be typed again. */
  | 'secret-required'
  /** The system keychain failed. */
  | 'keychain'
  /** The caller cancelled. */
  | 'cancelled'
  /** A file could not be written (its message names the path). */
  | 'file'
  /** The window may not call the app (Electron's sender check). */
  | 'forbidden'
  /** A bug: details are in the app's log. */
  | 'internal';

export type AppErrorCode = ApiErrorCode | AppOwnErrorCode;

/**
 * What the app says when the API hands out a cursor it gave before in one traversal (docs/api.md,
 * "What the app does not take on trust"): `where` is "after 12 pages" or "at row 6,000".
 */
export function repeatedCursorMessage(where: string): string {
  return `${where} it handed out a cursor it had already given in this list, so the list would never end; it was stopped`;
}

/** A failure as it crosses to the renderer: what happened and what can be done, never a secret. */
export interface AppErrorPayload {
  code: AppErrorCode;
  /** The app's own account, in English (what `cdb` prints). */
  message: string;
  /** The server's own words, when it gave any: shown as a quote, not as the app's sentence. */
  serverMessage?: string;
  status?: number;
  retryable?: boolean;
  retryAt?: number;
}
