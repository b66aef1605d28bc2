import { credentialsId, type Credentials } from './credentials.js';
import { abortReason, ApiError } from './errors.js';
import { GrantLedger, type GrantUsage } from './grant-ledger.js';
import type { Fetch } from './http.js';
import { LIFETIME_FALLBACK_MS, requestToken } from './token-endpoint.js';
import type { CachedToken, Vault } from './vault.js';

export type { Credentials };

export interface TokenManagerOptions {
  vault: Vault;
  ledger: GrantLedger;
  fetch?: Fetch;
  now?: () => number;
  /** Time for one token request. */
  timeoutMs?: number;
  /** A 429 asking to wait at most this long is waited out; a longer one is reported. */
  longestWaitMs?: number;
  /** Wait after the token endpoint first fails (5xx, network, unreadable answer); doubles per failure. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

/** Reads a client secret for these credentials (a profile's, from the vault; `cdb`'s, from the environment). */
export type SecretSource = () => Promise<string | undefined>;

/** What the status bar shows about tokens. */
export interface TokenState {
  status: 'none' | 'valid' | 'requesting' | 'failed';
  /** Epoch ms. */
  expiresAt?: number;
  usage: GrantUsage;
  /** The last failure, in words. */
  error?: string;
}

/**
 * Spec "Authentication" 4: keep the token and renew it only when it has expired. The margin only
 * spares the round trip of a 401 for a token that would expire on its way, so it stays a small
 * share of the token's own lifetime: a 3-second token is renewed 0.15 s before its end, not 5 min.
 */
const RENEW_MARGIN_SHARE = 0.05;
const RENEW_MARGIN_MAX_MS = 60_000;

/**
 * The access token of one set of credentials (DESIGN.md, "Tokens"), shared by every profile,
 * connection, test and export of the process that uses them, and through the keychain and the
 * ledger's lock by the other processes of the user: one request (token-endpoint.ts) however many
 * callers wait, used until it expires by its own lifetime, never asked for again after the
 * credentials were rejected (until the user changes them or retries), and after a failing token
 * endpoint only once a growing wait is over.
 */
export class TokenManager {
  private current: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private lastError: Error | undefined;
  /** Set after "credentials rejected": no token request until `retry()`. */
  private rejected: ApiError | undefined;
  /** After a failing token endpoint: no request before `until`. */
  private backoff: { failures: number; until: number } | undefined;
  /** The error callers get while the backoff lasts (it says when the next attempt is). */
  private lastBackoffError: ApiError | undefined;
  /** Scopes where the API refused the current token right after it was issued (spec, Authentication 9). */
  private readonly notPermitted = new Set<string>();
  /** Tokens the API refused (401) and that were renewed: never taken back from the keychain. */
  private readonly refusedTokens = new Set<string>();
  private readonly secretSources = new Map<string, SecretSource>();
  private readonly listeners = new Set<(state: TokenState) => void>();
  private readonly grantListeners = new Set<(usage: GrantUsage) => void>();
  private readonly fetch: Fetch;
  private readonly now: () => number;
  private readonly ledgerKey: string;
  private readonly account: string;
  private readonly detachLedger: () => void;

  constructor(
    readonly credentials: Credentials,
    private readonly options: TokenManagerOptions,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.ledgerKey = GrantLedger.clientKey(credentials.authUrl, credentials.clientId);
    this.account = credentialsId(credentials);
    this.detachLedger = options.ledger.onChange(() => this.emit());
  }

  /**
   * Lets the secret that `source` reads be used to ask for tokens (the newest source first). Every
   * source belongs to a profile with these very credentials, so the secret only goes to the auth
   * URL it was entered for.
   */
  useSecretFrom(sourceId: string, source: SecretSource): void {
    this.secretSources.delete(sourceId);
    this.secretSources.set(sourceId, source);
  }

  /** Stops using a source's secret (its profile was deleted or now has other credentials). */
  dropSecretSource(sourceId: string): void {
    this.secretSources.delete(sourceId);
  }

  /** A valid access token: the current one, one another process cached, or a new one. */
  async getToken(signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    if (this.current && this.isFresh(this.current)) return this.current.accessToken;
    this.inflight ??= this.obtain().finally(() => {
      this.inflight = undefined;
      // The request is over, whichever way: the status bar learns the outcome.
      this.emit();
    });
    this.emit();
    const token = await (signal ? raceAbort(this.inflight, signal) : this.inflight);
    return token.accessToken;
  }

  /**
   * What to do after the API answered 401 to `accessToken` for `scope` (a resource): renew once;
   * but a token refused right after it was issued is valid and only not permitted there (a bundle
   * restricted to some resources), so it is kept and no more tokens are asked for that scope.
   */
  async refused(accessToken: string, scope: string): Promise<'renew' | 'not-permitted'> {
    if (this.current?.accessToken !== accessToken) return 'renew';
    if (this.notPermitted.has(scope)) return 'not-permitted';
    this.current = undefined;
    this.notPermitted.clear();
    // Before the keychain forgets it, a concurrent caller could read it back from there: not this one.
    this.refusedTokens.add(accessToken);
    await this.options.vault.deleteToken(this.account);
    this.emit();
    return 'renew';
  }

  /** Remembers that the freshly issued `accessToken` was refused for `scope`. */
  markNotPermitted(accessToken: string, scope: string): void {
    if (this.current?.accessToken === accessToken) this.notPermitted.add(scope);
  }

  /** Drops the cached token here and in the keychain (the credentials' profile was changed). */
  async forget(): Promise<void> {
    this.current = undefined;
    this.notPermitted.clear();
    await this.options.vault.deleteToken(this.account);
    this.emit();
  }

  /** The user asked to try again: lifts "credentials rejected" and the failing endpoint's wait. */
  retry(): void {
    this.rejected = undefined;
    this.backoff = undefined;
    this.lastError = undefined;
  }

  state(): TokenState {
    const usage = this.options.ledger.usage(this.ledgerKey);
    if (this.inflight) return { status: 'requesting', usage };
    if (this.current && this.current.expiresAt > this.now()) {
      return { status: 'valid', expiresAt: this.current.expiresAt, usage };
    }
    return this.lastError
      ? { status: 'failed', usage, error: this.lastError.message }
      : { status: 'none', usage };
  }

  /** Calls `listener` with the new state whenever it changes. */
  onState(listener: (state: TokenState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` with the day's count each time this process is granted a token. */
  onGrant(listener: (usage: GrantUsage) => void): () => void {
    this.grantListeners.add(listener);
    return () => this.grantListeners.delete(listener);
  }

  /** Stops listening to the ledger (the manager is no longer used). */
  close(): void {
    this.detachLedger();
  }

  /** Fresh until a small share of its lifetime before it ends (RENEW_MARGIN_SHARE). */
  private isFresh(token: CachedToken): boolean {
    const lifetime = token.expiresAt - (token.receivedAt ?? token.expiresAt - LIFETIME_FALLBACK_MS);
    const margin = Math.min(RENEW_MARGIN_MAX_MS, lifetime * RENEW_MARGIN_SHARE);
    return this.now() < token.expiresAt - margin;
  }

  private async obtain(): Promise<CachedToken> {
    try {
      if (this.rejected) throw this.rejected;
      if (this.backoff && this.now() < this.backoff.until)
        throw this.lastError ?? new Error('token endpoint failing');
      const cached = await this.cachedByAnyProcess();
      if (cached) return this.keep(cached);
      // One request per credentials on the machine: a process that waited here finds the token the
      // other one cached, and asks for none.
      return await this.options.ledger.exclusive(this.account, async () => {
        const cachedMeanwhile = await this.cachedByAnyProcess();
        if (cachedMeanwhile) return this.keep(cachedMeanwhile);
        const token = await this.request();
        await this.options.vault.setToken(this.account, token);
        return this.keep(token);
      });
    } catch (error) {
      this.noteFailure(error);
      throw error;
    }
  }

  /** A fresh token from the keychain (or the opted-in token file), maybe cached by another process. */
  private async cachedByAnyProcess(): Promise<CachedToken | undefined> {
    const cached = await this.options.vault.getToken(this.account);
    return cached && this.isFresh(cached) && !this.refusedTokens.has(cached.accessToken) ? cached : undefined;
  }

  private keep(token: CachedToken): CachedToken {
    if (token.accessToken !== this.current?.accessToken) this.notPermitted.clear();
    this.current = token;
    this.lastError = undefined;
    this.backoff = undefined;
    return token;
  }

  /**
   * Remembers why the request failed: rejected credentials (or any other refusal of the request
   * itself, such as a 400) stop all requests until the user acts; a failing endpoint delays the next.
   */
  private noteFailure(error: unknown): void {
    if (!(error instanceof Error)) return;
    this.lastError = error;
    if (!(error instanceof ApiError) || error === this.lastBackoffError) return;
    if (error.code === 'credentials-rejected' || (error.code === 'http' && !error.retryable)) {
      this.rejected = error;
    } else if (error.retryable) {
      this.startBackoff(error);
    }
  }

  private startBackoff(error: ApiError): void {
    const failures = (this.backoff?.failures ?? 0) + 1;
    const base = this.options.baseBackoffMs ?? 2_000;
    const wait = Math.min(this.options.maxBackoffMs ?? 5 * 60_000, base * 2 ** (failures - 1));
    const until = this.now() + wait;
    this.backoff = { failures, until };
    // Callers that come during the wait get this error, saying when the next attempt will be made.
    this.lastError = this.lastBackoffError = new ApiError(error.code, error.message, {
      status: error.status,
      serverMessage: error.serverMessage,
      retryable: true,
      retryAt: until,
      cause: error,
    });
  }

  private async readSecret(): Promise<string | undefined> {
    for (const source of [...this.secretSources.values()].reverse()) {
      const secret = await source();
      if (secret) return secret;
    }
    return undefined;
  }

  /** Asks the token endpoint with the secret of the newest source that has one. */
  private async request(): Promise<CachedToken> {
    const secret = await this.readSecret();
    if (!secret) {
      throw new ApiError(
        'missing-secret',
        'no client secret is saved for this connection: enter it in its settings',
        {
          retryable: false,
        },
      );
    }
    const token = await requestToken(this.credentials, secret, {
      ...this.options,
      fetch: this.fetch,
      now: this.now,
    });
    const usage = this.options.ledger.usage(this.ledgerKey);
    for (const listener of this.grantListeners) listener(usage);
    return token;
  }

  private emit(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}

/**
 * The token managers of a process, one per credentials (DESIGN.md, "Tokens"), over one vault and
 * one ledger: whatever asks for the same credentials gets the same manager.
 */
export class TokenManagers {
  private readonly managers = new Map<string, TokenManager>();

  constructor(private readonly options: TokenManagerOptions) {}

  /** The manager of `credentials`, made the first time they are seen. */
  forCredentials(credentials: Credentials): TokenManager {
    const id = credentialsId(credentials);
    let manager = this.managers.get(id);
    if (!manager) {
      manager = new TokenManager({ ...credentials }, this.options);
      this.managers.set(id, manager);
    }
    return manager;
  }

  /** The manager of `credentials` if one was made. */
  existing(credentials: Credentials): TokenManager | undefined {
    return this.managers.get(credentialsId(credentials));
  }

  closeAll(): void {
    for (const manager of this.managers.values()) manager.close();
    this.managers.clear();
  }
}

/** `promise`, or the signal's reason as soon as it aborts (the shared request goes on for others). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
