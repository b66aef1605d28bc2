import { createHash, timingSafeEqual } from 'node:crypto';
import { RESOURCES } from '../../shared/api-rules.js';
import { isLoopbackName } from '../../shared/loopback.js';
import type { ParsedRequestInput, RequestOutputs } from '../../shared/contract/contract.js';
import type { ConnectionRoute } from '../../shared/contract/connection-requests.js';
import type { ApiClient } from '../api/api-client.js';
import type { Connection, ConnectionProfile } from '../api/connect.js';
import { ApiError, AppError } from '../engine-errors.js';
import { credentialsId, credentialsOf, type Credentials } from '../credentials.js';
import type { ProfileStore } from '../store/profiles.js';
import { treatAsSecret } from '../redact.js';
import type { TokenManagers } from '../auth/token-managers.js';
import { Vault, type CachedToken } from '../auth/vault.js';
import type { Connections } from './connections.js';
import type { ProfileEditor } from './profile-editor.js';

type TestInput = Extract<ParsedRequestInput<'connection.test'>, { profile: unknown }>;
type ProfileInput = TestInput['profile'];

/**
 * The form's Test: a connection tried as typed, before it is saved (docs/api.md, "Tokens"). The
 * secret is checked as typed: when it is one already saved for these very credentials and API,
 * their cached token is used (no grant); any other secret is tried for real, on a token manager
 * with a keychain of its own, so a failed trial never touches a saved connection's token. A trial
 * that worked keeps its token until the same secret is saved, so Test then Save cost one token.
 */
export class ConnectionTrials {
  /** The last good trial per credentials: its token, and a digest of the secret that got it. */
  private readonly passed = new Map<string, { secretDigest: Buffer; token: CachedToken }>();

  constructor(
    private readonly profiles: ProfileStore,
    private readonly vault: Vault,
    private readonly tokens: TokenManagers,
    private readonly connections: Connections,
    private readonly editor: ProfileEditor,
    /** The proxy the network sends a URL through, and its certificate's issuer (AppCoreOptions.routeOf). */
    private readonly routeOf: RouteOf = () => ({}),
  ) {}

  /**
   * Tries `profile` with the typed secret, or the one saved for profile `id`: the count of the first
   * list it may read (customers, else contacts, else agreements: a bundle may be restricted).
   */
  async test({ id, profile, secret }: TestInput): Promise<TestResult> {
    if (secret !== undefined) treatAsSecret(secret);
    const savedBy = await this.profileSaving(id, profile, secret);
    if (savedBy === undefined) return this.trial(profile, secret ?? '');
    return this.testAsSaved({ ...profile, id: savedBy });
  }

  /** Tries the saved connection `id` as it is saved. */
  async testSaved(id: string): Promise<TestResult> {
    const profile = await this.profiles.get(id);
    if (!profile) throw new AppError('not-found', `there is no connection with id ${id}`);
    return this.testAsSaved(profile);
  }

  /**
   * Tries `profile` with the secret saved for it: on the saved connection's token manager and cached
   * token when that secret got the token these credentials hold; tried for real when another
   * profile's secret did (a mistyped copy is not told it works by its twin's token).
   */
  private async testAsSaved(profile: ConnectionProfile): Promise<TestResult> {
    const secret = await this.vault.getSecret(profile.id);
    if (
      secret !== undefined &&
      !(await this.tokens.forCredentials(credentialsOf(profile)).obtainedWith(secret))
    ) {
      return this.trial(profile, secret);
    }
    const connection = this.connections.openUnsaved(profile, () => this.vault.getSecret(profile.id));
    // Testing is the user asking to try again: it lifts an earlier "credentials rejected".
    await connection.tokens.retry();
    return measuredTest(connection, profile.baseUrl, this.routeOf);
  }

  /** Tries `profile` with `secret` on a token manager and keychain of its own. */
  private async trial(profile: Omit<ConnectionProfile, 'id'>, secret: string): Promise<TestResult> {
    const account = credentialsId(credentialsOf(profile));
    const trialVault = new Vault(undefined, 'trial', 'a trial keeps its token apart until it is saved');
    // Tested again with the very secret that got it: the last trial's token, and what it learnt.
    const earlier = this.passed.get(account);
    if (earlier && timingSafeEqual(earlier.secretDigest, digest(secret))) {
      await trialVault.setToken(account, earlier.token);
    }
    const trial = this.connections.openTrial({ ...profile, id: 'trial' }, secret, trialVault);
    try {
      return await measuredTest(trial, profile.baseUrl, this.routeOf);
    } finally {
      // Kept whether the count worked or not (a bundle that may read nothing still got a token).
      const token = await trialVault.getToken(account);
      if (token) this.passed.set(account, { secretDigest: digest(secret), token });
      trial.tokens.close();
    }
  }

  /**
   * After `secret` was saved for `credentials`: the token a trial of that very secret obtained
   * becomes theirs (no second grant).
   */
  async saved(credentials: Credentials, secret: string): Promise<void> {
    const account = credentialsId(credentials);
    const trial = this.passed.get(account);
    if (!trial || !timingSafeEqual(trial.secretDigest, digest(secret))) return;
    this.passed.delete(account);
    await this.tokens.forCredentials(credentials).adopt(trial.token);
  }

  /**
   * The saved profile whose secret a trial of `profile` uses: with no secret typed, profile `id`'s
   * (refused when the form moved it elsewhere); with one typed, a saved profile of the same
   * credentials and API whose saved secret is that very one (profile `id` first), else none.
   */
  private async profileSaving(
    id: string | undefined,
    profile: ProfileInput,
    typed: string | undefined,
  ): Promise<string | undefined> {
    if (typed === undefined) {
      await this.editor.savedSecretFor(id, profile);
      return id;
    }
    const wanted = credentialsId(credentialsOf(profile));
    const candidates = (await this.profiles.list())
      .filter((saved) => credentialsId(credentialsOf(saved)) === wanted)
      .sort((a, b) => Number(b.id === id) - Number(a.id === id));
    for (const candidate of candidates) {
      const secret = await this.vault.getSecret(candidate.id);
      if (secret !== undefined && timingSafeEqual(digest(secret), digest(typed))) return candidate.id;
    }
    return undefined;
  }
}

/** What a Test found: how many records the first list these credentials may read has, and the route. */
type TestResult = RequestOutputs['connection.test'];
/** What the network says of the way to a URL: the proxy (none: direct), the certificate's issuer when met. */
export type RouteOf = (
  url: string,
) => Pick<ConnectionRoute, 'proxy' | 'issuer'> | Promise<Pick<ConnectionRoute, 'proxy' | 'issuer'>>;

/**
 * The Test of `connection`: the token (timed when it had to be asked for), then the count of the
 * first list it may read (timed), and the way the network took: its proxy, the certificate's issuer.
 */
async function measuredTest(
  connection: Pick<Connection, 'client' | 'tokens'>,
  baseUrl: string,
  routeOf: RouteOf,
): Promise<TestResult> {
  let asked = false;
  const stopWatching = connection.tokens.onGrant(() => (asked = true));
  const tokenStart = performance.now();
  try {
    await connection.tokens.getToken();
  } finally {
    stopWatching();
  }
  const tokenMs = performance.now() - tokenStart;
  const apiStart = performance.now();
  const counted = await countFirstReadable(connection.client);
  const apiMs = performance.now() - apiStart;
  const route: ConnectionRoute = {
    ...(await routeOf(baseUrl)),
    ...(isLoopbackName(new URL(baseUrl).hostname) && { thisMachine: true }),
    apiMs: Math.round(apiMs),
  };
  if (asked) route.tokenMs = Math.round(tokenMs);
  return { ...counted, route };
}

/**
 * The count of customers, else of contacts, else of agreements: the first the credentials may read.
 * A list refused to a valid token costs no grant (TokenManager.refused), so trying the next is free.
 */
export async function countFirstReadable(client: ApiClient): Promise<Omit<TestResult, 'route'>> {
  let refusal: unknown;
  for (const resource of RESOURCES) {
    try {
      return {
        resource,
        count: await client.count({ resource }),
        notPermitted: RESOURCES.slice(0, RESOURCES.indexOf(resource)),
      };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'not-permitted') throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/** Secrets are compared by digest in constant time (equal lengths, no early exit). */
function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
