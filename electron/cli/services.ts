import { dataFiles, defaultDataDir } from '../core/app-paths.js';
import { AuditLog } from '../core/export/audit-log.js';
import { GrantLedger } from '../core/grant-ledger.js';
import { LimiterRegistry } from '../core/limiter.js';
import { ProfileStore } from '../core/profiles.js';
import { openVault, type Vault } from '../core/vault.js';
import type { CliIo } from './io.js';

/** What `cdb` commands share: the data folder's profiles, ledger and audit log, the keychain, the limiters. */
export interface CliServices {
  dataDir: string;
  vault: Vault;
  ledger: GrantLedger;
  limiters: LimiterRegistry;
  auditLog: AuditLog;
  profiles(): Promise<ProfileStore>;
}

/** Opens what the commands need, saying once on stderr when there is no keychain. */
export async function openServices(io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<CliServices> {
  const dataDir = defaultDataDir(env);
  const files = dataFiles(dataDir);
  const vault = await openVault();
  const warn = () =>
    io.stderr.write(`cdb: warning: no system keychain: secrets kept for this session only\n`);
  if (vault.unavailable) warn();
  else vault.onUnavailable(warn);
  let store: ProfileStore | undefined;
  return {
    dataDir,
    vault,
    ledger: await GrantLedger.open(files.grantLedger),
    limiters: new LimiterRegistry(),
    auditLog: new AuditLog(files.auditLog),
    profiles: async () => {
      if (!store) {
        const opened = await ProfileStore.open(files.profiles);
        if (opened.damaged) {
          io.stderr.write(
            `cdb: warning: the profiles file could not be read (${opened.damaged.reason}); it was moved to ${opened.damaged.movedTo}\n`,
          );
        }
        store = opened.store;
      }
      return store;
    },
  };
}
