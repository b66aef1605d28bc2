import { RESOURCES } from '../../shared/api-rules.js';
import { SHORTEST_LIFETIME_MS } from './token-endpoint.js';
import type { CachedToken } from './vault.js';

/**
 * A 401 to a token received less than this ago cannot mean it ended (no token lives shorter): the
 * token is valid and only not permitted there (spec, Authentication 9). Renewing would pay for nothing.
 */
const PROVEN_FRESH_MS = SHORTEST_LIFETIME_MS;
/** At most one renewal forced by a 401 in this long: a refusal repeated sooner is "not permitted" (a token is money). */
const FORCED_RENEWAL_EVERY_MS = 5 * 60_000;

/**
 * What a 401 means: the token may have ended (renew it), it is valid but not permitted there, or
 * every resource refuses the tokens of these credentials (they are not for this API).
 */
export type RefusalMeaning = 'renew' | 'not-permitted' | 'tokens-refused';

/**
 * What the API was seen to permit and refuse to the tokens of one set of credentials (spec,
 * Authentication 9: a bundle may be restricted to some resources), so that a 401 costs a grant only
 * when the token may really have ended. Scopes not permitted are kept across renewals (a new token
 * is not permitted more) and travel with the cached token to the user's other processes; a scope
 * leaves them when the API answers there (the bundle was widened), the user retries, or the
 * credentials change.
 */
export class TokenPermissions {
  private readonly notPermitted = new Set<string>();
  /** The token the API last answered, and the scopes where it did: a 401 there means it ended. */
  private accepted: { accessToken: string; scopes: Set<string> } | undefined;
  /**
   * The scopes the API answered a token of these credentials for, in this process: a 401 there to a
   * token that may have ended is renewed even soon after a forced renewal (tokens stated to live
   * seconds end that often, and reading a list across them is no click on a forbidden one).
   */
  private readonly answered = new Set<string>();
  /** When a 401 last made the manager renew (FORCED_RENEWAL_EVERY_MS). */
  private forcedRenewalAt: number | undefined;

  /** The scopes found not permitted, as kept with the cached token. */
  get refusedScopes(): string[] {
    return [...this.notPermitted];
  }

  /** The API answered a call made with `accessToken` for `scope`: the token is valid, and permitted there. */
  acceptedBy(accessToken: string, scope: string): void {
    if (this.accepted?.accessToken !== accessToken) this.accepted = { accessToken, scopes: new Set() };
    this.accepted.scopes.add(scope);
    this.answered.add(scope);
    this.notPermitted.delete(scope);
  }

  /** Whether the API was seen to refuse these credentials' valid token for `scope`. */
  refuses(scope: string): boolean {
    return this.notPermitted.has(scope);
  }

  /** Takes what a token read back says another process learnt (what these credentials may not read outlives the token). */
  learnFrom(token: CachedToken): void {
    for (const scope of token.notPermitted ?? []) this.notPermitted.add(scope);
  }

  /**
   * What the API's 401 to `token` for `scope` at `now` means. Refused where it was answered before,
   * it has ended: renew. A scope known not permitted stays so, even past the end a server stated (a
   * new token is not permitted more). Otherwise a token that may have ended (past its stated end, or
   * old and never answered) is renewed: for a scope answered before, each time; for one never
   * answered, once per FORCED_RENEWAL_EVERY_MS (a token endpoint stating a lifetime under a minute
   * would else buy a grant per click on a list the bundle may not read). A
   * token proven valid (answered elsewhere, or received within a minute) is only not permitted there,
   * and the scope is remembered; when every resource refuses and no token was ever answered, the
   * tokens themselves are refused (a wrong audience).
   */
  judge(token: CachedToken, scope: string, now: number): RefusalMeaning {
    const { accessToken } = token;
    const acceptedHere = this.accepted?.accessToken === accessToken && this.accepted.scopes.has(scope);
    if (!acceptedHere) {
      // Past the end its server stated (shorter than the minute a token is used for): it may have ended.
      const ended = now >= (token.statedEnd ?? Infinity);
      const renewedLately =
        !this.answered.has(scope) &&
        this.forcedRenewalAt !== undefined &&
        now - this.forcedRenewalAt < FORCED_RENEWAL_EVERY_MS;
      const proven =
        this.notPermitted.has(scope) ||
        renewedLately ||
        (!ended &&
          (this.accepted?.accessToken === accessToken || now - (token.receivedAt ?? 0) < PROVEN_FRESH_MS));
      if (proven) {
        this.notPermitted.add(scope);
        const everyResource = RESOURCES.every((resource) => this.notPermitted.has(resource));
        return this.answered.size === 0 && everyResource ? 'tokens-refused' : 'not-permitted';
      }
    }
    this.forcedRenewalAt = now;
    return 'renew';
  }

  /** Forgets what the API was seen to permit and refuse (the credentials changed, or the user retries). */
  clear(): void {
    this.notPermitted.clear();
    this.accepted = undefined;
    this.answered.clear();
    this.forcedRenewalAt = undefined;
  }
}
