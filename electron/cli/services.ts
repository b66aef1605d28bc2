import { join } from 'node:path';
import { dataFiles, defaultDataDir } from '../core/app-paths.js';
import { AuditLog } from '../core/export/audit-log.js';
import { GrantLedger, type GrantUsage } from '../core/auth/grant-ledger.js';
import { LimiterRegistry } from '../core/rate/limiter-registry.js';
import { ProfileStore } from '../core/store/profiles.js';
import { TokenFile } from '../core/auth/token-file.js';
import { TokenManagers } from '../core/auth/token-managers.js';
import type { Fetch } from '../core/net/http.js';
import { nodeNetwork, type NodeNetwork } from '../core/net/node-network.js';
import { openVault, type Vault } from '../core/auth/vault.js';
import type { CliIo } from './io.js';

/** The environment variable that opts in to caching tokens (never secrets) in a file when there is no keychain. */
export const TOKEN_CACHE_ENV = 'CDB_TOKEN_CACHE';

/** What `cdb` commands share: the data folder's profiles, ledger and audit log, the keychain, tokens, limiters. */
export interface CliServices {
  dataDir: string;
  vault: Vault;
  ledger: GrantLedger;
  tokens: TokenManagers;
  limiters: LimiterRegistry;
  auditLog: AuditLog;
  /** The network: HTTPS_PROXY, HTTP_PROXY and NO_PROXY honoured (node-network.ts). */
  fetch: Fetch;
  /** Trusts a connection's company root for its API and token endpoint only. */
  trustFor: NodeNetwork['trustFor'];
  profiles(): Promise<ProfileStore>;
}

/** Opens what the commands need, saying once on stderr when there is no keychain or a damaged file. */
export async function openServices(io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<CliServices> {
  const dataDir = defaultDataDir(env);
  const files = dataFiles(dataDir);
  const vault = await openVault();
  const tokenFile = env[TOKEN_CACHE_ENV] === 'file';
  // Without a keychain, tokens go to the opted-in file (if any), and the user is told once.
  const withoutKeychain = () => {
    vault.cacheTokensIn(tokenFile ? new TokenFile(join(dataDir, 'token-cache.json')) : undefined);
    io.stderr.write(
      `cdb: warning: no system keychain: secrets kept for this run only${tokenFile ? '; tokens cached in the token file (CDB_TOKEN_CACHE=file)' : ''}\n`,
    );
  };
  if (vault.unavailable) withoutKeychain();
  else vault.onUnavailable(withoutKeychain);
  const ledger = await GrantLedger.open(files.grantLedger);
  if (ledger.damaged) {
    io.stderr.write(
      `cdb: warning: the token ledger could not be read (${ledger.damaged.reason}); it was kept as ${ledger.damaged.movedTo}, and today's count is unknown\n`,
    );
  }
  let store: ProfileStore | undefined;
  const { fetch, trustFor } = nodeNetwork();
  return {
    dataDir,
    vault,
    ledger,
    fetch,
    trustFor,
    tokens: new TokenManagers({ vault, ledger, fetch }),
    limiters: new LimiterRegistry(files.limiterPeers),
    auditLog: new AuditLog(files.auditLog),
    profiles: async () => {
      if (!store) {
        const opened = await ProfileStore.open(files.profiles);
        if (opened.damaged) {
          io.stderr.write(
            `cdb: warning: some saved profiles could not be read (${opened.damaged.reason}); they were kept in ${opened.damaged.movedTo}\n`,
          );
        }
        store = opened.store;
      }
      return store;
    },
  };
}

/**
 * The line `cdb` prints when it was granted a token: the day's count, and whether the next run
 * can reuse it (docs/architecture.md, "How a token is spent": a token is money; the user must see each one spent).
 */
export function grantNotice(usage: GrantUsage, kept: Vault['tokensKept']): string {
  const count = `${usage.countUnknown ? 'at least ' : ''}${usage.used} of ${usage.limit}`;
  const where = {
    keychain: 'kept in the system keychain for the next runs',
    file: `kept in the token file for the next runs (${TOKEN_CACHE_ENV}=file)`,
    session: `no keychain, so the next run will ask for another; ${TOKEN_CACHE_ENV}=file keeps it in a file (see the README)`,
  }[kept];
  return `cdb: new access token: token ${count} today; ${where}\n`;
}
