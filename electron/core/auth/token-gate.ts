import { ApiError } from '../engine-errors.js';

export interface TokenGateOptions {
  now: () => number;
  /** Wait after the token endpoint first fails (5xx, network, unreadable answer); doubles per failure. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

/** Refusals of the request itself (not of the moment): no token is asked again until the user acts. */
const CLOSING_CODES: ReadonlySet<string> = new Set([
  'credentials-rejected',
  'http',
  'invalid-response',
  // A certificate is not fixed by asking again: by installing a root, or by the server's owner.
  'certificate-untrusted',
  'certificate-expired',
  'certificate-name',
]);
/** Refusals that say when a token may be asked again (a spent budget, a Retry-After). */
const WAITING_CODES: ReadonlySet<string> = new Set(['token-budget', 'token-rate-limited']);

/**
 * Whether a token may be asked for now (docs/architecture.md, "How a token is spent"; a token is money): never again after
 * the credentials were rejected, until the user changes them or retries; after a failing token
 * endpoint, only once a growing wait is over. Remembers the last failure for the status bar.
 */
export class TokenGate {
  /** Set after "credentials rejected": no token request until `retry()`. */
  private rejected: ApiError | undefined;
  /** After a failing token endpoint: no request before `until`. */
  private backoff: { failures: number; until: number } | undefined;
  /** The error callers get while the backoff lasts (it says when the next attempt is). */
  private backoffError: Error | undefined;
  private error: Error | undefined;

  constructor(private readonly options: TokenGateOptions) {}

  /** The last failure, until a token is obtained or the user retries. */
  get lastError(): Error | undefined {
    return this.error;
  }

  /** Throws why no token may be asked for now, if so. */
  check(): void {
    if (this.rejected) throw this.rejected;
    if (this.backoff && this.options.now() < this.backoff.until) {
      throw this.error ?? new Error('token endpoint failing');
    }
  }

  /**
   * Remembers why a request failed: rejected credentials (or any other refusal of the request
   * itself, such as a 400) close the gate until the user acts; a failing endpoint delays the next.
   */
  failed(error: unknown): void {
    if (!(error instanceof Error)) return;
    this.error = error;
    if (error === this.backoffError) return;
    if (!(error instanceof ApiError)) {
      // The keychain, the token file or a lock failed: retried, but not at every call.
      this.startBackoff(error);
    } else if (CLOSING_CODES.has(error.code) && !error.retryable) {
      this.rejected = error;
    } else if (error.retryAt !== undefined && WAITING_CODES.has(error.code)) {
      // The token endpoint (or the ledger, for it) said when to ask again: not a moment sooner.
      this.backoff = { failures: this.backoff?.failures ?? 0, until: error.retryAt };
      this.backoffError = error;
    } else if (error.retryable) {
      this.startBackoff(error);
    }
  }

  /** Closes the gate with `error` until the user retries (the API refuses every token these credentials get). */
  close(error: ApiError): void {
    this.rejected = this.error = error;
  }

  /** A token was obtained: the endpoint works again. */
  succeeded(): void {
    this.error = undefined;
    this.backoff = undefined;
  }

  /** The user asked to try again: lifts "credentials rejected" and the failing endpoint's wait. */
  retry(): void {
    this.rejected = undefined;
    this.backoff = undefined;
    this.error = undefined;
  }

  private startBackoff(error: Error): void {
    const failures = (this.backoff?.failures ?? 0) + 1;
    const base = this.options.baseBackoffMs ?? 2_000;
    const wait = Math.min(this.options.maxBackoffMs ?? 5 * 60_000, base * 2 ** (failures - 1));
    const until = this.options.now() + wait;
    this.backoff = { failures, until };
    // Callers that come during the wait get this error, saying when the next attempt will be made.
    this.error = this.backoffError =
      error instanceof ApiError
        ? new ApiError(error.code, error.message, {
            status: error.status,
            serverMessage: error.serverMessage,
            retryable: true,
            retryAt: until,
            cause: error,
          })
        : error;
  }
}
