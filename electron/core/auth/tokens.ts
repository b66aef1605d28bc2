import { credentialsId, type Credentials } from './credentials.js';
import { createHash } from 'node:crypto';
import { ApiError, untilAborted } from '../errors.js';
import { GrantLedger, type GrantUsage } from './grant-ledger.js';
import { LIFETIME_FALLBACK_MS, requestToken, SHORTEST_LIFETIME_MS } from './token-endpoint.js';
import { RESOURCES } from '../../shared/api-rules.js';
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
 * A 401 to a token received less than this ago cannot mean it ended (no token lives shorter): the
 * token is valid and only not permitted there (spec, Authentication 9). Renewing would pay for nothing.
 */
const PROVEN_FRESH_MS = SHORTEST_LIFETIME_MS;
/** At most one renewal forced by a 401 in this long: a refusal repeated sooner is "not permitted" (a token is money). */
const FORCED_RENEWAL_EVERY_MS = 5 * 60_000;

/** SHA-256 of a secret, hex: what a cached token keeps of the secret that obtained it. */
function secretDigestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

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
   * Scopes (resources) where the API refused a token it had proven valid (spec, Authentication 9):
   * learnt for these credentials and API origin, kept across renewals (a new token is not permitted
   * more), and with the token in the keychain so no process spends a token to learn it again. A scope
   * leaves it when the API answers there (the bundle was widened), the user retries, or the
   * credentials change.
   */
  private readonly notPermitted = new Set<string>();
  /** The token the API last answered, and the scopes where it did: a 401 there means it ended. */
  private accepted: { accessToken: string; scopes: Set<string> } | undefined;
  /** Whether the API ever answered a token of these credentials in this process. */
  private everAccepted = false;
  /** When a 401 last made this manager renew (FORCED_RENEWAL_EVERY_MS). */
  private forcedRenewalAt: number | undefined;
  /** Why the current token could not be cached in the keychain or token file, if it could not. */
  private cacheFailure: string | undefined;
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
   * Lets the secret that `source` reads be used to ask for tokens (the newest source first; the one
   * that last got a token becomes the newest). Every source belongs to a profile with these very
   * credentials, so the secret only goes to the auth URL it was entered for.
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

  /** The API answered a call made with `accessToken` for `scope`: the token is valid, and permitted there. */
  acceptedBy(accessToken: string, scope: string): void {
    if (this.accepted?.accessToken !== accessToken) this.accepted = { accessToken, scopes: new Set() };
    this.accepted.scopes.add(scope);
    this.everAccepted = true;
    this.notPermitted.delete(scope);
  }

  /**
   * What to do after the API answered 401 to `accessToken` for `scope`. A token that may have ended
   * (refused where it was answered before, or old and never answered) is renewed, once per
   * FORCED_RENEWAL_EVERY_MS. A token proven valid (answered elsewhere, or received within a minute)
   * is only not permitted there: no grant, and the scope is remembered for these credentials. When
   * every resource refuses and no token was ever answered, the tokens themselves are refused (a
   * wrong audience): the gate closes, so no grant is spent finding it out again.
   */
  async refused(accessToken: string, scope: string): Promise<'renew' | 'not-permitted'> {
    const current = this.current;
    // Renewed meanwhile by another call: trying the current token costs no grant.
    if (current?.accessToken !== accessToken) return 'renew';
    const acceptedHere = this.accepted?.accessToken === accessToken && this.accepted.scopes.has(scope);
    if (!acceptedHere) {
      const now = this.now();
      const proven =
        this.notPermitted.has(scope) ||
        this.accepted?.accessToken === accessToken ||
        now - (current.receivedAt ?? 0) < PROVEN_FRESH_MS ||
        (this.forcedRenewalAt !== undefined && now - this.forcedRenewalAt < FORCED_RENEWAL_EVERY_MS);
      if (proven) {
        await this.markNotPermitted(scope);
        if (!this.everAccepted && RESOURCES.every((resource) => this.notPermitted.has(resource))) {
          await this.closeOnRefusedTokens();
        }
        return 'not-permitted';
      }
    }
    this.forcedRenewalAt = this.now();
    this.current = undefined;
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

  /**
   * Whether the token held for these credentials (here or cached by another process) was obtained
   * with `secret`; true when it says nothing of its secret (cached by an older version).
   */
  async obtainedWith(secret: string): Promise<boolean> {
    const token = this.current ?? (await this.options.vault.getToken(this.account).catch(() => undefined));
    return token?.secretDigest === undefined || token.secretDigest === secretDigestOf(secret);
  }

  /**
   * Takes `token`, obtained for these very credentials by a trial of the secret now saved for them
   * (AppCore's Test then Save), as the current token: no second grant for the same secret.
   */
  async adopt(token: CachedToken): Promise<void> {
    this.keep(token);
    await this.persist(token);
    this.emit();
  }

  /** Drops the cached token here and in the keychain (the credentials' profile was changed). */
  async forget(): Promise<void> {
    this.current = undefined;
    this.forgetWhatWasLearnt();
    await this.options.vault.deleteToken(this.account);
    this.emit();
  }

  /**
   * The user asked to try again: lifts "credentials rejected", the failing endpoint's wait and the
   * token endpoint's Retry-After recorded in the ledger (never the day's count of tokens).
   */
  async retry(): Promise<void> {
    this.gate.retry();
    this.forgetWhatWasLearnt();
    await this.options.ledger.unblock(this.ledgerKey);
    this.emit();
  }

  state(): TokenState {
    const usage = this.options.ledger.usage(this.ledgerKey);
    if (this.inflight) return { status: 'requesting', usage };
    if (this.current && this.current.expiresAt > this.now()) {
      const notCached = this.cacheFailure && `it could not be kept for the next start (${this.cacheFailure})`;
      return {
        status: 'valid',
        expiresAt: this.current.expiresAt,
        usage,
        ...(notCached && { error: notCached }),
      };
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

  /** Caches `token` for the user's other processes and the next start, best-effort (the status bar says when it failed). */
  private async persist(token: CachedToken): Promise<void> {
    try {
      await this.options.vault.setToken(this.account, token);
      this.cacheFailure = undefined;
    } catch (error) {
      this.cacheFailure = error instanceof Error ? error.message : String(error);
    }
  }

  /** Forgets what the API was seen to permit and refuse (the credentials changed, or the user retries). */
  private forgetWhatWasLearnt(): void {
    this.notPermitted.clear();
    this.accepted = undefined;
    this.everAccepted = false;
    this.forcedRenewalAt = undefined;
  }

  /** Remembers, here and with the cached token (for the user's other processes), that `scope` is not permitted. */
  private async markNotPermitted(scope: string): Promise<void> {
    this.notPermitted.add(scope);
    if (!this.current) return;
    this.current = { ...this.current, notPermitted: [...this.notPermitted] };
    await this.persist(this.current);
  }

  /**
   * Every resource refused a token the API never answered: these credentials' tokens are not for
   * this API. The token is dropped and the gate closed until the user changes the connection or retries.
   */
  private async closeOnRefusedTokens(): Promise<void> {
    const token = this.current;
    this.current = undefined;
    if (token) this.refusedTokens.add(token.accessToken);
    this.gate.close(
      new ApiError(
        'credentials-rejected',
        `the API refuses every token these credentials obtain (HTTP 401 for ${RESOURCES.join(', ')}): check the connection's audience (the API its tokens are asked for) and that this client may read this API, then try again`,
        { status: 401, retryable: false },
      ),
    );
    await this.options.ledger.exclusive(this.account, async () => {
      if (token && (await this.options.vault.getToken(this.account))?.accessToken === token.accessToken)
        await this.options.vault.deleteToken(this.account);
    });
    this.emit();
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
        // Kept before it is cached: a keychain or token file that fails costs the cache, never the token.
        const token = this.keep(await this.request());
        await this.persist(token);
        return token;
      });
    } catch (error) {
      this.gate.failed(error);
      throw error;
    }
  }

  /** A fresh token from the keychain (or the opted-in token file), maybe cached by another process. */
  private async cachedByAnyProcess(): Promise<CachedToken | undefined> {
    // A cache that cannot be read (a token file that is a folder, a FIFO, another user's) holds no
    // token: one is asked for and kept in memory, and the status says why it is not kept.
    const cached = await this.options.vault.getToken(this.account).catch((error: unknown) => {
      this.cacheFailure = error instanceof Error ? error.message : String(error);
      return undefined;
    });
    return cached && this.isFresh(cached) && !this.refusedTokens.has(cached.accessToken) ? cached : undefined;
  }

  private keep(token: CachedToken): CachedToken {
    // What these credentials may not read outlives the token; a token read back brings what another process learnt.
    for (const scope of token.notPermitted ?? []) this.notPermitted.add(scope);
    this.current = token;
    this.gate.succeeded();
    return token;
  }

  /**
   * Asks the token endpoint with the secret of the source that last got a token (else the newest);
   * a secret the endpoint rejects (a profile with a mistyped copy of these credentials) gives way to
   * the next different one, so one wrong profile never locks out the right one.
   */
  private async request(): Promise<CachedToken> {
    let rejection: ApiError | undefined;
    const tried = new Set<string>();
    for (const [sourceId, source] of [...this.secretSources].reverse()) {
      const secret = await source();
      if (!secret || tried.has(secret)) continue;
      tried.add(secret);
      try {
        const token = await requestToken(this.credentials, secret, {
          ...this.options,
          fetch: this.fetch,
          now: this.now,
        });
        // The source that works is asked first next time.
        this.useSecretFrom(sourceId, source);
        const usage = this.options.ledger.usage(this.ledgerKey);
        for (const listener of this.grantListeners) listener(usage);
        return { ...token, secretDigest: secretDigestOf(secret) };
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'credentials-rejected') throw error;
        rejection = error;
      }
    }
    throw (
      rejection ??
      new ApiError(
        'missing-secret',
        'no client secret is saved for this connection: enter it in its settings',
        {
          retryable: false,
        },
      )
    );
  }

  private emit(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}
