import { decodeJwt } from 'jose';
import { z } from 'zod';
import { API_LIMITS } from '../shared/api-rules.js';
import { abortReason, ApiError, retryAfterMs, serverMessageOf } from './errors.js';
import { GrantLedger, type GrantUsage } from './grant-ledger.js';
import { httpCall, jsonOf, type Fetch } from './http.js';
import type { CachedToken, Vault } from './vault.js';

/** Where and as whom tokens are requested (spec "Token endpoint"). */
export interface TokenClient {
  /** The profile whose secret and token the vault holds. */
  profileId: string;
  authUrl: string;
  audience: string;
  clientId: string;
}

export interface TokenManagerOptions {
  vault: Vault;
  ledger: GrantLedger;
  fetch?: Fetch;
  now?: () => number;
  /** Time for one token request. */
  timeoutMs?: number;
  /** A 429 asking to wait at most this long is waited out; a longer one is reported. */
  longestWaitMs?: number;
  /** How long before expiry a token is renewed (default 5 min). */
  renewBeforeMs?: number;
  /** Where the client secret comes from; the vault by default (`cdb` may take it from the environment). */
  readSecret?: () => Promise<string | undefined>;
}

/** What the status bar shows about tokens. */
export interface TokenState {
  status: 'none' | 'valid' | 'requesting' | 'failed';
  /** Epoch ms. */
  expiresAt?: number;
  usage: GrantUsage;
  /** The last failure, in words. */
  error?: string;
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const LIFETIME_FALLBACK_MS = API_LIMITS.tokenLifetimeSeconds * 1000;
const RENEW_BEFORE_MS = 5 * 60 * 1000;
const MAX_429_WAITS = 2;

/**
 * The access token of one profile (DESIGN.md, "Tokens"): kept in the vault so a restart reuses it,
 * renewed a little before it expires, requested once however many callers wait for it, and
 * within the 15-a-day budget, which it refuses to exceed itself.
 */
export class TokenManager {
  private current: CachedToken | undefined;
  private loadedFromVault = false;
  private inflight: Promise<CachedToken> | undefined;
  private lastError: string | undefined;
  private readonly listeners = new Set<(state: TokenState) => void>();
  private readonly fetch: Fetch;
  private readonly now: () => number;
  private readonly ledgerKey: string;

  constructor(
    private readonly client: TokenClient,
    private readonly options: TokenManagerOptions,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.ledgerKey = GrantLedger.clientKey(client.authUrl, client.clientId);
  }

  /** A valid access token: the cached one, or a new one when it is missing or about to expire. */
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

  /** Drops `accessToken` if it is the current one (the API refused it with 401). */
  async invalidate(accessToken: string): Promise<void> {
    if (this.current?.accessToken !== accessToken) return;
    this.current = undefined;
    await this.options.vault.deleteToken(this.client.profileId);
    this.emit();
  }

  state(): TokenState {
    const usage = this.options.ledger.usage(this.ledgerKey);
    if (this.inflight) return { status: 'requesting', usage };
    if (this.current && this.current.expiresAt > this.now()) {
      return { status: 'valid', expiresAt: this.current.expiresAt, usage };
    }
    return this.lastError ? { status: 'failed', usage, error: this.lastError } : { status: 'none', usage };
  }

  /** Calls `listener` with the new state whenever it changes. */
  onState(listener: (state: TokenState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private isFresh(token: CachedToken): boolean {
    return token.expiresAt - this.now() > (this.options.renewBeforeMs ?? RENEW_BEFORE_MS);
  }

  private async obtain(): Promise<CachedToken> {
    try {
      if (!this.loadedFromVault) {
        this.loadedFromVault = true;
        const cached = await this.options.vault.getToken(this.client.profileId);
        if (cached && this.isFresh(cached)) return this.keep(cached);
      }
      const token = await this.request();
      await this.options.ledger.record(this.ledgerKey);
      await this.options.vault.setToken(this.client.profileId, token);
      return this.keep(token);
    } catch (error) {
      this.lastError = (error as Error).message;
      throw error;
    }
  }

  private keep(token: CachedToken): CachedToken {
    this.current = token;
    this.lastError = undefined;
    return token;
  }

  private async request(): Promise<CachedToken> {
    for (let waits = 0; ; waits++) {
      this.assertBudget();
      const secret = await (this.options.readSecret?.() ??
        this.options.vault.getSecret(this.client.profileId));
      if (!secret) {
        throw new ApiError(
          'missing-secret',
          'no client secret is saved for this connection: enter it in its settings',
          {
            retryable: false,
          },
        );
      }
      const answer = await httpCall(this.fetch, `${this.client.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_id: this.client.clientId,
          client_secret: secret,
          audience: this.client.audience,
          grant_type: 'client_credentials',
        }),
        timeoutMs: this.options.timeoutMs ?? 15_000,
        what: 'the token endpoint',
      });
      const body = jsonOf(answer);
      if (answer.status === 200) return this.tokenFrom(body);
      const serverMessage = serverMessageOf(body);
      const wait = retryAfterMs(answer.headers.get('retry-after'), this.now());
      if (
        answer.status === 429 &&
        wait !== undefined &&
        wait <= (this.options.longestWaitMs ?? 60_000) &&
        waits < MAX_429_WAITS
      ) {
        // Spec "Errors": 429 + Retry-After from the token endpoint. A short wait is waited out, once or twice.
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      throw await this.failure(answer.status, serverMessage, wait, body);
    }
  }

  /** Refuses to ask for a 16th token in 24 h, or to ask before a server's Retry-After (never hammer). */
  private assertBudget(): void {
    const usage = this.options.ledger.usage(this.ledgerKey);
    if (usage.nextAllowedAt === undefined) return;
    const at = new Date(usage.nextAllowedAt).toISOString();
    const spent = usage.blockedFor === 'budget';
    const counted =
      usage.used >= usage.limit
        ? `${usage.used} / ${usage.limit} tokens used in the last 24 h`
        : 'the server says so';
    throw new ApiError(
      spent ? 'token-budget' : 'token-rate-limited',
      spent
        ? `token budget spent: ${counted}; the next one can be requested at ${at}`
        : `the token endpoint asked to wait: the next token can be requested at ${at}`,
      { retryable: false, retryAt: usage.nextAllowedAt },
    );
  }

  private async failure(
    status: number,
    serverMessage: string | undefined,
    wait: number | undefined,
    body: unknown,
  ): Promise<ApiError> {
    const quoted = serverMessage ? `: ${serverMessage}` : '';
    const retryAt = wait === undefined ? undefined : this.now() + wait;
    const code = (body as { error?: unknown } | undefined)?.error;
    if (status === 401 || code === 'invalid_client') {
      return new ApiError(
        'credentials-rejected',
        `credentials rejected: the token endpoint refused this client id and secret${quoted}`,
        {
          status,
          serverMessage,
          retryable: false,
        },
      );
    }
    if (status === 429 || status === 403) {
      // DESIGN.md: 429/403 from the token endpoint: stop, and show when a token is next allowed.
      const quota = status === 403 || code === 'token_quota_exceeded' || (wait ?? 0) > 60_000;
      if (retryAt !== undefined)
        await this.options.ledger.blockUntil(this.ledgerKey, retryAt, quota ? 'budget' : 'rate');
      const when =
        retryAt === undefined ? '' : `; the next one can be requested at ${new Date(retryAt).toISOString()}`;
      return new ApiError(
        quota ? 'token-budget' : 'token-rate-limited',
        `${quota ? 'the token budget is spent' : 'too many token requests'} (HTTP ${status})${quoted}${when}`,
        { status, serverMessage, retryable: false, retryAt },
      );
    }
    return new ApiError('http', `the token endpoint answered HTTP ${status}${quoted}`, {
      status,
      serverMessage,
      retryable: status >= 500,
    });
  }

  private tokenFrom(body: unknown): CachedToken {
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError('invalid-response', 'the token endpoint answered without an access_token', {
        status: 200,
        retryable: false,
      });
    }
    const { access_token: accessToken, expires_in: expiresIn } = parsed.data;
    return {
      accessToken,
      expiresAt: this.now() + (expiresIn !== undefined ? expiresIn * 1000 : this.lifetimeOf(accessToken)),
    };
  }

  /** DESIGN.md: lifetime from `expires_in`, else the JWT's `exp`, else 10 h. */
  private lifetimeOf(accessToken: string): number {
    try {
      const { exp } = decodeJwt(accessToken);
      if (typeof exp === 'number') return exp * 1000 - this.now();
    } catch {
      // Not a JWT: the spec's 10 h.
    }
    return LIFETIME_FALLBACK_MS;
  }

  private emit(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
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
