import { randomBytes } from 'node:crypto';
import { treatAsSecret } from '../redact.js';
import type { TokenFile } from './token-file.js';

/**
 * Secrets: each profile's client secret and each credentials' cached access token, kept in the
 * system keychain through keytar (service = the app id, accounts `<profileId>:secret`,
 * `<credentialsId>:token`, `<host:port>:proxy` for a proxy login the user chose to keep, and
 * `<name>:key` for a key that encrypts what the app keeps on disk, typed-text.ts). Where no keychain answers, they live in this process's memory for the
 * session and `unavailable` says so; a secret is never written to a file or a log. Tokens alone may
 * go to a TokenFile, when the user opted in to one for a machine without a keychain.
 */

/** The app id, as the keychain shows it to the user. */
export const KEYCHAIN_SERVICE = 'com.customer-data-browser.app';

/** A token as cached between runs: restarting the app does not spend a new one. */
export interface CachedToken {
  accessToken: string;
  /** Epoch ms, by this machine's clock: when it was received plus its lifetime. */
  expiresAt: number;
  /** Epoch ms, by this machine's clock (absent in tokens cached by older versions). */
  receivedAt?: number;
  /**
   * Epoch ms: the soonest the server's stated lifetime lets it end (counted from when it was asked),
   * when that is sooner than the lifetime the app uses a token for (token-endpoint.ts). A 401 after
   * it may mean the token ended; one before it cannot.
   */
  statedEnd?: number;
  /**
   * Resources the API refused this very token right after it was issued (a bundle restricted to
   * some resources): kept with it, so another process or the next start asks no token to learn it.
   */
  notPermitted?: string[];
  /**
   * SHA-256 (hex) of the secret that obtained it: profiles sharing these credentials with another
   * secret (a mistyped copy) are not told it works by a token their secret never got.
   */
  secretDigest?: string;
}

/** A user name and password a proxy asked for (kept in the keychain only when the user chose so). */
export interface ProxyLogin {
  username: string;
  password: string;
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

type Account = `${string}:secret` | `${string}:token` | `${string}:proxy` | `${string}:key`;

export class Vault {
  private readonly memory = new Map<Account, string>();
  private problem: KeychainUnavailableError | undefined;
  private readonly listeners = new Set<(error: KeychainUnavailableError) => void>();
  private tokenFile: TokenFile | undefined;

  constructor(
    private backend: KeychainBackend | undefined,
    readonly service = KEYCHAIN_SERVICE,
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

  /** Where tokens go while there is no keychain (opt-in; see TokenFile), or where they stop going. */
  cacheTokensIn(file: TokenFile | undefined): void {
    this.tokenFile = file;
  }

  /** Where cached tokens outlive this process: the keychain, the opted-in token file, or nowhere. */
  get tokensKept(): 'keychain' | 'file' | 'session' {
    return this.backend ? 'keychain' : this.tokenFile ? 'file' : 'session';
  }

  async getSecret(profileId: string): Promise<string | undefined> {
    const secret = await this.read(`${profileId}:secret`);
    treatAsSecret(secret);
    return secret;
  }

  setSecret(profileId: string, secret: string): Promise<void> {
    treatAsSecret(secret);
    return this.write(`${profileId}:secret`, secret);
  }

  deleteSecret(profileId: string): Promise<void> {
    return this.delete(`${profileId}:secret`);
  }

  /** The token cached for the credentials `credentialsId` names (credentials.ts). */
  async getToken(credentialsId: string): Promise<CachedToken | undefined> {
    // A damaged entry is no token: a new one is requested.
    const token = await this.readJson<CachedToken>(`${credentialsId}:token`);
    if (typeof token?.accessToken !== 'string' || typeof token.expiresAt !== 'number') return undefined;
    treatAsSecret(token.accessToken);
    const notPermitted = Array.isArray(token.notPermitted)
      ? token.notPermitted.filter((scope): scope is string => typeof scope === 'string')
      : [];
    return {
      accessToken: token.accessToken,
      expiresAt: token.expiresAt,
      ...(typeof token.receivedAt === 'number' && { receivedAt: token.receivedAt }),
      ...(typeof token.statedEnd === 'number' && { statedEnd: token.statedEnd }),
      ...(notPermitted.length > 0 && { notPermitted }),
      ...(typeof token.secretDigest === 'string' && { secretDigest: token.secretDigest }),
    };
  }

  setToken(credentialsId: string, token: CachedToken): Promise<void> {
    return this.write(`${credentialsId}:token`, JSON.stringify(token));
  }

  deleteToken(credentialsId: string): Promise<void> {
    return this.delete(`${credentialsId}:token`);
  }

  /**
   * The key `name` kept in the system keychain (base64), made and kept there the first time; undefined
   * when no keychain answers: a key kept in this process's memory would encrypt what no later run
   * can read, so none is given.
   */
  async keychainKey(name: string): Promise<string | undefined> {
    if (!this.backend) return undefined;
    const account: Account = `${name}:key`;
    const kept = await this.read(account);
    if (kept && this.backend) return kept;
    await this.write(account, randomBytes(32).toString('base64'));
    // What the keychain holds now is the key: another process that made one at the same time may
    // have written last. A keychain that failed on the write holds none, and there is none.
    return this.backend ? await this.read(account) : undefined;
  }

  /** The login kept for the proxy `proxy` (host:port), when the user chose to keep one. */
  async getProxyLogin(proxy: string): Promise<ProxyLogin | undefined> {
    // A damaged entry is none: the user is asked again.
    const login = await this.readJson<ProxyLogin>(`${proxy}:proxy`);
    if (typeof login?.username !== 'string' || typeof login.password !== 'string') return undefined;
    treatAsSecret(login.password);
    return { username: login.username, password: login.password };
  }

  setProxyLogin(proxy: string, login: ProxyLogin): Promise<void> {
    treatAsSecret(login.password);
    return this.write(`${proxy}:proxy`, JSON.stringify(login));
  }

  deleteProxyLogin(proxy: string): Promise<void> {
    return this.delete(`${proxy}:proxy`);
  }

  /**
   * The JSON object kept under `account`, its fields still to be checked by the caller; undefined
   * when there is none, or what is kept is not a JSON object (a damaged entry).
   */
  private async readJson<T>(account: Account): Promise<Partial<T> | undefined> {
    const stored = await this.read(account);
    if (!stored) return undefined;
    try {
      const value: unknown = JSON.parse(stored);
      return typeof value === 'object' && value !== null ? value : undefined;
    } catch {
      return undefined;
    }
  }

  private async read(account: Account): Promise<string | undefined> {
    const file = this.fileFor(account);
    if (file) return (await file.get(account)) ?? this.memory.get(account);
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
    const file = this.fileFor(account);
    if (file) return file.set(account, value);
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
    await this.fileFor(account)?.delete(account);
    if (!this.backend) return;
    try {
      await this.backend.deletePassword(this.service, account);
    } catch (error) {
      this.fallBack(error);
    }
  }

  /** The opted-in token file, for a token account while there is no keychain. */
  private fileFor(account: Account): TokenFile | undefined {
    return !this.backend && account.endsWith(':token') ? this.tokenFile : undefined;
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
