import { z } from 'zod';
import { LANGUAGES, PAGE_SIZE_MAX, type Language } from './api-rules.js';
import { exportOptionsSchema, exportViewSchema, type AuditEntry, type ExportProgress } from './export.js';
import type { AppErrorCode } from './errors.js';
import { profileInputSchema, type Profile } from './profile.js';
import { viewSchema } from './view.js';
import {
  columnLayoutSchema,
  savedViewSchema,
  savedViewsSchema,
  viewNameSchema,
  type ColumnLayout,
  type SavedView,
} from './saved-view.js';
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

/** The secret a user types: goes in with profiles.save, never comes back out. */
const secret = z.string().min(1).max(4_096);

export const settingsSchema = z
  .object({
    language: z.enum(LANGUAGES),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX),
    /** The connection last chosen: a profile id, or "demo". */
    connectionId: id.optional(),
    /** Column layouts by view ("customers", "customer:agreements", …). */
    layouts: z.record(z.string().max(100), columnLayoutSchema).optional(),
    /** Views saved under a name, by connection: changed only through the views.* requests. */
    views: savedViewsSchema.optional(),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;
export type { ColumnLayout, SavedView };

/** The id of the built-in Demo connection. */
export const DEMO_CONNECTION_ID = 'demo';

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
  'connection.retry': z.object({}).strict(),
  'settings.get': z.object({}).strict(),
  'settings.set': settingsSchema.omit({ views: true }).partial().strict(),
  /** Saves the view under its name for the chosen connection, replacing one of the same name. */
  'views.save': z.object({ view: savedViewSchema }).strict(),
  'views.rename': z.object({ name: viewNameSchema, newName: viewNameSchema }).strict(),
  'views.delete': z.object({ name: viewNameSchema }).strict(),
  'session.status': z.object({}).strict(),
  'data.listPage': z
    .object({
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
      view,
      size: z.number().int().min(1).max(PAGE_SIZE_MAX),
      page: z.number().int().min(1).max(1_000_000_000),
      lang: z.enum(LANGUAGES),
      requestId: id.optional(),
    })
    .strict(),
  'data.count': z.object({ view, requestId: id.optional() }).strict(),
  'data.cancel': z.object({ requestId: id }).strict(),
  'data.schemas': z.object({ lang: z.enum(LANGUAGES) }).strict(),
  'export.start': z
    .object({
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
} as const;

/** A profile as the renderer sees it: never the secret, only whether one is saved. */
export type ProfileSummary = Profile & { secretSaved: boolean };

export type { GrantUsage, LimiterStats, SessionStatus, TokenStatus };

export interface RequestOutputs {
  'profiles.list': ProfileSummary[];
  'profiles.save': ProfileSummary;
  'profiles.delete': { deleted: boolean };
  'profiles.test': { customers: number };
  'connection.select': SessionStatus;
  'connection.retry': SessionStatus;
  'settings.get': Settings;
  'settings.set': Settings;
  /** The chosen connection's saved views, after the change. */
  'views.save': SavedView[];
  'views.rename': SavedView[];
  'views.delete': SavedView[];
  'session.status': SessionStatus;
  'data.listPage': { rows: ApiRecord[]; nextCursor: string | null; hasNextPage: boolean };
  'data.offsetPage': { rows: ApiRecord[]; total: number };
  'data.count': { total: number };
  'data.cancel': { cancelled: boolean };
  'data.schemas': SchemaListing;
  'export.start': { exportId: string; path: string };
  'export.cancel': { cancelled: boolean };
  'export.reveal': { revealed: boolean };
  'exports.recent': { entries: AuditEntry[] };
  'clipboard.write': { written: boolean };
}

export type RequestName = keyof typeof requestSchemas;
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
  'limiter.stats': LimiterStats;
  'token.state': TokenStatus;
  'language.changed': { language: Language };
  /** The desktop menu's Refresh was chosen: the renderer reads its views again. */
  'view.refresh': Record<string, never>;
}
export type EventName = keyof EventPayloads;
export const EVENT_NAMES: readonly EventName[] = [
  'export.progress',
  'limiter.stats',
  'token.state',
  'language.changed',
  'view.refresh',
];

/** A file name without a folder or a character file systems refuse (no `/`, `\\`, `:`, control characters). */
export function isBareFileName(name: string): boolean {
  return (
    ![...name].some((character) => '/\\:*?"<>|'.includes(character) || character.charCodeAt(0) < 32) &&
    !/^\.+$/.test(name)
  );
}

/** A failure as it crosses to the renderer: what happened and what can be done, never a secret. */
export interface AppErrorPayload {
  code: AppErrorCode;
  /** The app's own account, in English (what `cdb` prints). */
  message: string;
  /** The server's own words, when it gave any: shown as a quote, not as the app's sentence. */
  serverMessage?: string;
  status?: number;
  retryable?: boolean;
  retryAt?: number;
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
