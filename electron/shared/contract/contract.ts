import { z } from 'zod';
import type { Language } from '../api-rules.js';
import type { AppErrorPayload } from '../errors.js';
import type { ExportProgress } from '../export.js';
import type { HeldListStatus } from '../held-list.js';
import type { ParsedLink } from '../links.js';
import type { LimiterStats, TokenStatus } from './status.js';
import { connectionRequests, type ProxyChallenge } from './connection-requests.js';
import { dataRequests } from './data-requests.js';
import { exportRequests } from './export-requests.js';
import { clipboardRequests } from './clipboard-requests.js';
import { onConnection, type RequestGroup } from './request-fields.js';
import { searchRequests } from './search-requests.js';
import { listsRequests } from './lists-requests.js';
import { settingsRequests } from './settings-requests.js';
import { viewsRequests } from './views-requests.js';
import { deskRequests } from './desk-requests.js';
import { linksRequests } from './links-requests.js';
import { marksRequests } from './marks-requests.js';

/**
 * The one contract between the renderer and the app (docs/architecture.md, "Layers"): every request
 * the renderer may make, the zod schema its argument must pass written beside what it answers (by
 * group: each `<group>-requests.ts` is served by core's `service/<group>-handlers.ts`), and every
 * event the app pushes. Electron main, the preload, the browser host and the renderer are all typed
 * from it; main and the host validate every argument with it before core sees it.
 */
const requests = {
  ...connectionRequests,
  ...settingsRequests,
  ...viewsRequests,
  ...deskRequests,
  ...linksRequests,
  ...marksRequests,
  ...dataRequests,
  ...searchRequests,
  ...listsRequests,
  ...exportRequests,
  ...clipboardRequests,
} as const satisfies RequestGroup;

export type RequestName = keyof typeof requests;

/** Each request's input schema, by name: what main and the host parse an argument with. */
export const requestSchemas = Object.fromEntries(
  Object.entries(requests).map(([name, request]) => [name, request.input]),
) as { [N in RequestName]: (typeof requests)[N]['input'] };

/** What each request answers. */
export type RequestOutputs = { [N in RequestName]: (typeof requests)[N]['output'] };

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
  /** A proxy asks for a login: the window asks the user (answered with connection.proxyAnswer). */
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
