import { DEMO_CONNECTION_ID, type EventName, type EventPayloads } from '../../shared/contract.js';
import { API_LIMITS, DEFAULT_API_PREFIX } from '../../shared/api-rules.js';
import { connect, type Connection, type ConnectionProfile } from '../api/connect.js';
import type { GrantLedger } from '../auth/grant-ledger.js';
import type { LimiterRegistry } from '../rate/limiter-registry.js';
import type { ProfileStore } from '../store/profiles.js';
import { TokenManagers } from '../auth/token-managers.js';
import type { SecretSource, TokenState } from '../auth/tokens.js';
import { Vault } from '../auth/vault.js';
import { AppError } from './app-error.js';
import type { DemoConnection } from '../../shared/demo-connection.js';

/** The built-in Demo connection's server: where it listens, and its one client's credentials. */
/** A running Demo API, as main, the host or a test hands it over. */
export interface DemoServer extends DemoConnection {
  close(): Promise<void>;
}

/** A connection opened for a profile or the Demo, with the name the UI shows. */
export interface OpenConnection {
  id: string;
  name: string;
  demo: boolean;
  connection: Connection;
}

type Emit = <E extends EventName>(name: E, payload: EventPayloads[E]) => void;

const DEMO_NAME = 'Demo';

/**
 * The connections of the app: opens one for a saved profile (its secret from the keychain) or for
 * the Demo (its server started the first time, its credentials in memory, its tokens counted
 * apart from the real APIs'), and keeps the one the user chose, relaying its token and limiter
 * events.
 */
export class Connections {
  private current: (OpenConnection & { detach: () => void }) | undefined;
  private demo: Promise<DemoServer> | undefined;
  private readonly demoTokens: TokenManagers;

  constructor(
    private readonly profiles: ProfileStore,
    private readonly vault: Vault,
    private readonly tokens: TokenManagers,
    private readonly limiters: LimiterRegistry,
    demoLedger: GrantLedger,
    private readonly emit: Emit,
    /** Starts the Demo's server; handed in by the composition roots (core never imports it). */
    private readonly startDemo: (() => Promise<DemoServer>) | undefined,
  ) {
    const demoVault = new Vault(undefined, 'demo', 'the Demo connection keeps its credentials in memory');
    this.demoTokens = new TokenManagers({ vault: demoVault, ledger: demoLedger });
  }

  /** Whether this build has the Demo connection. */
  get hasDemo(): boolean {
    return this.startDemo !== undefined;
  }

  /** The connection the user chose, if any. */
  get active(): OpenConnection | undefined {
    return this.current;
  }

  /** The chosen connection; a clear error when there is none. */
  chosen(): Connection {
    if (!this.current) throw new AppError('no-connection', 'no connection is chosen: pick one first');
    return this.current.connection;
  }

  /** Makes `id` the chosen connection. */
  async choose(id: string): Promise<void> {
    const opened = await this.open(id);
    this.forgetChoice();
    const { tokens, limiter } = opened.connection;
    const detachToken = tokens.onState((state) => this.emit('token.state', tokenStatus(state)));
    const detachStats = limiter.onStats((stats) => this.emit('limiter.stats', stats));
    this.current = { ...opened, detach: () => (detachToken(), detachStats()) };
  }

  /** No connection is chosen any more (it was deleted, or the app is quitting). */
  forgetChoice(): void {
    this.current?.detach();
    this.current = undefined;
  }

  /** A connection to a profile, or to the Demo API. */
  async open(id: string): Promise<OpenConnection> {
    if (id === DEMO_CONNECTION_ID) return this.openDemo();
    const profile = await this.profiles.get(id);
    if (!profile) throw new AppError('not-found', `there is no connection with id ${id}`);
    const connection = connect(profile, {
      tokens: this.tokens,
      limiters: this.limiters,
      readSecret: () => this.vault.getSecret(profile.id),
    });
    return { id, name: profile.name, demo: false, connection };
  }

  /**
   * A connection to a profile as the form has it (the form's Test) with a secret already saved for
   * its credentials (`readSecret`): the saved connection's token manager and cached token.
   */
  openUnsaved(profile: ConnectionProfile, readSecret: SecretSource): Connection {
    return connect(profile, { tokens: this.tokens, limiters: this.limiters, readSecret, trial: true });
  }

  /**
   * A connection trying a typed `secret` (the form's Test), on a token manager of its own over
   * `vault`, so a trial neither uses nor changes the token of a saved connection. Close its
   * `tokens` when done.
   */
  openTrial(profile: ConnectionProfile, secret: string, vault: Vault): Connection {
    return connect(profile, {
      tokens: { forCredentials: (credentials) => this.tokens.apart(credentials, vault) },
      limiters: this.limiters,
      readSecret: () => Promise.resolve(secret),
      trial: true,
    });
  }

  /** Stops the Demo's server and its token managers (the app is quitting). */
  async close(): Promise<void> {
    this.forgetChoice();
    this.demoTokens.closeAll();
    await (await this.demo)?.close();
  }

  private async openDemo(): Promise<OpenConnection> {
    if (!this.startDemo) throw new AppError('not-found', 'this build of the app has no Demo connection');
    this.demo ??= this.startDemo();
    const demo = await this.demo;
    const profile: ConnectionProfile = {
      id: DEMO_CONNECTION_ID,
      baseUrl: demo.baseUrl,
      authUrl: demo.authUrl,
      audience: demo.audience,
      clientId: demo.clientId,
      apiPrefix: DEFAULT_API_PREFIX,
      schemaPath: `${DEFAULT_API_PREFIX}/schemas`,
      requestsPerSecond: API_LIMITS.requestsPerSecond,
      burst: API_LIMITS.burst,
    };
    const connection = connect(profile, {
      tokens: this.demoTokens,
      limiters: this.limiters,
      readSecret: () => Promise.resolve(demo.clientSecret),
    });
    return { id: DEMO_CONNECTION_ID, name: DEMO_NAME, demo: true, connection };
  }
}

/** A token manager's state as the contract shows it. */
export function tokenStatus(state: TokenState): EventPayloads['token.state'] {
  // The UI has no use for why a token is held back: the budget's figures say it.
  const { blockedFor, ...usage } = state.usage;
  return { status: state.status, expiresAt: state.expiresAt, error: state.error, ...usage };
}
