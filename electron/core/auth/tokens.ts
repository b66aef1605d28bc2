import { credentialsId, type Credentials } from '../credentials.js';
import { createHash } from 'node:crypto';
import { ApiError, untilAborted } from '../engine-errors.js';
import { GrantLedger, type GrantUsage } from './grant-ledger.js';
import { requestToken } from './token-endpoint.js';
import { TokenCache } from './token-cache.js';
import { RESOURCES } from '../../shared/api-rules.js';
import { TokenPermissions } from './token-permissions.js';
import { TokenGate } from './token-gate.js';
import type { CachedToken } from './vault.js';
import type { Fetch } from '../net/http.js';
import type { SecretSource, TokenManagerOptions, TokenState } from './token-manager-options.js';

export type { Credentials, SecretSource, TokenManagerOptions, TokenState };

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
  /** What the API permits and refuses these credentials' tokens, learnt from its answers. */
  private readonly permissions = new TokenPermissions();
  /** The token as the user's other processes and the next start find it (keychain or token file). */
  private readonly cache: TokenCache;
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
    this.cache = new TokenCache(options.vault, options.ledger, this.account, this.now);
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
    if (this.current && this.cache.isFresh(this.current)) return this.current.accessToken;
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
   * True when a call for `scope` is to be answered "not permitted" without asking: the API refused
   * these credentials there, and no valid token is in hand, so learning it again would cost a grant
   * (a token endpoint stating lifetimes under a minute made every such click one). With a token in
   * hand the call is tried, so a widened bundle is found; Retry forgets the refusal. Throws the
   * gate's error when no token may be asked at all (rejected credentials say more than this).
   */
  refusedWithoutAsking(scope: string): boolean {
    if (!this.permissions.refuses(scope) || (this.current && this.cache.isFresh(this.current))) return false;
    this.gate.check();
    return true;
  }

  /** The API answered a call made with `accessToken` for `scope`: the token is valid, and permitted there. */
  acceptedBy(accessToken: string, scope: string): void {
    this.permissions.acceptedBy(accessToken, scope);
  }

  /**
   * What to do after the API answered 401 to `accessToken` for `scope` (token-permissions.ts): renew
   * a token that may have ended; for one proven valid, remember the scope is not permitted (no grant)
   * and, when every resource refuses tokens never answered, close the gate, so no grant is spent
   * finding it out again.
   */
  async refused(accessToken: string, scope: string): Promise<'renew' | 'not-permitted'> {
    const current = this.current;
    // Renewed meanwhile by another call: trying the current token costs no grant.
    if (current?.accessToken !== accessToken) return 'renew';
    const meaning = this.permissions.judge(current, scope, this.now());
    if (meaning !== 'renew') {
      await this.keepWhatIsNotPermitted();
      if (meaning === 'tokens-refused') await this.closeOnRefusedTokens();
      return 'not-permitted';
    }
    this.current = undefined;
    // Before the keychain forgets it, a concurrent caller could read it back from there: not this one.
    await this.cache.drop(accessToken);
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
    await this.cache.keep(token);
    this.emit();
  }

  /** Drops the cached token here and in the keychain (the credentials' profile was changed). */
  async forget(): Promise<void> {
    this.current = undefined;
    this.permissions.clear();
    await this.options.vault.deleteToken(this.account);
    this.emit();
  }

  /**
   * The user asked to try again: lifts "credentials rejected", the failing endpoint's wait and the
   * token endpoint's Retry-After recorded in the ledger (never the day's count of tokens).
   */
  async retry(): Promise<void> {
    this.gate.retry();
    this.permissions.clear();
    await this.options.ledger.unblock(this.ledgerKey);
    this.emit();
  }

  state(): TokenState {
    const usage = this.options.ledger.usage(this.ledgerKey);
    if (this.inflight) return { status: 'requesting', usage };
    if (this.current && this.current.expiresAt > this.now()) {
      const notCached =
        this.cache.failure && `it could not be kept for the next start (${this.cache.failure})`;
      return {
        status: 'valid',
        expiresAt: this.current.expiresAt,
        usage,
        ...(notCached && { error: notCached }),
      };
    }
    const error = this.gate.lastError;
    if (!error) return { status: 'none', usage };
    const errorCode = error instanceof ApiError ? error.code : undefined;
    return { status: 'failed', usage, error: error.message, ...(errorCode && { errorCode }) };
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

  /** Keeps, with the cached token (for the user's other processes), the scopes found not permitted. */
  private async keepWhatIsNotPermitted(): Promise<void> {
    if (!this.current) return;
    this.current = { ...this.current, notPermitted: this.permissions.refusedScopes };
    await this.cache.keep(this.current);
  }

  /**
   * Every resource refused a token the API never answered: these credentials' tokens are not for
   * this API. The token is dropped and the gate closed until the user changes the connection or retries.
   */
  private async closeOnRefusedTokens(): Promise<void> {
    const token = this.current;
    this.current = undefined;
    this.gate.close(
      new ApiError(
        'credentials-rejected',
        `the API refuses every token these credentials obtain (HTTP 401 for ${RESOURCES.join(', ')}): check the connection's audience (the API its tokens are asked for) and that this client may read this API, then try again`,
        { status: 401, retryable: false },
      ),
    );
    if (token) await this.cache.drop(token.accessToken);
    this.emit();
  }

  private async obtain(): Promise<CachedToken> {
    try {
      this.gate.check();
      const cached = await this.cache.fresh();
      if (cached) return this.keep(cached);
      // One request per credentials on the machine: a process that waited here finds the token the
      // other one cached, and asks for none.
      return await this.options.ledger.exclusive(this.account, async () => {
        const cachedMeanwhile = await this.cache.fresh();
        if (cachedMeanwhile) return this.keep(cachedMeanwhile);
        // Kept before it is cached: a keychain or token file that fails costs the cache, never the token.
        const token = this.keep(await this.request());
        await this.cache.keep(token);
        return token;
      });
    } catch (error) {
      this.gate.failed(error);
      throw error;
    }
  }

  private keep(token: CachedToken): CachedToken {
    this.permissions.learnFrom(token);
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
