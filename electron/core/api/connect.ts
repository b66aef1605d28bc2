import type { Profile } from '../../shared/profile.js';
import { ApiClient } from './api-client.js';
import type { Fetch } from '../net/http.js';
import { credentialsOf } from '../credentials.js';
import type { LimiterRegistry } from '../rate/limiter-registry.js';
import type { RequestLimiter } from '../rate/limiter.js';
import type { TokenManagers } from '../auth/token-managers.js';
import type { SecretSource, TokenManager } from '../auth/tokens.js';

/** What a connection needs of a profile (a saved one, the Demo's, or `cdb`'s flags). */
export type ConnectionProfile = Pick<
  Profile,
  | 'id'
  | 'baseUrl'
  | 'authUrl'
  | 'audience'
  | 'clientId'
  | 'apiPrefix'
  | 'schemaPath'
  | 'requestsPerSecond'
  | 'burst'
  | 'caCertificates'
>;

export interface Connection {
  client: ApiClient;
  tokens: TokenManager;
  limiter: RequestLimiter;
}

export interface ConnectionServices {
  /** The process's token managers, one per credentials (or a manager apart, for a trial). */
  tokens: Pick<TokenManagers, 'forCredentials'>;
  limiters: LimiterRegistry;
  /** Reads the profile's client secret: the vault's, or `cdb`'s CDB_CLIENT_SECRET. */
  readSecret: SecretSource;
  /** The network the API is reached through (Chromium's in the app, a proxy-aware Node fetch elsewhere). */
  fetch?: Fetch;
  /** Trusts a profile's company root for its API and token endpoint only (node-network.ts). */
  trustCompanyRoot?: (urls: string[], pem: string) => void;
  timeoutMs?: number;
  /** A connection on trial (the form's Test): it takes the origin's limiter as it is, never changing its rate. */
  trial?: boolean;
}

/**
 * Wires a profile to the engine: the token manager of its credentials (shared with every other
 * user of them), its origin's shared limiter, an API client.
 */
export function connect(profile: ConnectionProfile, services: ConnectionServices): Connection {
  if (profile.caCertificates)
    services.trustCompanyRoot?.([profile.baseUrl, profile.authUrl], profile.caCertificates);
  const tokens = services.tokens.forCredentials(credentialsOf(profile));
  tokens.useSecretFrom(profile.id, services.readSecret);
  const limiter = services.limiters.forOrigin(
    profile.baseUrl,
    { requestsPerSecond: profile.requestsPerSecond, burst: profile.burst },
    { configure: !services.trial },
  );
  const client = new ApiClient(
    { baseUrl: profile.baseUrl, apiPrefix: profile.apiPrefix, schemaPath: profile.schemaPath },
    tokens,
    limiter,
    { timeoutMs: services.timeoutMs, fetch: services.fetch },
  );
  return { client, tokens, limiter };
}
