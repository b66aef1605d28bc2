import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { connect, type Connection, type ConnectionProfile } from '../api/connect.js';
import { credentialsId, credentialsOf } from '../credentials.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { LimiterRegistry } from '../rate/limiter-registry.js';
import { testVault } from './test-kit.js';
import { makeTempFolder } from './temp-folder.js';
import { TokenManagers } from '../auth/token-managers.js';
import type { TokenManagerOptions } from '../auth/tokens.js';
import type { Vault } from '../auth/vault.js';
import { profileFor, startOtherApi, type OtherApi, type OtherApiOptions } from './other-api.js';

const cleanups: (() => Promise<unknown>)[] = [];

/** Closes what `wire` and `tempDir` opened, last first (call it after each test). */
export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export interface Wired {
  api: OtherApi;
  vault: Vault;
  ledger: GrantLedger;
  managers: TokenManagers;
  /** The profile `connection` was made for (its secret in `vault`). */
  profile: ConnectionProfile;
  connection: Connection;
  /** Another connection of a profile with the same credentials (a test, a second view, `cdb`). */
  connectAgain: () => Connection;
}

type Pace = Pick<ConnectionProfile, 'requestsPerSecond' | 'burst'>;

/**
 * The pace a profile is given unless a test asks for the spec's: the other API counts no rate, so
 * 20/s would only make a test of a few dozen requests wait a second on the clock for nothing.
 */
const UNPACED: Pace = { requestsPerSecond: 1_000, burst: 1_000 };

/**
 * The other API, and the engine wired to it as the app wires a saved profile (secret in the test's
 * keychain); `pace`: the profile's rate, for a test that needs its requests to take time.
 */
export async function wire(
  apiOptions: OtherApiOptions,
  { tokens = {}, pace = UNPACED }: { tokens?: Partial<TokenManagerOptions>; pace?: Pace } = {},
): Promise<Wired> {
  const api = await startOtherApi(apiOptions);
  const vault = testVault();
  const ledger = await GrantLedger.open(undefined);
  const managers = new TokenManagers({ vault, ledger, ...tokens });
  const limiters = new LimiterRegistry();
  const profile = profileFor(api, pace);
  await vault.setSecret(profile.id, api.clientSecret);
  const connectAgain = () =>
    connect(
      { ...profile, id: randomUUID() },
      { tokens: managers, limiters, readSecret: () => vault.getSecret(profile.id) },
    );
  cleanups.push(async () => {
    limiters.closeAll();
    managers.closeAll();
    await vault.deleteSecret(profile.id);
    await vault.deleteToken(credentialsId(credentialsOf(profile)));
    await api.close();
  });
  const connection = connect(profile, {
    tokens: managers,
    limiters,
    readSecret: () => vault.getSecret(profile.id),
  });
  return { api, vault, ledger, managers, profile, connection, connectAgain };
}

/** The other API, closed by cleanUp. */
export async function otherApi(options: OtherApiOptions = {}): Promise<OtherApi> {
  const api = await startOtherApi(options);
  cleanups.push(() => api.close());
  return api;
}

/** Runs `close` at cleanUp (after what was opened later). */
export function closeLater(close: () => Promise<unknown>): void {
  cleanups.push(close);
}

/** A folder of the test's own, removed by cleanUp. */
export async function tempDir(): Promise<string> {
  const dir = await makeTempFolder('cdb-tokens-');
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
