import { audienceOf, type Profile } from '../shared/profile.js';
import { ApiClient } from './api-client.js';
import type { GrantLedger } from './grant-ledger.js';
import type { LimiterRegistry } from './limiter.js';
import type { RequestLimiter } from './limiter.js';
import { TokenManager } from './tokens.js';
import type { Vault } from './vault.js';

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
>;

export interface Connection {
  client: ApiClient;
  tokens: TokenManager;
  limiter: RequestLimiter;
}

export interface ConnectionServices {
  vault: Vault;
  ledger: GrantLedger;
  limiters: LimiterRegistry;
  /** Where the secret comes from when not the vault (`cdb`'s CDB_CLIENT_SECRET). */
  readSecret?: () => Promise<string | undefined>;
  timeoutMs?: number;
}

/** Wires a profile to the engine: its token manager, its origin's shared limiter, an API client. */
export function connect(profile: ConnectionProfile, services: ConnectionServices): Connection {
  const tokens = new TokenManager(
    {
      profileId: profile.id,
      authUrl: profile.authUrl,
      audience: audienceOf(profile),
      clientId: profile.clientId,
    },
    { vault: services.vault, ledger: services.ledger, readSecret: services.readSecret },
  );
  const limiter = services.limiters.forOrigin(profile.baseUrl, {
    requestsPerSecond: profile.requestsPerSecond,
    burst: profile.burst,
  });
  const client = new ApiClient(
    { baseUrl: profile.baseUrl, apiPrefix: profile.apiPrefix, schemaPath: profile.schemaPath },
    tokens,
    limiter,
    { timeoutMs: services.timeoutMs },
  );
  return { client, tokens, limiter };
}
