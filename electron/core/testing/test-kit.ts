import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';

import { join } from 'node:path';
import { AppCore, type AppCoreOptions } from '../service/app-core.js';
import { ApiClient } from '../api/api-client.js';
import { startDemoApi, type DemoApi, type DemoApiOptions } from '../../demo-api/testing/faults.js';
import { ApiError } from '../engine-errors.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { RequestLimiter, type LimiterOptions } from '../rate/limiter.js';
import { credentialsId, type Credentials } from '../credentials.js';
import { TokenManager, type TokenManagerOptions } from '../auth/tokens.js';
import { KEYCHAIN_SERVICE, openVault, Vault } from '../auth/vault.js';
import { makeTempFolder } from './temp-folder.js';

/** The core engine wired to one Demo API, as the main process wires it to a profile. */
export interface Engine {
  demo: DemoApi;
  profileId: string;
  credentials: Credentials;
  vault: Vault;
  ledger: GrantLedger;
  tokens: TokenManager;
  limiter: RequestLimiter;
  client: ApiClient;
  /** A second token manager over the same vault and ledger: the app after a restart. */
  restart(options?: Partial<TokenManagerOptions>): TokenManager;
  close(): Promise<void>;
}

/** A keychain service name of its own per test run, so tests never see each other's entries. */
export const testService = (): string => `${KEYCHAIN_SERVICE}.test-${randomUUID()}`;

/**
 * A vault over a keychain held in this process: the unit tests' keychain, so they run anywhere.
 * What the system keychain itself does is proven by the integration tests (vault.integration.test.ts),
 * in a D-Bus session with a real gnome-keyring (scripts/with-test-session.sh).
 */
export function testVault(): Vault {
  const entries = new Map<string, string>();
  return new Vault(
    {
      getPassword: (service, account) => Promise.resolve(entries.get(`${service}/${account}`) ?? null),
      setPassword: (service, account, password) => {
        entries.set(`${service}/${account}`, password);
        return Promise.resolve();
      },
      deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
    },
    testService(),
  );
}

/**
 * Starts a Demo API and the engine over it, with the secret saved in the keychain: the test's own
 * (testVault) unless `keychain: 'system'` asks for the real one (integration tests only).
 */
export async function startEngine(
  options: {
    demo?: DemoApiOptions;
    limiter?: Partial<LimiterOptions>;
    tokens?: Partial<TokenManagerOptions>;
    timeoutMs?: number;
    schemaPath?: string;
    keychain?: 'test' | 'system';
  } = {},
): Promise<Engine> {
  const demo = await startDemoApi({
    size: { customers: 300, contacts: 700, agreements: 1_200 },
    ...options.demo,
  });
  const vault = options.keychain === 'system' ? await openVault(testService()) : testVault();
  const ledger = await GrantLedger.open(undefined);
  const profileId = randomUUID();
  await vault.setSecret(profileId, demo.clientSecret);
  const credentials: Credentials = {
    authUrl: demo.authUrl,
    audience: demo.audience,
    clientId: demo.clientId,
    apiOrigin: new URL(demo.baseUrl).origin,
  };
  const makeTokens = (extra: Partial<TokenManagerOptions> = {}) => {
    const manager = new TokenManager(credentials, { vault, ledger, ...options.tokens, ...extra });
    manager.useSecretFrom(profileId, () => vault.getSecret(profileId));
    return manager;
  };
  const tokens = makeTokens();
  const limiter = new RequestLimiter({ requestsPerSecond: 20, burst: 35, ...options.limiter });
  const api = new ApiClient(
    { baseUrl: demo.baseUrl, apiPrefix: '/v1', schemaPath: options.schemaPath ?? '/v1/schemas' },
    tokens,
    limiter,
    { timeoutMs: options.timeoutMs },
  );
  return {
    demo,
    profileId,
    credentials,
    vault,
    ledger,
    tokens,
    limiter,
    client: api,
    restart: makeTokens,
    close: async () => {
      limiter.close();
      await vault.deleteSecret(profileId);
      await vault.deleteToken(credentialsId(credentials));
      await demo.close();
    },
  };
}

/**
 * The app's engine as main or the host opens it, on fresh folders and a test keychain; `close`
 * stops it and removes the folders.
 */
export async function openTestCore(
  options: Partial<AppCoreOptions> = {},
): Promise<{ core: AppCore; root: string; dataDir: string; close: () => Promise<void> }> {
  const root = await makeTempFolder('cdb-app-');
  const dataDir = join(root, 'data');
  const core = await AppCore.open({
    dataDir,
    exportDir: join(root, 'exports'),
    vault: testVault(),
    // No list read unasked: these tests count every request (search-preparation tests ask for it).
    prepareSearchAfterMs: Infinity,
    ...options,
  });
  return {
    core,
    root,
    dataDir,
    close: async () => {
      await core.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The rejection of `promise` as an ApiError; throws (failing the test) if it resolves or rejects otherwise. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (error instanceof ApiError) return error;
  throw new Error(`expected an ApiError, got ${error instanceof Error ? error.stack : String(error)}`);
}

/**
 * Every file under `dir`, read as text: where a test looks for a secret that must not be on disk. A
 * folder or a file removed while it is walked (a keyring daemon still tidying its runtime folder as
 * its session ends) is skipped: it is no longer on disk.
 */
export async function textOfFilesUnder(dir: string): Promise<string> {
  const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (gone(error)) return [];
    throw error;
  });
  const texts = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return textOfFilesUnder(path);
      if (!entry.isFile()) return '';
      return readFile(path, 'latin1').catch((error: unknown) => {
        if (gone(error)) return '';
        throw error;
      });
    }),
  );
  return texts.join('\n');
}
