import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { apiError, oauthError, readBody, type Reply } from './demo-http.js';
import { SlidingWindow, type Clock } from './limits.js';

/** A client of the Demo API: the credentials bundle of spec "Authentication" §6. */
export interface DemoClient {
  clientId: string;
  clientSecret: string;
}

export interface AuthLimits {
  tokenLifetimeSeconds: number;
  tokensPerDay: number;
  tokenRequestsPerMinute: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const TOKEN_BODY_LIMIT = 16 * 1024;

const tokenRequestSchema = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  audience: z.string().min(1),
  grant_type: z.literal('client_credentials'),
});

const secondsUntil = (at: number, now: number): string => String(Math.max(1, Math.ceil((at - now) / 1000)));

/**
 * The token endpoint and token checks (spec "Authentication" and "Limits"): client-credentials
 * grants answered with HS256 JWTs, 60 requests a minute per source IP (429 + Retry-After), at most
 * 15 tokens per client in any 24 h (429 with the time the next one is allowed).
 */
export class TokenAuthority {
  private readonly requestsPerAddress: SlidingWindow;
  private readonly grantsPerClient: SlidingWindow;
  private readonly issued = new Set<string>();
  private readonly revoked = new Set<string>();

  constructor(
    private readonly key: Uint8Array,
    private readonly issuer: string,
    private readonly audience: string,
    private readonly clients: readonly DemoClient[],
    private readonly limits: AuthLimits,
    private readonly now: Clock,
  ) {
    this.requestsPerAddress = new SlidingWindow(limits.tokenRequestsPerMinute, MINUTE_MS, now);
    this.grantsPerClient = new SlidingWindow(limits.tokensPerDay, DAY_MS, now);
  }

  /** Refuses every token issued so far, as a key rotation on the server would. */
  revokeAll(): void {
    for (const jti of this.issued) this.revoked.add(jti);
    this.issued.clear();
  }

  /** Tokens granted to a client in the last 24 h. */
  grantsToday(clientId: string): number {
    return this.grantsPerClient.used(clientId);
  }

  /** Handles `POST /oauth/token`. */
  async grant(request: IncomingMessage, address: string): Promise<Reply> {
    const now = this.now();
    if (!this.requestsPerAddress.allows(address)) {
      const retryAfter = secondsUntil(this.requestsPerAddress.nextAllowedAt(address), now);
      throw oauthError(
        429,
        'too_many_requests',
        `too many token requests: at most ${this.limits.tokenRequestsPerMinute} a minute from one address; retry in ${retryAfter} s`,
        { 'retry-after': retryAfter },
      );
    }
    this.requestsPerAddress.record(address);

    const client = this.authenticate(await this.parseTokenRequest(request));
    if (!this.grantsPerClient.allows(client.clientId)) {
      const nextAt = this.grantsPerClient.nextAllowedAt(client.clientId);
      throw oauthError(
        429,
        'token_quota_exceeded',
        `daily token limit reached: at most ${this.limits.tokensPerDay} tokens per 24 h for this client; the next one can be issued at ${new Date(nextAt).toISOString()}`,
        { 'retry-after': secondsUntil(nextAt, now) },
      );
    }
    this.grantsPerClient.record(client.clientId);

    const issuedAt = Math.floor(now / 1000);
    const jti = randomUUID();
    this.issued.add(jti);
    const accessToken = await new SignJWT({ scope: 'read:customers read:contacts read:agreements' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setSubject(client.clientId)
      .setAudience(this.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.limits.tokenLifetimeSeconds)
      .setJti(jti)
      .sign(this.key);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: this.limits.tokenLifetimeSeconds,
      },
    };
  }

  /** Checks `Authorization: Bearer <token>` on an API call; a missing, foreign or expired token is a 401. */
  async verify(authorization: string | undefined): Promise<void> {
    const token = /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization ?? '')?.[1];
    if (!token) {
      throw apiError(401, 'missing access token: send Authorization: Bearer <token>', {
        'www-authenticate': 'Bearer realm="api"',
      });
    }
    let message: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: this.audience,
        currentDate: new Date(this.now()),
        clockTolerance: 0,
      });
      if (payload.jti !== undefined && this.revoked.has(payload.jti)) message = 'access token revoked';
    } catch (error) {
      message =
        (error as { code?: string }).code === 'ERR_JWT_EXPIRED'
          ? 'access token expired'
          : 'invalid access token';
    }
    if (message) {
      throw apiError(401, message, { 'www-authenticate': `Bearer realm="api", error="invalid_token"` });
    }
  }

  private async parseTokenRequest(request: IncomingMessage): Promise<z.infer<typeof tokenRequestSchema>> {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json') {
      throw oauthError(400, 'invalid_request', 'Content-Type must be application/json');
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request, TOKEN_BODY_LIMIT));
    } catch (error) {
      if (error instanceof SyntaxError)
        throw oauthError(400, 'invalid_request', 'the body is not valid JSON');
      throw error;
    }
    const parsed = tokenRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'body';
      const error = field === 'grant_type' ? 'unsupported_grant_type' : 'invalid_request';
      throw oauthError(
        400,
        error,
        field === 'grant_type'
          ? 'grant_type must be client_credentials'
          : `${field}: ${field === 'body' ? 'expected a JSON object' : 'a non-empty string is required'}`,
      );
    }
    if (parsed.data.audience !== this.audience) {
      throw oauthError(400, 'invalid_request', `audience must be ${this.audience}`);
    }
    return parsed.data;
  }

  private authenticate(request: z.infer<typeof tokenRequestSchema>): DemoClient {
    const client = this.clients.find((candidate) => candidate.clientId === request.client_id);
    if (!client || !sameSecret(client.clientSecret, request.client_secret)) {
      throw oauthError(
        401,
        'invalid_client',
        'client authentication failed: wrong client_id or client_secret',
      );
    }
    return client;
  }
}

/** Constant-time comparison, so response time says nothing about how much of a secret matched. */
function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
