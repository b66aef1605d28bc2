import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DEMO_CONNECTION_ID,
  type EventName,
  type EventPayloads,
  type ParsedRequestInput,
  type ProfileSummary,
  type RequestName,
  type RequestOutputs,
  type SessionStatus,
  type TokenStatus,
} from '../../shared/contract.js';
import { API_LIMITS, DEFAULT_API_PREFIX } from '../../shared/api-rules.js';
import type { Profile } from '../../shared/profile.js';
import { dataFiles } from '../app-paths.js';
import { connect, type Connection, type ConnectionProfile } from '../connection.js';
import { credentialsOf, sameCredentials } from '../credentials.js';
import { AuditLog } from '../export/audit-log.js';
import { runExport } from '../export/export.js';
import { freeTarget } from '../export/free-name.js';
import { removeLeftovers } from '../export/temp-file.js';
import { GrantLedger } from '../grant-ledger.js';
import { LimiterRegistry } from '../limiter-registry.js';
import { ProfileStore, type DamagedFileReport } from '../profiles.js';
import { treatAsSecret } from '../redact.js';
import { TokenManagers, type TokenState } from '../tokens.js';
import { openVault, Vault } from '../vault.js';
import { AppError, toErrorPayload } from './app-error.js';
import { RequestRegistry } from './request-registry.js';
import { SettingsStore } from './settings-store.js';

export interface AppCoreOptions {
  /** Profiles, settings, token ledger and audit log (Electron's userData, or the host's). */
  dataDir: string;
  /** Where exports are written. */
  exportDir: string;
  /** The keychain; the system's by default. */
  vault?: Vault;
  /**
   * Starts the built-in Demo connection's server (the first time it is chosen). The composition
   * roots (Electron main, the browser host) hand it in: the engine never imports the Demo API.
   */
  startDemo?: () => Promise<DemoServer>;
  /**
   * Where an export goes: Electron asks with the native save dialog (undefined: the user cancelled).
   * Without it, exports go to `exportDir` under the file name asked for.
   */
  chooseExportTarget?: (fileName: string) => Promise<string | undefined>;
  /** Shows a file in the system's file manager (Electron). */
  revealFile?: (path: string) => void;
}

/** The built-in Demo connection's server: where it listens, and its one client's credentials. */
export interface DemoServer {
  baseUrl: string;
  authUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** A handler per request; `caller` names the window or tab it came from (request-registry.ts). */
type Handlers = {
  [N in RequestName]: (input: ParsedRequestInput<N>, caller?: string) => Promise<RequestOutputs[N]>;
};
type Listener = <E extends EventName>(name: E, payload: EventPayloads[E]) => void;

interface Active {
  id: string;
  name: string;
  demo: boolean;
  connection: Connection;
  detach: () => void;
}

const DEMO_NAME = 'Demo';
/** The caller of a handler called directly (tests, benches), not through dispatch. */
const DIRECT_CALLER = 'direct';

/**
 * One instance of the engine for the whole app (DESIGN.md): profiles, keychain, connections, data
 * calls, exports and the events they push. Electron main and the browser host both serve the
 * contract with it, after validating every argument; it never hands out a secret.
 */
export class AppCore {
  private active: Active | undefined;
  private demo: Promise<DemoServer> | undefined;
  private readonly demoVault = new Vault(
    undefined,
    'demo',
    'the Demo connection keeps its credentials in memory',
  );
  /** The page and count requests of each window or tab, cancellable by their caller only. */
  private readonly requests = new RequestRegistry();
  /** The exports running now, by the id the app gave them. */
  private readonly exports = new Map<string, AbortController>();
  private readonly tokens: TokenManagers;
  private readonly demoTokens: TokenManagers;
  private readonly listeners = new Set<Listener>();
  /** Shared with the `cdb` runs of the user calling the same API (DESIGN.md, "Limiter"). */
  private readonly limiters: LimiterRegistry;
  private readonly notices: string[] = [];
  /** This session's exports, by id: only their files may be revealed. */
  private readonly exportPaths = new Map<string, string>();
  /** Targets of the exports running now: no second export may pick the same name. */
  private readonly exportsUnderWay = new Set<string>();

  private constructor(
    private readonly options: AppCoreOptions,
    private readonly vault: Vault,
    private readonly ledger: GrantLedger,
    demoLedger: GrantLedger,
    private readonly profiles: ProfileStore,
    private readonly settings: SettingsStore,
    private readonly auditLog: AuditLog,
  ) {
    this.tokens = new TokenManagers({ vault, ledger });
    this.limiters = new LimiterRegistry(dataFiles(options.dataDir).limiterPeers);
    this.demoTokens = new TokenManagers({ vault: this.demoVault, ledger: demoLedger });
  }

  /** Opens the app's data and connects to the last connection used (the Demo when there is no profile). */
  static async open(options: AppCoreOptions): Promise<AppCore> {
    const files = dataFiles(options.dataDir);
    const { store, damaged } = await ProfileStore.open(files.profiles);
    const settings = await SettingsStore.open(join(options.dataDir, 'settings.json'));
    const ledger = await GrantLedger.open(files.grantLedger);
    const core = new AppCore(
      options,
      options.vault ?? (await openVault()),
      ledger,
      await GrantLedger.open(undefined),
      store,
      settings.store,
      new AuditLog(files.auditLog),
    );
    const kept = (what: string, report: DamagedFileReport | undefined) =>
      report &&
      core.notices.push(`${what} could not be read (${report.reason}); it was kept as ${report.movedTo}.`);
    kept('Some saved connections', damaged);
    kept('The settings', settings.damaged);
    kept('The token ledger', ledger.damaged);
    await core.removeExportLeftovers();
    const remembered = core.settings.get().connectionId;
    const hasDemo = options.startDemo !== undefined;
    const start =
      remembered && ((remembered === DEMO_CONNECTION_ID && hasDemo) || (await store.get(remembered)))
        ? remembered
        : undefined;
    if (start) await core.select(start);
    else if ((await store.list()).length === 0 && hasDemo) await core.select(DEMO_CONNECTION_ID);
    return core;
  }

  /** The contract's requests; arguments have been validated by the caller (main or the host). */
  readonly handlers: Handlers = {
    'profiles.list': async () =>
      Promise.all((await this.profiles.list()).map((profile) => this.summary(profile))),
    'profiles.save': ({ id, profile, secret }) => this.saveProfile(id, profile, secret),
    'profiles.delete': async ({ id }) => {
      const before = await this.profiles.get(id);
      const deleted = await this.profiles.remove(id);
      if (before && deleted) {
        await this.vault.deleteSecret(id);
        await this.releaseCredentials(before);
      }
      if (deleted && this.active?.id === id) this.disconnect();
      return { deleted };
    },
    'profiles.test': async ({ id }) => {
      const { connection } = await this.open(id);
      // Testing is the user asking to try again: it lifts an earlier "credentials rejected".
      connection.tokens.retry();
      return { customers: await connection.client.count({ resource: 'customers' }) };
    },
    'connection.select': ({ id }) => this.select(id),
    'connection.retry': () => {
      this.active?.connection.tokens.retry();
      return this.status();
    },
    'settings.get': () => Promise.resolve(this.settings.get()),
    'settings.set': async (changes) => {
      const before = this.settings.get().language;
      const settings = await this.settings.set(changes);
      if (settings.language !== before) this.emit('language.changed', { language: settings.language });
      return settings;
    },
    'session.status': () => this.status(),
    'data.listPage': ({ view, size, cursor, lang, priority, requestId }, caller = DIRECT_CALLER) =>
      this.requests.run(caller, requestId, (signal) =>
        this.connection().client.listPage(
          { ...view, size, cursor, lang },
          { signal, priority: priority ?? 'interactive' },
        ),
      ),
    'data.count': ({ view, requestId }, caller = DIRECT_CALLER) =>
      this.requests.run(caller, requestId, async (signal) => ({
        total: await this.connection().client.count(view, { signal, priority: 'prefetch' }),
      })),
    'data.cancel': ({ requestId }, caller = DIRECT_CALLER) =>
      Promise.resolve({ cancelled: this.requests.cancel(caller, requestId) }),
    'data.schemas': ({ lang }) => this.connection().client.schemas(lang),
    'export.start': async ({ view, options, fileName }) => this.startExport(view, options, fileName),
    'export.cancel': ({ exportId }) => {
      // Exports are cancelled by export.cancel only, with the id the app gave them.
      const controller = this.exports.get(exportId);
      controller?.abort();
      return Promise.resolve({ cancelled: controller !== undefined });
    },
    'export.reveal': ({ exportId }) => {
      const path = this.exportPaths.get(exportId);
      if (path === undefined || !this.options.revealFile) return Promise.resolve({ revealed: false });
      this.options.revealFile(path);
      return Promise.resolve({ revealed: true });
    },
    'exports.recent': async () => ({ entries: await this.auditLog.recent(30) }),
  };

  /** Calls `listener` with every event the app pushes. */
  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Cancels running work, stops the Demo API and the limiters (the app is quitting). */
  async close(): Promise<void> {
    this.requests.cancelAll();
    for (const controller of this.exports.values()) controller.abort();
    this.exports.clear();
    this.disconnect();
    this.limiters.closeAll();
    this.tokens.closeAll();
    this.demoTokens.closeAll();
    await (await this.demo)?.close();
  }

  /**
   * Removes what exports interrupted by a crash left (their temporary files, full of personal
   * data) from the export folder and the folders of unfinished exports in the audit log, and says so.
   */
  private async removeExportLeftovers(): Promise<void> {
    const unfinished = (await this.auditLog.recent(200)).filter((entry) => entry.outcome === 'unfinished');
    const folders = new Set([this.options.exportDir, ...unfinished.map((entry) => dirname(entry.path))]);
    for (const folder of folders) {
      const removed = await removeLeftovers(folder);
      if (removed.length) {
        this.notices.push(
          `Removed ${removed.length} temporary file(s) left in ${folder} by exports that were interrupted.`,
        );
      }
    }
  }

  private emit<E extends EventName>(name: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) listener(name, payload);
  }

  private async summary(profile: Profile): Promise<ProfileSummary> {
    return { ...profile, secretSaved: (await this.vault.getSecret(profile.id)) !== undefined };
  }

  /**
   * Saves a profile. Credentials belong to their address (DESIGN.md, "Tokens"): a change of the
   * base URL, auth URL, audience or client id needs the secret typed again, and drops the token
   * cached for the old ones, so neither the secret nor a token goes where it was not entered for.
   */
  private async saveProfile(
    id: string | undefined,
    profile: ParsedRequestInput<'profiles.save'>['profile'],
    secret: string | undefined,
  ): Promise<ProfileSummary> {
    if (secret !== undefined) treatAsSecret(secret);
    if (id === undefined) {
      const created = await this.profiles.create(profile);
      if (secret !== undefined) await this.vault.setSecret(created.id, secret);
      return this.summary(created);
    }
    const before = await this.profiles.get(id);
    if (!before) throw new AppError('not-found', `there is no connection with id ${id}`);
    const moved =
      before.baseUrl !== profile.baseUrl || !sameCredentials(credentialsOf(before), credentialsOf(profile));
    if (moved && secret === undefined) {
      throw new AppError(
        'secret-required',
        'the address or client id of this connection changed: type its client secret again (a secret is only sent where it was entered for)',
      );
    }
    const saved = await this.profiles.update(id, profile);
    if (moved) {
      await this.vault.deleteSecret(id);
      await this.releaseCredentials(before, { always: true });
    }
    if (secret !== undefined) {
      await this.vault.setSecret(id, secret);
      this.tokens.existing(credentialsOf(saved))?.retry();
    }
    if (this.active?.id === saved.id) await this.select(saved.id);
    return this.summary(saved);
  }

  /**
   * A profile no longer uses its credentials: its secret stops being used for them, and their
   * cached token is dropped when no other profile uses them (`always`: even then).
   */
  private async releaseCredentials(profile: Profile, { always = false } = {}): Promise<void> {
    const credentials = credentialsOf(profile);
    const manager = this.tokens.forCredentials(credentials);
    manager.dropSecretSource(profile.id);
    if (always || !(await this.profiles.othersUse(credentials, profile.id))) await manager.forget();
  }

  private async status(): Promise<SessionStatus> {
    // Other processes (cdb runs) may have been granted tokens since: the count shown is the machine's.
    await this.ledger.refresh();
    const active = this.active;
    return {
      connection: active ? { id: active.id, name: active.name, demo: active.demo } : null,
      token: active ? tokenStatus(active.connection.tokens.state()) : null,
      keychainProblem: this.vault.unavailable?.message ?? null,
      notices: [...this.notices],
      canRevealFiles: this.options.revealFile !== undefined,
    };
  }

  private connection(): Connection {
    if (!this.active) throw new AppError('no-connection', 'no connection is chosen: pick one first');
    return this.active.connection;
  }

  /** Makes `id` the active connection, and remembers it for the next start. */
  private async select(id: string): Promise<SessionStatus> {
    const opened = await this.open(id);
    this.disconnect();
    const { tokens, limiter } = opened.connection;
    const detachToken = tokens.onState((state) => this.emit('token.state', tokenStatus(state)));
    const detachStats = limiter.onStats((stats) => this.emit('limiter.stats', stats));
    this.active = { ...opened, detach: () => (detachToken(), detachStats()) };
    await this.settings.set({ connectionId: id });
    return await this.status();
  }

  private disconnect(): void {
    this.active?.detach();
    this.active = undefined;
  }

  /** A connection to a profile, or to the Demo API (started in-process the first time, credentials in memory). */
  private async open(
    id: string,
  ): Promise<{ id: string; name: string; demo: boolean; connection: Connection }> {
    if (id === DEMO_CONNECTION_ID) {
      const { startDemo } = this.options;
      if (!startDemo) throw new AppError('not-found', 'this build of the app has no Demo connection');
      this.demo ??= startDemo();
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
      return { id, name: DEMO_NAME, demo: true, connection };
    }
    const profile = await this.profiles.get(id);
    if (!profile) throw new AppError('not-found', `there is no connection with id ${id}`);
    const connection = connect(profile, {
      tokens: this.tokens,
      limiters: this.limiters,
      readSecret: () => this.vault.getSecret(profile.id),
    });
    return { id, name: profile.name, demo: false, connection };
  }

  private async startExport(
    view: ParsedRequestInput<'export.start'>['view'],
    options: ParsedRequestInput<'export.start'>['options'],
    fileName: string,
  ): Promise<RequestOutputs['export.start']> {
    const { client } = this.connection();
    const profile = this.active?.name ?? '';
    let path: string;
    if (this.options.chooseExportTarget) {
      const chosen = await this.options.chooseExportTarget(fileName);
      if (chosen === undefined) throw new DOMException('The save dialog was cancelled', 'AbortError');
      path = chosen;
    } else {
      await mkdir(this.options.exportDir, { recursive: true });
      path = await freeTarget(this.options.exportDir, fileName, this.exportsUnderWay);
    }
    const exportId = randomUUID();
    this.exportPaths.set(exportId, path);
    const controller = new AbortController();
    this.exports.set(exportId, controller);
    const report = (
      state: 'running' | 'completed' | 'failed' | 'cancelled',
      progress = emptyProgress(),
      error?: unknown,
    ) =>
      this.emit('export.progress', {
        exportId,
        state,
        progress,
        path,
        ...(error !== undefined && { error: toErrorPayload(error) }),
      });
    let last = emptyProgress();
    runExport(
      client,
      { id: exportId, profile, view, options, target: path },
      {
        signal: controller.signal,
        auditLog: this.auditLog,
        onProgress: (progress) => {
          last = progress;
          report('running', progress);
        },
      },
    )
      .then(
        () => report('completed', last),
        (error: unknown) => report(controller.signal.aborted ? 'cancelled' : 'failed', last, error),
      )
      .finally(() => {
        this.exports.delete(exportId);
        this.exportsUnderWay.delete(path);
      });
    return { exportId, path };
  }
}

function emptyProgress() {
  return { records: 0, scanned: 0, pages: 0, recordsPerSecond: 0, restarted: false, cutCells: 0 };
}

function tokenStatus(state: TokenState): TokenStatus {
  return {
    status: state.status,
    expiresAt: state.expiresAt,
    used: state.usage.used,
    limit: state.usage.limit,
    unconfirmed: state.usage.unconfirmed,
    countUnknown: state.usage.countUnknown,
    nextAllowedAt: state.usage.nextAllowedAt,
    error: state.error,
  };
}
