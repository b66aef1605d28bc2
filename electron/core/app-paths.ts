import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name, which names the app's data folder (as Electron's `userData` does). */
export const PRODUCT_NAME = 'Customer Data Browser';

/**
 * The folder of the app's data (profiles, token ledger, audit log): `CDB_DATA_DIR` when set, else
 * the folder Electron gives the app as `userData`, so the app and `cdb` share their profiles.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.CDB_DATA_DIR) return env.CDB_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

/** Where each file of the app's data lives inside the data folder. */
export const dataFiles = (dataDir: string) => ({
  profiles: dataDir,
  grantLedger: join(dataDir, 'token-grants.json'),
  auditLog: join(dataDir, 'exports-audit.log'),
  /** The user's settings, saved views among them (settings-store.ts): read by `cdb` too. */
  settings: join(dataDir, 'settings.json'),
  /** The port the browser host listened on last (host-port.ts). */
  hostPort: join(dataDir, 'host-port.json'),
  /** Where each window and tab was, to reopen there (desks.ts). */
  desks: join(dataDir, 'desks.json'),
  /** Each connection's favourite and recent customers, sealed (marked-customers.ts). */
  markedCustomers: join(dataDir, 'marked-customers.json'),
  /** Locked while the keychain's key for sealing is made, so that two processes make one (typed-text.ts). */
  typedTextKeyLock: join(dataDir, 'typed-text-key'),
  /** The lists held for search, kept sealed between sessions (kept-lists.ts). */
  heldLists: join(dataDir, 'held-lists'),
  /** Heartbeats of the processes calling each API origin, so they share its rate (origin-peers.ts). */
  limiterPeers: join(dataDir, 'limiter-peers'),
});
