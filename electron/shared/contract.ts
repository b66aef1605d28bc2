import { z } from 'zod';
import { LANGUAGES, LIST_ROWS_MAX, PAGE_SIZE_MAX, type Language, type Resource } from './api-rules.js';
import { exportOptionsSchema, exportViewSchema, type AuditEntry, type ExportProgress } from './export.js';
import type { AppErrorPayload } from './errors.js';
import { profileInputSchema, type Profile } from './profile.js';
import { customerIdSchema, viewSchema } from './view.js';
import type { AgreementSummary } from './agreement-summary.js';
import { settingsSchema, type Settings } from './settings.js';
import { deskKeySchema, deskSchema, type Desk } from './desk.js';
import type { ParsedLink } from './links.js';
import { filterSchema } from './filter.js';
import {
  heldListSchema,
  SUGGESTIONS_MAX,
  type CustomerSuggestion,
  type HeldListStatus,
} from './held-list.js';
import { savedViewSchema, viewNameSchema, type ColumnLayout, type SavedView } from './saved-view.js';
import type { ApiRecord, SchemaListing } from './schema.js';
import type { GrantUsage, LimiterStats, SessionStatus, TokenStatus } from './status.js';

/**
 * The one contract between the renderer and the app (docs/architecture.md, "Layers"): every request the
 * renderer may make, with the zod schema its argument must pass, and every event the app pushes.
 * Electron main, the preload, the browser host and the renderer are all typed from it; main and the
 * host validate every argument with it before core sees it.
 */

const id = z.string().min(1).max(100);
const view = viewSchema;
const lang = z.enum(LANGUAGES);

/**
 * The connection the window or tab shows, named by each request that acts on one: made for another
 * (the tab chose another since), it is refused, so one connection's rows are never kept as another's.
 */
const onConnection = { connectionId: id.optional() };

/** The secret a user types: goes in with profiles.save, never comes back out. */
const secret = z.string().min(1).max(4_096);

export type { ColumnLayout, SavedView, Settings };
export { settingsSchema };

/** The id of the built-in Demo connection. */
export const DEMO_CONNECTION_ID = 'demo';
/** The name the built-in Demo connection is shown (and linked) under. */
export const DEMO_CONNECTION_NAME = 'Demo';

/** A proxy asking for a login, as the window asks the user (Electron only: the `login` event of main). */
export interface ProxyChallenge {
  host: string;
  port: number;
  /** What the proxy calls itself, if anything. */
  realm: string;
  /** The login last given to it was refused (it asked again at once). */
  refused: boolean;
}

const proxyAnswerSchema = z
  .object({
    host: z.string().min(1).max(255),
    port: z.number().int().min(1).max(65_535),
    login: z
      .object({
        username: z.string().min(1).max(256),
        password: z.string().max(4_096),
        /** Kept in the keychain for this proxy, so it is not asked again. */
        remember: z.boolean(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ProxyAnswer = z.output<typeof proxyAnswerSchema>;

export const requestSchemas = {
  'profiles.list': z.object({}).strict(),
  'profiles.save': z
    .object({ id: id.optional(), profile: profileInputSchema, secret: secret.optional() })
    .strict(),
  'profiles.delete': z.object({ id }).strict(),
  'profiles.test': z.union([
    z.object({ id }).strict(),
    /**
     * A connection as typed, before it is saved: with the secret typed, or (`id`, when the address
     * and client are the saved ones) the secret saved for it.
     */
    z.object({ id: id.optional(), profile: profileInputSchema, secret: secret.optional() }).strict(),
  ]),
  'connection.select': z.object({ id }).strict(),
  /** Try the active connection's token request again (after "credentials rejected" or a failing token endpoint). */
  'connection.retry': z.object({ ...onConnection }).strict(),
  'settings.get': z.object({}).strict(),
  'settings.set': settingsSchema.omit({ views: true }).partial().strict(),
  /** Saves the view under its name for the chosen connection, replacing one of the same name. */
  'views.save': z.object({ ...onConnection, view: savedViewSchema }).strict(),
  'views.rename': z.object({ ...onConnection, name: viewNameSchema, newName: viewNameSchema }).strict(),
  'views.delete': z.object({ ...onConnection, name: viewNameSchema }).strict(),
  'session.status': z.object({}).strict(),
  /** The cdb:// links the system handed the app before this window was ready (those after come as `link.open`). */
  'links.take': z.object({}).strict(),
  /** Where the window or tab of `key` was when it was last used (null: nowhere kept, or a clean start asked for). */
  'desk.get': z.object({ key: deskKeySchema }).strict(),
  /** Keeps where the window or tab is now, to reopen there. */
  'desk.put': z.object({ key: deskKeySchema, desk: deskSchema }).strict(),
  'data.listPage': z
    .object({
      ...onConnection,
      view,
      size: z.number().int().min(1).max(PAGE_SIZE_MAX),
      cursor: z.string().min(1).max(4_096).optional(),
      lang: z.enum(LANGUAGES),
      priority: z.enum(['interactive', 'prefetch']).optional(),
      /** Lets `data.cancel` drop this request while it is queued or running. */
      requestId: id.optional(),
    })
    .strict(),
  /** A page read by position (offset mode): a far jump in a long list (Ctrl+End, the scrollbar dragged). */
  'data.offsetPage': z
    .object({
      ...onConnection,
      view,
      size: z.number().int().min(1).max(PAGE_SIZE_MAX),
      page: z.number().int().min(1).max(LIST_ROWS_MAX),
      lang: z.enum(LANGUAGES),
      requestId: id.optional(),
    })
    .strict(),
  'data.count': z.object({ ...onConnection, view, requestId: id.optional() }).strict(),
  'data.cancel': z.object({ requestId: id }).strict(),
  'data.schemas': z.object({ ...onConnection, lang: z.enum(LANGUAGES) }).strict(),
  /**
   * Matches `from`…`from + count` of the filter over the view's list held for search, in the view's
   * order; the list's read is started the first time (docs/architecture.md, "Search").
   */
  'search.rows': z
    .object({
      ...onConnection,
      view,
      lang,
      filter: filterSchema,
      from: z.number().int().min(0).max(LIST_ROWS_MAX),
      count: z.number().int().min(0).max(PAGE_SIZE_MAX),
      /** The list's first rows too: the sample the table types and sizes its columns from. */
      sample: z.boolean().optional(),
      requestId: id.optional(),
    })
    .strict(),
  /**
   * The customers the top bar offers for what was typed, from the customers and contacts held;
   * `read` starts reading them if they are not held; `agreements`: the text is looked for as an
   * agreement's id too, in the agreements held (read if `read`).
   */
  'search.customers': z
    .object({
      ...onConnection,
      text: z.string().min(1).max(200),
      lang,
      limit: z.number().int().min(1).max(SUGGESTIONS_MAX),
      read: z.boolean(),
      agreements: z.boolean().optional(),
      requestId: id.optional(),
    })
    .strict(),
  /** The record of a held list with this id (a customer's name); `read` starts the list's read if it is not held. */
  'lists.record': z
    .object({
      ...onConnection,
      list: heldListSchema,
      lang,
      id: z.string().min(1).max(200),
      read: z.boolean(),
    })
    .strict(),
  /** Stops reading a list for search (Cancel): no more of its pages are asked for. */
  'lists.stop': z.object({ ...onConnection, list: heldListSchema, lang }).strict(),
  /** Reads a list for search now: goes on with a stopped or failed read, or reads a held one again. */
  'lists.read': z.object({ ...onConnection, list: heldListSchema, lang }).strict(),
  /** Reads every list held for the chosen connection again, in the background (Refresh). */
  'lists.refresh': z.object({ ...onConnection }).strict(),
  /** The chosen connection's lists held for search (a new window shows the reads under way). */
  'lists.status': z.object({ ...onConnection }).strict(),
  /**
   * A customer at a glance, folded from its agreements held for search (the list a filter of its
   * agreements reads too: read once for both); the list's read is started the first time.
   */
  'lists.summary': z.object({ ...onConnection, customerId: customerIdSchema, lang }).strict(),
  'export.start': z
    .object({
      ...onConnection,
      view: exportViewSchema,
      options: exportOptionsSchema,
      /** A bare file name: the app decides the folder (a save dialog, or the host's export folder). */
      fileName: z.string().min(1).max(200).refine(isBareFileName, 'must be a file name without a folder'),
    })
    .strict(),
  'export.cancel': z.object({ exportId: id }).strict(),
  /** Shows a finished export in the system's file manager (Electron only; see SessionStatus.canRevealFiles). */
  'export.reveal': z.object({ exportId: id }).strict(),
  /**
   * Puts text on the system clipboard (Electron only; see SessionStatus.writesClipboard): the
   * window's own clipboard permission is denied (security.ts), main writes it instead.
   */
  'clipboard.write': z.object({ text: z.string().max(20_000_000) }).strict(),
  /** The newest entries of the export audit log. */
  'exports.recent': z.object({}).strict(),
  /** The user's answer to a proxy asking for a login (the proxy.login event): a login, or Cancel (none). */
  'proxy.answer': proxyAnswerSchema,
} as const;

/** How a connection Test reached the API: through which proxy, whose certificate, how long each end took. */
export interface ConnectionRoute {
  /** The proxy its requests go through (host:port, never credentials); absent: direct. */
  proxy?: string;
  /** The API is on this computer (a loopback name): it goes direct whatever the proxy settings say. */
  thisMachine?: true;
  /** Who issued the API's certificate (https), as the connection met it; absent: not seen. */
  issuer?: string;
  /** Milliseconds the token endpoint took, when the Test asked it for a token (absent: one was kept). */
  tokenMs?: number;
  /** Milliseconds the API took to answer the Test's count. */
  apiMs: number;
}

/** A profile as the renderer sees it: never the secret, only whether one is saved. */
/**
 * A saved connection as the UI lists it: whether its secret is saved, and the other connections
 * with the same client and API whose saved secret is another (one of them is mistyped: they share a
 * token, and the secret that works is the one used).
 */
export type ProfileSummary = Profile & { secretSaved: boolean; secretDiffersFrom?: string[] };

export type {
  AppErrorPayload,
  CustomerSuggestion,
  GrantUsage,
  HeldListStatus,
  LimiterStats,
  SessionStatus,
  TokenStatus,
};

export interface RequestOutputs {
  'profiles.list': ProfileSummary[];
  'profiles.save': ProfileSummary;
  'profiles.delete': { deleted: boolean };
  /** The first list the connection may read (customers, else contacts, else agreements), its count, and those refused before it. */
  'profiles.test': { resource: Resource; count: number; notPermitted: Resource[]; route: ConnectionRoute };
  'connection.select': SessionStatus;
  'connection.retry': SessionStatus;
  'settings.get': Settings;
  'settings.set': Settings;
  /** The chosen connection's saved views, after the change. */
  'views.save': SavedView[];
  'views.rename': SavedView[];
  'views.delete': SavedView[];
  'session.status': SessionStatus;
  'links.take': ParsedLink[];
  /** The desk kept, and whether what was typed in it (searches, filters) could not be kept or read. */
  'desk.get': { desk: Desk; typedLeftOut?: true } | null;
  /** False when nothing is kept (a clean start was asked for). */
  'desk.put': { kept: boolean };
  'data.listPage': { rows: ApiRecord[]; nextCursor: string | null; hasNextPage: boolean };
  'data.offsetPage': { rows: ApiRecord[]; total: number };
  'data.count': { total: number };
  'data.cancel': { cancelled: boolean };
  'data.schemas': SchemaListing;
  'search.rows': {
    rows: ApiRecord[];
    from: number;
    /** Matches so far: all of them once the list is held whole. */
    matches: number;
    /** Changes whenever the matches may have moved (more rows read, the list read again). */
    version: string;
    list: HeldListStatus;
    sample?: ApiRecord[];
  };
  'search.customers': {
    suggestions: CustomerSuggestion[];
    /** Every customer that matches in the lists held, counted once (more than `limit` may). */
    total: number;
    /** The lists the suggestions come from (null: not held, and not asked to be read). */
    customers: HeldListStatus | null;
    contacts: HeldListStatus | null;
    /** Only when asked to look among agreements. */
    agreements?: HeldListStatus | null;
  };
  'lists.record': { record: ApiRecord | null; list: HeldListStatus | null };
  'lists.stop': HeldListStatus | null;
  'lists.read': HeldListStatus;
  'lists.refresh': HeldListStatus[];
  'lists.status': HeldListStatus[];
  /** The summary once the list is held whole (null while it is read, or when it cannot be). */
  'lists.summary': { summary: AgreementSummary | null; list: HeldListStatus };
  'export.start': { exportId: string; path: string };
  'export.cancel': { cancelled: boolean };
  'export.reveal': { revealed: boolean };
  'exports.recent': { entries: AuditEntry[] };
  'clipboard.write': { written: boolean };
  'proxy.answer': { answered: boolean };
}

export type RequestName = keyof typeof requestSchemas;

/** The requests that act on the caller's connection and may name it: those whose schema has `onConnection`. */
export const CONNECTION_REQUESTS: ReadonlySet<RequestName> = new Set(
  (Object.keys(requestSchemas) as RequestName[]).filter((name) => {
    const schema: z.ZodType = requestSchemas[name];
    return schema instanceof z.ZodObject && schema.shape.connectionId === onConnection.connectionId;
  }),
);
export type RequestInput<N extends RequestName> = z.input<(typeof requestSchemas)[N]>;
export type ParsedRequestInput<N extends RequestName> = z.output<(typeof requestSchemas)[N]>;

export interface ExportEvent {
  exportId: string;
  state: 'running' | 'completed' | 'failed' | 'cancelled';
  progress: ExportProgress;
  path: string;
  error?: AppErrorPayload;
}

/** Events the app pushes to the renderer. */
export interface EventPayloads {
  'export.progress': ExportEvent;
  /** The limiter of the connection `connectionId` (each window or tab shows its own connection's). */
  'limiter.stats': LimiterStats & { connectionId: string };
  /** The token of the connection `connectionId`. */
  'token.state': TokenStatus & { connectionId: string };
  'language.changed': { language: Language };
  /** The desktop menu's Refresh was chosen: the renderer reads its views again. */
  'view.refresh': Record<string, never>;
  /**
   * The connection `connectionId` was edited (its address or credentials may be another API's) or
   * deleted: a window or tab showing it drops what it read from it and asks its session again.
   */
  'connection.changed': { connectionId: string };
  /** A list held for search: how far it was read, a few times a second while it is. */
  'lists.status': HeldListStatus;
  /** A proxy asks for a login: the window asks the user (answered with proxy.answer). */
  'proxy.login': ProxyChallenge;
  /** A cdb:// link the system handed the app, parsed (or refused, with why): the window opens it. */
  'link.open': ParsedLink;
}
export type EventName = keyof EventPayloads;
export const EVENT_NAMES: readonly EventName[] = [
  'export.progress',
  'limiter.stats',
  'token.state',
  'language.changed',
  'view.refresh',
  'lists.status',
  'connection.changed',
  'proxy.login',
  'link.open',
];

/** A file name without a folder or a character file systems refuse (no `/`, `\\`, `:`, control characters). */
export function isBareFileName(name: string): boolean {
  return (
    ![...name].some((character) => '/\\:*?"<>|'.includes(character) || character.charCodeAt(0) < 32) &&
    !/^\.+$/.test(name)
  );
}

/** What every request answers: its output, or the failure. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorPayload };

/** True when `name` is a request of the contract (anything else is refused before any work). */
export function isRequestName(name: string): name is RequestName {
  return Object.hasOwn(requestSchemas, name);
}

/** The typed API the renderer sees as `window.api`, in Electron and in the browser host alike. */
export interface AppApi {
  invoke<N extends RequestName>(name: N, input: RequestInput<N>): Promise<Result<RequestOutputs[N]>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void;
}
