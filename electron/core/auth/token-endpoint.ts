import { decodeJwt } from 'jose';
import { z } from 'zod';
import { API_LIMITS } from '../../shared/api-rules.js';
import type { Credentials } from '../credentials.js';
import {
  ApiError,
  capServerText,
  LONGEST_SERVER_WAIT_MS,
  retryAfterMs,
  serverMessageOf,
} from '../engine-errors.js';
import { GrantLedger, type GrantUsage } from './grant-ledger.js';
import { answeredWhole, httpCall, jsonOf, neverSent, type Fetch } from '../net/http.js';
import { treatAsSecret } from '../redact.js';
import type { CachedToken } from './vault.js';

export interface TokenEndpointOptions {
  ledger: GrantLedger;
  fetch: Fetch;
  now: () => number;
  /** Time for one token request. */
  timeoutMs?: number;
  /** A 429 asking to wait at most this long is waited out; a longer one is reported. */
  longestWaitMs?: number;
}

/** The spec's lifetime, for a token that says nothing of its own. */
export const LIFETIME_FALLBACK_MS = API_LIMITS.tokenLifetimeSeconds * 1000;
const MAX_429_WAITS = 2;
/** How long a 429 that says no Retry-After (or one unreadable) stops token requests. */
const UNSAID_RATE_WAIT_MS = 60_000;
/** How long a 403 or a spent quota that says no Retry-After stops them: the longest wait the ledger keeps, unless the user retries. */
const UNSAID_QUOTA_WAIT_MS = LONGEST_SERVER_WAIT_MS.tokenEndpoint;
/**
 * No token lives shorter than this (a 401 to a token this young means "not permitted there":
 * token-permissions.ts).
 */
export const SHORTEST_LIFETIME_MS = 60_000;
/** However long a lifetime the server states, a token is renewed after a day (a wrong `exp` cannot pin one). */
const LONGEST_LIFETIME_MS = 24 * 3_600_000;

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  // Read leniently: a lifetime the app cannot read is ignored (the JWT's, else the spec's), never
  // a reason to throw away a token already granted.
  expires_in: z.coerce.number().positive().finite().optional().catch(undefined),
});

/**
 * One token from `{authUrl}/oauth/token` (spec "Token endpoint": JSON body with client_id,
 * client_secret, audience, grant_type), counted in the ledger before it is sent, so an answer that
 * is lost still counts (docs/architecture.md, "How a token is spent"); within the 15-a-day budget, which it refuses to
 * exceed itself; a short Retry-After waited out; every other answer an ApiError that says what to do.
 */
export async function requestToken(
  credentials: Credentials,
  secret: string,
  options: TokenEndpointOptions,
): Promise<CachedToken> {
  const ledgerKey = GrantLedger.clientKey(credentials.authUrl, credentials.clientId);
  treatAsSecret(secret);
  for (let waits = 0; ; waits++) {
    const reservation = await options.ledger.reserve(ledgerKey);
    if ('refused' in reservation) throw budgetError(reservation.refused);
    const askedAt = options.now();
    let answer;
    try {
      answer = await httpCall(options.fetch, `${credentials.authUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_id: credentials.clientId,
          client_secret: secret,
          audience: credentials.audience,
          grant_type: 'client_credentials',
        }),
        timeoutMs: options.timeoutMs ?? 15_000,
        what: 'the token endpoint',
      });
    } catch (error) {
      // A lost answer may still have been a grant: it stays counted. A redirect granted nothing.
      const refused = neverSent(error) || answeredWhole(error);
      await options.ledger.settle(ledgerKey, reservation.id, refused ? 'refused' : 'unknown');
      throw error;
    }
    const body = jsonOf(answer);
    if (answer.status === 200) {
      const token = tokenFrom(body, askedAt, options.now());
      // A whole answer without a token granted none (a sign-in page, a proxy's notice): not counted.
      await options.ledger.settle(ledgerKey, reservation.id, token ? 'granted' : 'refused');
      if (token) return token;
      const type = answer.headers.get('content-type');
      throw new ApiError(
        'invalid-response',
        `the token endpoint at ${credentials.authUrl}/oauth/token answered without an access_token (HTTP 200${type ? `, ${capServerText(type)}` : ''}): check the connection's auth URL; a sign-in page or a proxy may be answering in its place`,
        { status: 200, retryable: false },
      );
    }
    await options.ledger.settle(ledgerKey, reservation.id, 'refused');
    // Bounded by an hour: what it asks is written in the machine's ledger and blocks every process.
    const wait = retryAfterMs(
      answer.headers.get('retry-after'),
      options.now(),
      LONGEST_SERVER_WAIT_MS.tokenEndpoint,
    );
    if (
      answer.status === 429 &&
      wait !== undefined &&
      wait <= (options.longestWaitMs ?? 60_000) &&
      waits < MAX_429_WAITS
    ) {
      // Spec "Errors": 429 + Retry-After from the token endpoint. A short wait is waited out, once or twice.
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    throw await failure(answer.status, body, wait, ledgerKey, options);
  }
}

/** The refusal to ask for a 16th token in 24 h, or before a server's Retry-After (never hammer). */
function budgetError(usage: GrantUsage): ApiError {
  const at = new Date(usage.nextAllowedAt ?? Date.now()).toISOString();
  const spent = usage.blockedFor === 'budget';
  const counted =
    usage.used >= usage.limit
      ? `${usage.used} / ${usage.limit} tokens used in the last 24 h`
      : 'the server says so';
  return new ApiError(
    spent ? 'token-budget' : 'token-rate-limited',
    spent
      ? `token budget spent: ${counted}; the next one can be requested at ${at}`
      : `the token endpoint asked to wait: the next token can be requested at ${at}`,
    { retryable: false, retryAt: usage.nextAllowedAt },
  );
}

/** What a refusal of the token endpoint means, said so the user knows what to do. */
async function failure(
  status: number,
  body: unknown,
  wait: number | undefined,
  ledgerKey: string,
  options: TokenEndpointOptions,
): Promise<ApiError> {
  const serverMessage = serverMessageOf(body);
  const quoted = serverMessage ? `: ${serverMessage}` : '';
  const code = (body as { error?: unknown } | undefined)?.error;
  const quota = status === 403 || code === 'token_quota_exceeded' || (wait ?? 0) > 60_000;
  // A refusal that says no wait, or one the app cannot read, still stops every process from asking
  // at each call: a minute for "too many", until Retry (at most a day) for a spent quota.
  const waited =
    wait ??
    (status === 429 || status === 403 ? (quota ? UNSAID_QUOTA_WAIT_MS : UNSAID_RATE_WAIT_MS) : undefined);
  const retryAt = waited === undefined ? undefined : options.now() + waited;
  if (status === 401 || code === 'invalid_client') {
    return new ApiError(
      'credentials-rejected',
      `credentials rejected: the token endpoint refused this client id and secret${quoted}`,
      { status, serverMessage, retryable: false },
    );
  }
  if (status === 429 || status === 403) {
    // docs/api.md: 429/403 from the token endpoint: stop, and show when a token is next allowed.
    if (retryAt !== undefined) await options.ledger.blockUntil(ledgerKey, retryAt, quota ? 'budget' : 'rate');
    const when =
      retryAt === undefined
        ? ''
        : `; the next one can be requested at ${new Date(retryAt).toISOString()}${wait === undefined ? ' (the server said no time; Retry asks sooner)' : ''}`;
    // The ledger sees this computer's grants only: a bundle shared with other computers is spent sooner.
    const mine = options.ledger.usage(ledgerKey).used;
    const shared = quota
      ? `; this computer asked ${mine} of the bundle's ${API_LIMITS.tokensPerDay} tokens a day, the others were asked by other computers or tools using the same client id (give each agent a bundle of their own, or share one among at most ${API_LIMITS.tokensPerDay} computers a day)`
      : '';
    return new ApiError(
      quota ? 'token-budget' : 'token-rate-limited',
      `${quota ? 'the token budget is spent' : 'too many token requests'} (HTTP ${status})${quoted}${shared}${when}`,
      { status, serverMessage, retryable: false, retryAt },
    );
  }
  return new ApiError('http', `the token endpoint answered HTTP ${status}${quoted}`, {
    status,
    serverMessage,
    retryable: status >= 500,
  });
}

/**
 * The token of a 200 answer, or undefined when it carries none. The server issued it between
 * `askedAt` and `receivedAt`, so a stated lifetime may end as soon as `askedAt` plus it: a 401 before
 * that cannot mean it ended, one after may.
 */
function tokenFrom(body: unknown, askedAt: number, receivedAt: number): CachedToken | undefined {
  const parsed = tokenAnswerSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { access_token: accessToken, expires_in: expiresIn } = parsed.data;
  treatAsSecret(accessToken);
  const stated = expiresIn !== undefined ? expiresIn * 1000 : lifetimeOf(accessToken, receivedAt);
  // A lifetime stated shorter than the spec's 10 h is a claim: an endpoint that writes seconds in
  // another unit would spend the day's 15 grants in half an hour of use. The token is used on past
  // its stated end, up to the spec's lifetime, and renewed on its first refusal (a 401 after that
  // end: token-permissions.ts), which never costs more grants than renewing before use.
  const lifetime = Math.min(LONGEST_LIFETIME_MS, Math.max(LIFETIME_FALLBACK_MS, stated));
  return {
    accessToken,
    receivedAt,
    expiresAt: receivedAt + lifetime,
    ...(stated < lifetime && { statedEnd: askedAt + stated }),
  };
}

/**
 * docs/api.md: the lifetime is `expires_in`, else the JWT's `exp − iat`, else 10 h; it is counted
 * from this machine's clock at receipt, so a clock that is off cannot make a fresh token look
 * expired. A JWT with `exp` and no `iat` can only be read against this clock.
 */
function lifetimeOf(accessToken: string, receivedAt: number): number {
  try {
    const { exp, iat } = decodeJwt(accessToken);
    if (typeof exp === 'number' && typeof iat === 'number' && exp > iat) return (exp - iat) * 1000;
    if (typeof exp === 'number' && exp * 1000 > receivedAt) return exp * 1000 - receivedAt;
  } catch {
    // Not a JWT: the spec's 10 h.
  }
  return LIFETIME_FALLBACK_MS;
}
