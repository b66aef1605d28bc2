import type { GrantLedger } from './grant-ledger.js';
import { LIFETIME_FALLBACK_MS } from './token-endpoint.js';
import type { CachedToken, Vault } from './vault.js';

/**
 * Spec "Authentication" 4: keep the token and renew it only when it has expired. The margin only
 * spares the round trip of a 401 for a token that would expire on its way, so it stays a small
 * share of the token's own lifetime: a 3-second token is renewed 0.15 s before its end, not 5 min.
 */
const RENEW_MARGIN_SHARE = 0.05;
const RENEW_MARGIN_MAX_MS = 60_000;

/**
 * The token of one set of credentials as the user's other processes and the next start find it:
 * in the keychain (or the opted-in token file), read and dropped under the ledger's lock of those
 * credentials. A token the API refused is never taken back from it.
 */
export class TokenCache {
  /** Why the last token could not be cached, if it could not (the status bar says so). */
  failure: string | undefined;
  /** Tokens the API refused (401): never taken back from the keychain. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly vault: Pick<Vault, 'getToken' | 'setToken' | 'deleteToken'>,
    private readonly ledger: Pick<GrantLedger, 'exclusive'>,
    private readonly account: string,
    private readonly now: () => number,
  ) {}

  /** Fresh until a small share of its lifetime before it ends (RENEW_MARGIN_SHARE). */
  isFresh(token: CachedToken): boolean {
    const lifetime = token.expiresAt - (token.receivedAt ?? token.expiresAt - LIFETIME_FALLBACK_MS);
    const margin = Math.min(RENEW_MARGIN_MAX_MS, lifetime * RENEW_MARGIN_SHARE);
    return this.now() < token.expiresAt - margin;
  }

  /** A fresh token cached, maybe by another process. */
  async fresh(): Promise<CachedToken | undefined> {
    // A cache that cannot be read (a token file that is a folder, a FIFO, another user's) holds no
    // token: one is asked for and kept in memory, and the status says why it is not kept.
    const cached = await this.vault.getToken(this.account).catch((error: unknown) => {
      this.failure = error instanceof Error ? error.message : String(error);
      return undefined;
    });
    return cached && this.isFresh(cached) && !this.refused.has(cached.accessToken) ? cached : undefined;
  }

  /** Caches `token` for the user's other processes and the next start, best-effort. */
  async keep(token: CachedToken): Promise<void> {
    try {
      await this.vault.setToken(this.account, token);
      this.failure = undefined;
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
    }
  }

  /**
   * The API refused `accessToken`: dropped from the keychain only if it still holds this very
   * token (another process refused the same one a moment ago and may have cached its successor,
   * which a renewal then finds: one grant).
   */
  async drop(accessToken: string): Promise<void> {
    this.refused.add(accessToken);
    await this.ledger.exclusive(this.account, async () => {
      if ((await this.vault.getToken(this.account))?.accessToken === accessToken)
        await this.vault.deleteToken(this.account);
    });
  }
}
