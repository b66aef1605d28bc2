import { ApiError } from '../errors.js';

export interface TokenGateOptions {
  now: () => number;
  /** Wait after the token endpoint first fails (5xx, network, unreadable answer); doubles per failure. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

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
  private backoffError: ApiError | undefined;
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
    if (!(error instanceof ApiError) || error === this.backoffError) return;
    if (error.code === 'credentials-rejected' || (error.code === 'http' && !error.retryable)) {
      this.rejected = error;
    } else if (error.retryable) {
      this.startBackoff(error);
    }
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

  private startBackoff(error: ApiError): void {
    const failures = (this.backoff?.failures ?? 0) + 1;
    const base = this.options.baseBackoffMs ?? 2_000;
    const wait = Math.min(this.options.maxBackoffMs ?? 5 * 60_000, base * 2 ** (failures - 1));
    const until = this.options.now() + wait;
    this.backoff = { failures, until };
    // Callers that come during the wait get this error, saying when the next attempt will be made.
    this.error = this.backoffError = new ApiError(error.code, error.message, {
      status: error.status,
      serverMessage: error.serverMessage,
      retryable: true,
      retryAt: until,
      cause: error,
    });
  }
}
