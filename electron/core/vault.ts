/**
 * Secrets of connection profiles: the client secret and the cached access token, kept in the
 * system keychain through keytar (service = the app id, accounts `<profileId>:secret` and
 * `<profileId>:token`). Where no keychain answers, they live in this process's memory for the
 * session and `unavailable` says so; they are never written to a file or a log.
 */

/** The app id, as the keychain shows it to the user. */
export const KEYCHAIN_SERVICE = 'com.customer-data-browser.app';

/** A token as cached between runs (DESIGN.md: "restarting the app does not spend a new one"). */
export interface CachedToken {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** No usable system keychain: shown by the UI and `cdb`; secrets are then kept for the session only. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(readonly reason: string) {
    super('no system keychain: secrets kept for this session only');
  }
}

/** The calls of keytar the vault uses (so a test can hand in a keychain that fails). */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

type Account = `${string}:secret` | `${string}:token`;

export class Vault {
  private readonly memory = new Map<Account, string>();
  private problem: KeychainUnavailableError | undefined;
  private readonly listeners = new Set<(error: KeychainUnavailableError) => void>();

  constructor(
    private backend: KeychainBackend | undefined,
    private readonly service = KEYCHAIN_SERVICE,
    unavailableReason?: string,
  ) {
    if (!backend)
      this.problem = new KeychainUnavailableError(unavailableReason ?? 'keytar could not be loaded');
  }

  /** Why secrets are kept for this session only, if they are. */
  get unavailable(): KeychainUnavailableError | undefined {
    return this.problem;
  }

  /** Calls `listener` when the keychain stops answering (once per vault). */
  onUnavailable(listener: (error: KeychainUnavailableError) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSecret(profileId: string): Promise<string | undefined> {
    return this.read(`${profileId}:secret`);
  }

  setSecret(profileId: string, secret: string): Promise<void> {
    return this.write(`${profileId}:secret`, secret);
  }

  async getToken(profileId: string): Promise<CachedToken | undefined> {
    const stored = await this.read(`${profileId}:token`);
    if (!stored) return undefined;
    try {
      const token = JSON.parse(stored) as Partial<CachedToken>;
      if (typeof token.accessToken === 'string' && typeof token.expiresAt === 'number') {
        return { accessToken: token.accessToken, expiresAt: token.expiresAt };
      }
    } catch {
      // A damaged entry is treated as no token: a new one is requested.
    }
    return undefined;
  }

  setToken(profileId: string, token: CachedToken): Promise<void> {
    return this.write(`${profileId}:token`, JSON.stringify(token));
  }

  deleteToken(profileId: string): Promise<void> {
    return this.delete(`${profileId}:token`);
  }

  /** Forgets everything kept for a profile (its secret and its token). */
  async deleteProfile(profileId: string): Promise<void> {
    await this.delete(`${profileId}:secret`);
    await this.delete(`${profileId}:token`);
  }

  private async read(account: Account): Promise<string | undefined> {
    if (this.backend) {
      try {
        return (await this.backend.getPassword(this.service, account)) ?? this.memory.get(account);
      } catch (error) {
        this.fallBack(error);
      }
    }
    return this.memory.get(account);
  }

  private async write(account: Account, value: string): Promise<void> {
    if (this.backend) {
      try {
        await this.backend.setPassword(this.service, account, value);
        this.memory.delete(account);
        return;
      } catch (error) {
        this.fallBack(error);
      }
    }
    this.memory.set(account, value);
  }

  private async delete(account: Account): Promise<void> {
    this.memory.delete(account);
    if (!this.backend) return;
    try {
      await this.backend.deletePassword(this.service, account);
    } catch (error) {
      this.fallBack(error);
    }
  }

  /** The keychain failed (absent, locked, prompt refused): keep secrets in memory from now on. */
  private fallBack(error: unknown): void {
    this.backend = undefined;
    // keytar's messages name D-Bus paths, never the secret; they help the user see which keychain failed.
    this.problem = new KeychainUnavailableError(error instanceof Error ? error.message : String(error));
    for (const listener of this.listeners) listener(this.problem);
  }
}

/**
 * Opens the vault on the system keychain, checking it answers; without one (no Secret Service on
 * Linux, keytar not built) the vault keeps secrets in memory and reports why.
 */
export async function openVault(service = KEYCHAIN_SERVICE): Promise<Vault> {
  let backend: KeychainBackend;
  try {
    const keytar = (await import('keytar')) as { default?: KeychainBackend } & KeychainBackend;
    backend = keytar.default ?? keytar;
  } catch (error) {
    return new Vault(undefined, service, `keytar could not be loaded: ${(error as Error).message}`);
  }
  try {
    // A read of an account that never exists: proves the keychain answers without prompting.
    await backend.getPassword(service, 'probe:secret');
  } catch (error) {
    return new Vault(undefined, service, (error as Error).message);
  }
  return new Vault(backend, service);
}
