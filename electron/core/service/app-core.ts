import {
  CONNECTION_REQUESTS,
  type EventName,
  type EventPayloads,
  type RequestName,
} from '../../shared/contract/contract.js';
import { DEMO_CONNECTION_ID } from '../../shared/demo-connection.js';
import type { SessionStatus } from '../../shared/contract/status.js';
import { dataFiles } from '../app-paths.js';
import { AuditLog } from '../export/audit-log.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { LimiterRegistry } from '../rate/limiter-registry.js';
import { ProfileStore, type DamagedFileReport } from '../store/profiles.js';
import { TokenManagers } from '../auth/token-managers.js';
import { openVault, type Vault } from '../auth/vault.js';
import { ConnectionTrials } from '../connections/connection-trials.js';
import { Connections, tokenStatus, type DemoServer } from '../connections/connections.js';
import { ExportJobs } from './export-jobs.js';
import { ProfileEditor } from '../connections/profile-editor.js';
import { DIRECT_CALLER, RequestRegistry } from './request-registry.js';
import { AppError } from '../engine-errors.js';
import { toErrorPayload } from './error-payload.js';
import { SettingsStore } from '../store/settings-store.js';
import type { Handlers } from './handlers.js';
import { viewsHandlers } from './views-handlers.js';
import { connectionHandlers } from './connection-handlers.js';
import { linksHandlers } from './links-handlers.js';
import { deskHandlers } from './desk-handlers.js';
import { DeskStore } from '../store/desks.js';
import { MarkedCustomerStore } from '../store/marks-store.js';
import { marksHandlers } from './marks-handlers.js';
import { keychainSeal, withOlderSeal, type TypedTextSeal } from '../store/typed-text.js';
import { searchHandlers } from './search-handlers.js';
import { listsHandlers } from './lists-handlers.js';
import { settingsHandlers } from './settings-handlers.js';
import { SYSTEM_LANGUAGE, type AppCoreOptions } from './app-core-options.js';
import { dataHandlers } from './data-handlers.js';
import { exportHandlers } from './export-handlers.js';
import { clipboardHandlers } from './clipboard-handlers.js';
import { ProxyLogins } from '../connections/proxy-logins.js';
import { LinkInbox } from './link-inbox.js';
import { SearchPreparation } from '../search/lists/search-preparation.js';
import { HeldLists, type ListSource } from '../search/lists/held-lists.js';
import { keptApiOf, KeptLists } from '../search/lists/kept-lists.js';
import { startConnection } from '../connections/start-connection.js';

export type { AppCoreOptions, DemoServer };
type Listener = <E extends EventName>(name: E, payload: EventPayloads[E]) => void;

/**
 * One instance of the engine for the whole app (docs/architecture.md), wiring its parts: saved connections
 * (profile-editor.ts), the chosen connection (connections.ts), the page requests of each window
 * (request-registry.ts), exports (export-jobs.ts) and settings, and the events they push. Electron
 * main and the browser host serve the contract with it, after validating every argument; it never
 * hands out a secret.
 */
export class AppCore {
  private readonly listeners = new Set<Listener>();
  /** Said once to the user at start: files kept aside, leftovers removed. */
  private readonly notices: string[] = [];
  /** The page and count requests of each window or tab, cancellable by their caller only. */
  private readonly requests = new RequestRegistry();
  private readonly writeClipboard: AppCoreOptions['writeClipboard'];
  private readonly tokens: TokenManagers;
  /** Shared with the `cdb` runs of the user calling the same API (docs/architecture.md, "Limiter"). */
  private readonly limiters: LimiterRegistry;
  private readonly connections: Connections;
  private readonly editor: ProfileEditor;
  private readonly exports: ExportJobs;
  private readonly trials: ConnectionTrials;
  /** Lists read whole for search, shared by every window (docs/decisions/0008-lists-held-for-search.md). */
  private readonly heldLists: HeldLists;
  /** The finder's lists read at idle after a connection is chosen, before anyone searches. */
  private readonly preparation: SearchPreparation;
  /** The held lists kept between sessions, sealed (decision 15). */
  private readonly kept: KeptLists;
  /** Each connection's favourite and recent customers. */
  private readonly marks: MarkedCustomerStore;
  /** The logins proxies ask Electron main for (its `login` event): kept ones, else the window asks. */
  readonly proxyLogins: ProxyLogins;
  /** The cdb:// links the system hands Electron main, kept until a window takes them. */
  readonly links: LinkInbox;

  private constructor(
    options: AppCoreOptions,
    private readonly vault: Vault,
    private readonly ledger: GrantLedger,
    demoLedger: GrantLedger,
    private readonly profiles: ProfileStore,
    private readonly settings: SettingsStore,
    private readonly desks: DeskStore,
    auditLog: AuditLog,
    seal: TypedTextSeal,
  ) {
    this.tokens = new TokenManagers({ vault, ledger, fetch: options.fetch });
    this.writeClipboard = options.writeClipboard;
    this.limiters = new LimiterRegistry(dataFiles(options.dataDir).limiterPeers);
    const emit = this.emit.bind(this);
    this.connections = new Connections(
      profiles,
      vault,
      this.tokens,
      this.limiters,
      demoLedger,
      emit,
      options.startDemo,
      { fetch: options.fetch, trustCompanyRoot: options.trustCompanyRoot },
    );
    this.editor = new ProfileEditor(profiles, vault, this.tokens);
    this.trials = new ConnectionTrials(
      profiles,
      vault,
      this.tokens,
      this.connections,
      this.editor,
      options.routeOf,
    );
    this.exports = new ExportJobs(options, auditLog, (progress) => emit('export.progress', progress));
    this.kept = new KeptLists(
      dataFiles(options.dataDir).heldLists,
      seal,
      () => this.settings.get().keepLists !== false,
    );
    this.heldLists = new HeldLists({
      budgetBytes: options.searchBudgetBytes,
      onStatus: (status) => emit('lists.status', status),
      errorPayloadOf: toErrorPayload,
      onSettled: (list) => this.kept.schedule(list),
      onForgotten: (connectionId) => void this.kept.forget(connectionId),
    });
    this.preparation = new SearchPreparation(this.heldLists, this.kept, options.prepareSearchAfterMs);
    this.marks = new MarkedCustomerStore(dataFiles(options.dataDir).markedCustomers, seal);
    this.proxyLogins = new ProxyLogins(vault, (challenge) => emit('proxy.login', challenge));
    this.links = new LinkInbox((link) => emit('link.open', link));
  }

  /** Opens the app's data and connects to the last connection used (the Demo when there is no profile). */
  static async open(options: AppCoreOptions): Promise<AppCore> {
    const files = dataFiles(options.dataDir);
    const { store, damaged } = await ProfileStore.open(files.profiles);
    const settings = await SettingsStore.open(files.settings);
    const ledger = await GrantLedger.open(files.grantLedger);
    const vault = options.vault ?? (await openVault());
    const { typedTextSeal, olderTypedTextSeal } = options;
    const seal =
      typedTextSeal ?? withOlderSeal(keychainSeal(vault, files.typedTextKeyLock), olderTypedTextSeal);
    const core = new AppCore(
      options,
      vault,
      ledger,
      await GrantLedger.open(undefined),
      store,
      settings.store,
      new DeskStore(files.desks, seal),
      new AuditLog(files.auditLog),
      seal,
    );
    const kept = (what: string, report?: DamagedFileReport) =>
      report &&
      core.notices.push(`${what} could not be read (${report.reason}); it was kept as ${report.movedTo}.`);
    kept('Some saved connections', damaged);
    kept('The settings', settings.damaged);
    kept('The token ledger', ledger.damaged);
    core.notices.push(...(await core.exports.removeLeftovers()));
    const start = await startConnection(core.settings.get().connectionId, store, core.connections.hasDemo);
    if (start) await core.select(DIRECT_CALLER, start);
    return core;
  }

  /** The connection `caller` chose, as the lists held for search are read from it. */
  private readonly chosen = (caller: string): ListSource => ({
    connectionId: this.connections.active(caller)?.id ?? '',
    client: this.connections.chosen(caller).client,
  });

  /** The contract's requests; arguments have been validated by the caller (main or the host). */
  readonly handlers: Handlers = {
    ...connectionHandlers(() => ({
      editor: this.editor,
      trials: this.trials,
      connections: this.connections,
      heldLists: this.heldLists,
      settings: this.settings,
      desks: this.desks,
      marks: this.marks,
      proxyLogins: this.proxyLogins,
      emit: this.emit.bind(this),
      select: this.select.bind(this),
      status: this.status.bind(this),
    })),
    ...settingsHandlers(() => ({
      settings: this.settings,
      desks: this.desks,
      kept: this.kept,
      languageChanged: (payload) => this.emit('language.changed', payload),
    })),
    ...viewsHandlers(
      () => this.settings,
      (caller) => this.connections.active(caller)?.id,
    ),
    ...linksHandlers(() => this.links),
    ...marksHandlers(() => ({ store: this.marks, connections: this.connections })),
    ...deskHandlers(
      () => this.desks,
      () => this.settings,
    ),
    ...dataHandlers(
      () => this.connections,
      this.requests,
      () => this.heldLists,
      this.chosen,
    ),
    ...searchHandlers(() => this.heldLists, this.requests, this.chosen),
    ...listsHandlers(() => ({ heldLists: this.heldLists, kept: this.kept }), this.chosen),
    ...clipboardHandlers(() => this.writeClipboard),
    ...exportHandlers(
      () => this.connections,
      () => this.exports,
      () => this.heldLists,
      this.chosen,
    ),
  };

  /**
   * Serves a validated request for `caller`. One that names a connection other than the caller's
   * (its window or tab chose another since it was made) is refused, so what it reads is never kept
   * under the connection it named.
   */
  serve(name: RequestName, input: unknown, caller = DIRECT_CALLER): Promise<unknown> {
    const named = (input as { connectionId?: string }).connectionId;
    if (
      CONNECTION_REQUESTS.has(name) &&
      named !== undefined &&
      named !== this.connections.active(caller)?.id
    ) {
      return Promise.reject(
        new AppError(
          'connection-changed',
          `${name} was asked for connection ${named}, which this window or tab no longer shows`,
        ),
      );
    }
    const handler = this.handlers[name] as (input: unknown, caller: string) => Promise<unknown>;
    return handler(input, caller);
  }

  /** Calls `listener` with every event the app pushes. */
  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Quitting: marks under way are written (a customer just opened is kept), work cancelled, exports ended. */
  async close(): Promise<void> {
    await this.marks.written();
    this.requests.cancelAll();
    const exportsEnded = this.exports.cancelAll();
    await this.preparation.close();
    this.heldLists.close();
    this.limiters.closeAll();
    this.tokens.closeAll();
    await this.connections.close();
    await exportsEnded;
  }

  private emit<E extends EventName>(name: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) listener(name, payload);
  }

  private async status(caller: string): Promise<SessionStatus> {
    // Other processes (cdb runs) may have been granted tokens since: the count shown is the machine's.
    await this.ledger.refresh();
    const active = this.connections.active(caller);
    return {
      connection: active ? { id: active.id, name: active.name, demo: active.demo } : null,
      token: active ? tokenStatus(active.connection.tokens.state()) : null,
      keychainProblem: this.vault.unavailable?.message ?? null,
      notices: [...this.notices],
      listsKept: this.kept.state,
      canRevealFiles: this.exports.canReveal,
      writesClipboard: this.writeClipboard !== undefined,
    };
  }

  /** Makes `id` the connection of `caller`, and remembers it for the next start. */
  private async select(caller: string, id: string): Promise<SessionStatus> {
    await this.connections.choose(caller, id);
    await this.settings.set({ connectionId: id });
    // Its kept lists (bound to the API it names now), then the finder's lists, unless turned off.
    const profile = id === DEMO_CONNECTION_ID ? undefined : await this.profiles.get(id);
    this.preparation.chosen(this.chosen(caller), keptApiOf(profile), () =>
      this.settings.get().prepareSearch === false || !this.connections.active(caller)
        ? undefined
        : { source: this.chosen(caller), lang: this.settings.get().language ?? SYSTEM_LANGUAGE },
    );
    return this.status(caller);
  }
}
