import { type EventName, type EventPayloads } from '../../shared/contract/contract.js';
import {
  DEMO_CONNECTION_ID,
  DEMO_CONNECTION_NAME,
  type DemoConnection,
} from '../../shared/demo-connection.js';
import type { TokenStatus } from '../../shared/contract/status.js';
import { API_LIMITS, DEFAULT_API_PREFIX } from '../../shared/api-rules.js';
import { connect, type Connection, type ConnectionProfile, type ConnectionServices } from '../api/connect.js';
import type { GrantLedger } from '../auth/grant-ledger.js';
import type { LimiterRegistry } from '../rate/limiter-registry.js';
import type { ProfileStore } from '../store/profiles.js';
import { TokenManagers } from '../auth/token-managers.js';
import type { SecretSource, TokenState } from '../auth/tokens.js';
import { Vault } from '../auth/vault.js';
import { AppError } from '../engine-errors.js';

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

/** Windows and tabs whose choice is remembered at most (a tab reloaded is a new one); the least recent forgotten first. */
const CALLERS_KEPT = 256;

/**
 * The connections of the app: opens one for a saved profile (its secret from the keychain) or for
 * the Demo (its server started the first time, its credentials in memory, its tokens counted
 * apart from the real APIs'), and keeps the one each window or tab (caller) chose: one tab choosing
 * Staging never moves another off Prod. A caller that has not chosen starts on the connection chosen
 * last, and keeps it. Relays the token and limiter events of every chosen connection, naming it.
 */
export class Connections {
  private readonly chosenBy = new Map<string, OpenConnection>();
  /** The connection chosen last: where a window or tab that has not chosen yet starts. */
  private latest: OpenConnection | undefined;
  /** The events relayed for each chosen connection (by id), with the connection they listen to. */
  private readonly relays = new Map<string, { connection: Connection; detach: () => void }>();
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
    /** The network APIs are reached through (AppCoreOptions.fetch), and how it trusts a profile's company root. */
    private readonly network: Pick<ConnectionServices, 'fetch' | 'trustCompanyRoot'> = {},
  ) {
    const { fetch } = network;
    const demoVault = new Vault(undefined, 'demo', 'the Demo connection keeps its credentials in memory');
    this.demoTokens = new TokenManagers({ vault: demoVault, ledger: demoLedger, fetch });
  }

  /** Whether this build has the Demo connection. */
  get hasDemo(): boolean {
    return this.startDemo !== undefined;
  }

  /** The connection `caller` chose; for one that has not chosen yet, the one chosen last, now its own. */
  active(caller: string): OpenConnection | undefined {
    const chosen = this.chosenBy.get(caller) ?? this.latest;
    if (chosen && !this.chosenBy.has(caller)) this.remember(caller, chosen);
    return chosen;
  }

  /** The connection `caller` chose; a clear error when there is none. */
  chosen(caller: string): Connection {
    const chosen = this.active(caller);
    if (!chosen) throw new AppError('no-connection', 'no connection is chosen: pick one first');
    return chosen.connection;
  }

  /** Makes `id` the connection of `caller`, and where callers that have not chosen start. */
  async choose(caller: string, id: string): Promise<void> {
    const opened = await this.open(id);
    this.remember(caller, opened);
    this.latest = opened;
    this.relay();
  }

  /** Connects again every caller that chose `id` (its profile was saved): same choice, what was saved. */
  async reopen(id: string): Promise<void> {
    if (![...this.chosenBy.values(), this.latest].some((chosen) => chosen?.id === id)) return;
    const opened = await this.open(id);
    for (const [caller, chosen] of this.chosenBy) if (chosen.id === id) this.chosenBy.set(caller, opened);
    if (this.latest?.id === id) this.latest = opened;
    this.relay();
  }

  /** No caller has `id` chosen any more (it was deleted); with no id, none has any (the app is quitting). */
  forget(id?: string): void {
    for (const [caller, chosen] of this.chosenBy)
      if (id === undefined || chosen.id === id) this.chosenBy.delete(caller);
    if (id === undefined || this.latest?.id === id) this.latest = undefined;
    this.relay();
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
      ...this.network,
    });
    return { id, name: profile.name, demo: false, connection };
  }

  /**
   * A connection to a profile as the form has it (the form's Test) with a secret already saved for
   * its credentials (`readSecret`): the saved connection's token manager and cached token.
   */
  openUnsaved(profile: ConnectionProfile, readSecret: SecretSource): Connection {
    return connect(profile, {
      tokens: this.tokens,
      limiters: this.limiters,
      readSecret,
      trial: true,
      ...this.network,
    });
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
      ...this.network,
    });
  }

  /** Stops the Demo's server and its token managers (the app is quitting). */
  async close(): Promise<void> {
    this.forget();
    this.demoTokens.closeAll();
    await (await this.demo)?.close();
  }

  private remember(caller: string, chosen: OpenConnection): void {
    this.chosenBy.delete(caller);
    this.chosenBy.set(caller, chosen);
    if (this.chosenBy.size > CALLERS_KEPT) this.chosenBy.delete(this.chosenBy.keys().next().value ?? '');
  }

  /** Listens to the token and limiter of each chosen connection (and no other), their events naming it. */
  private relay(): void {
    const wanted = new Map<string, Connection>();
    for (const chosen of [...this.chosenBy.values(), this.latest])
      if (chosen) wanted.set(chosen.id, chosen.connection);
    for (const [id, relay] of this.relays) {
      if (wanted.get(id) === relay.connection) continue;
      relay.detach();
      this.relays.delete(id);
    }
    for (const [connectionId, connection] of wanted) {
      if (this.relays.has(connectionId)) continue;
      const detachToken = connection.tokens.onState((state) =>
        this.emit('token.state', { ...tokenStatus(state), connectionId }),
      );
      const detachStats = connection.limiter.onStats((stats) =>
        this.emit('limiter.stats', { ...stats, connectionId }),
      );
      this.relays.set(connectionId, { connection, detach: () => (detachToken(), detachStats()) });
    }
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
      ...this.network,
    });
    return { id: DEMO_CONNECTION_ID, name: DEMO_CONNECTION_NAME, demo: true, connection };
  }
}

/** A token manager's state as the contract shows it. */
export function tokenStatus(state: TokenState): TokenStatus {
  // The UI has no use for why a token is held back: the budget's figures say it.
  const { blockedFor, ...usage } = state.usage;
  return {
    status: state.status,
    expiresAt: state.expiresAt,
    error: state.error,
    errorCode: state.errorCode,
    ...usage,
  };
}
