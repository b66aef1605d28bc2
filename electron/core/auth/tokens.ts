import { credentialsId, type Credentials } from './credentials.js';
import { ApiError, untilAborted } from '../errors.js';
import { GrantLedger, type GrantUsage } from './grant-ledger.js';
import { LIFETIME_FALLBACK_MS, requestToken } from './token-endpoint.js';
import { TokenGate } from './token-gate.js';
import type { CachedToken } from './vault.js';
import type { Fetch } from '../api/http.js';
import type { SecretSource, TokenManagerOptions, TokenState } from './token-manager-options.js';

export type { Credentials, SecretSource, TokenManagerOptions, TokenState };

/**
 * Spec "Authentication" 4: keep the token and renew it only when it has expired. The margin only
 * spares the round trip of a 401 for a token that would expire on its way, so it stays a small
 * share of the token's own lifetime: a 3-second token is renewed 0.15 s before its end, not 5 min.
 */
const RENEW_MARGIN_SHARE = 0.05;
const RENEW_MARGIN_MAX_MS = 60_000;

/**
 * The access token of one set of credentials (docs/architecture.md, "How a token is spent"), shared
 * by every profile, connection, test and export of the process, and through the keychain and the
 * ledger's lock by the user's other processes: one request (token-endpoint.ts) however many wait,
 * used until its own lifetime ends, never asked for again after the credentials were rejected
 * (until the user changes them or retries), and after a failing endpoint only once a growing wait is over.
 */
export class TokenManager {
  private current: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  /** Whether a token may be asked for now (after rejected credentials or a failing endpoint). */
  private readonly gate: TokenGate;
  /**
   * Scopes where the API refused the current token right after it was issued (spec, Authentication
   * 9); kept with the token in the keychain, so no process spends a token to learn it again.
   */
  private notPermitted = new Set<string>();
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
    this.gate = new TokenGate({ ...options, now: this.now });
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
    const token = await (signal ? untilAborted(this.inflight, signal) : this.inflight);
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
    // Only if the keychain still holds this very token: another process refused the same one a
    // moment ago and may have cached its successor, which the renewal then finds (one grant).
    await this.options.ledger.exclusive(this.account, async () => {
      if ((await this.options.vault.getToken(this.account))?.accessToken === accessToken)
        await this.options.vault.deleteToken(this.account);
    });
    this.emit();
    return 'renew';
  }

  /** Remembers, here and with the cached token, that the freshly issued `accessToken` was refused for `scope`. */
  async markNotPermitted(accessToken: string, scope: string): Promise<void> {
    if (this.current?.accessToken !== accessToken || this.notPermitted.has(scope)) return;
    this.notPermitted.add(scope);
    this.current = { ...this.current, notPermitted: [...this.notPermitted] };
    await this.options.vault.setToken(this.account, this.current);
  }

  /**
   * Takes `token`, obtained for these very credentials by a trial of the secret now saved for them
   * (AppCore's Test then Save), as the current token: no second grant for the same secret.
   */
  async adopt(token: CachedToken): Promise<void> {
    await this.options.vault.setToken(this.account, token);
    this.keep(token);
    this.emit();
  }

  /** Drops the cached token here and in the keychain (the credentials' profile was changed). */
  async forget(): Promise<void> {
    this.current = undefined;
    this.notPermitted.clear();
    await this.options.vault.deleteToken(this.account);
    this.emit();
  }

  /**
   * The user asked to try again: lifts "credentials rejected", the failing endpoint's wait and the
   * token endpoint's Retry-After recorded in the ledger (never the day's count of tokens).
   */
  async retry(): Promise<void> {
    this.gate.retry();
    await this.options.ledger.unblock(this.ledgerKey);
    this.emit();
  }

  state(): TokenState {
    const usage = this.options.ledger.usage(this.ledgerKey);
    if (this.inflight) return { status: 'requesting', usage };
    if (this.current && this.current.expiresAt > this.now()) {
      return { status: 'valid', expiresAt: this.current.expiresAt, usage };
    }
    const error = this.gate.lastError;
    return error ? { status: 'failed', usage, error: error.message } : { status: 'none', usage };
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
      this.gate.check();
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
      this.gate.failed(error);
      throw error;
    }
  }

  /** A fresh token from the keychain (or the opted-in token file), maybe cached by another process. */
  private async cachedByAnyProcess(): Promise<CachedToken | undefined> {
    const cached = await this.options.vault.getToken(this.account);
    return cached && this.isFresh(cached) && !this.refusedTokens.has(cached.accessToken) ? cached : undefined;
  }

  private keep(token: CachedToken): CachedToken {
    // A new token clears what the last one was not permitted; a token read back brings its own.
    this.notPermitted = new Set(token.notPermitted);
    this.current = token;
    this.gate.succeeded();
    return token;
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
