import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import type { LimiterStats, SessionStatus, TokenStatus } from '@shared/contract/status';
import type { View } from '@shared/view';
import type { SchemaField } from '@shared/schema';
import { AppFailure, call } from '../api/call';
import { useApi } from '../api/context';
import { withShownLanguage } from '../i18n/shown-language';
import { FIRST_VIEW, FRESH_MS, type EarlyPage, type RowsStore } from '../rows';
import { useRowsStore } from './rows-context';

/** A list as the user sees it: resource, customer scope, server sort (electron/shared/view.ts). */
export type ListView = View;

/**
 * Every query's key, in one place: what invalidates or resets a query names it from here. Keys
 * that hold a connection's data start with its id, so choosing another connection forgets them.
 */
export const queryKeys = {
  session: ['session'] as const,
  profiles: ['profiles'] as const,
  settings: ['settings'] as const,
  schemas: (connectionId: string | undefined, lang: Language) => ['schemas', connectionId, lang] as const,
  /** Every view's count (what a Refresh invalidates). */
  counts: ['count'] as const,
  count: (connectionId: string | undefined, view: ListView) => ['count', connectionId, view] as const,
  /** A customer's record among those held for search, as of the list's `version` (its rows read, its read's time). */
  heldCustomer: (connectionId: string | undefined, customerId: string, lang: Language, version: string) =>
    ['held-customer', connectionId, customerId, lang, version] as const,
  /** Every customer's summary (what choosing another connection forgets). */
  summaries: ['summary'] as const,
  /** A customer's summary, as of its agreements list's state (`listState`: a new one asks again). */
  summary: (connectionId: string | undefined, customerId: string, lang: Language, listState: string) =>
    ['summary', connectionId, customerId, lang, listState] as const,
  /** The connection's favourite and recent customers (useMarks.ts). */
  marks: (connectionId: string | undefined) => ['marks', connectionId] as const,
  /** The export audit log's newest entries, as they were when the exports were in `states`. */
  recentExports: (states: string) => ['export.recent', states] as const,
};

/**
 * Whether a failed query is asked again (TanStack Query's `retry`, the app's default): not when the
 * API refused it with a 4xx answer — an unknown customer's 404 is the same the next time, and the
 * user waits for nothing — and at most twice otherwise (the limiter already retries 503s itself).
 */
export function retryUnlessRefused(failures: number, failure: unknown): boolean {
  const status = failure instanceof AppFailure ? failure.payload.status : undefined;
  return failures < 2 && !(status !== undefined && status >= 400 && status < 500);
}

/**
 * The session (connection, token, keychain). It changes when the app says so (useSessionEvents) or
 * after one of the window's own changes (mutations.ts), so a component that mounts reads it from
 * the cache, not from the app. Only the day's token count can change unannounced (a `cdb` run on
 * this machine was granted one): it is read again when the window gets the focus back.
 */
export const sessionQuery = (api: AppApi) =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: () => call(api, 'connection.status', {}),
    staleTime: Infinity,
    refetchOnWindowFocus: 'always',
  });

/**
 * The saved connection profiles (never their secrets): read again when the window saves or deletes
 * one (mutations.ts) or the app says one changed (useSessionEvents), never on a component's mount.
 */
export const profilesQuery = (api: AppApi) =>
  queryOptions({
    queryKey: queryKeys.profiles,
    queryFn: () => call(api, 'connection.list', {}),
    staleTime: Infinity,
  });

/** The app's settings; changed in place by what saves them (column layouts). */
export const settingsQuery = (api: AppApi) =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: () => call(api, 'settings.get', {}).then(withShownLanguage),
    staleTime: Infinity,
  });

/** The schema listing in `lang` for the chosen connection. */
export const schemasQuery = (api: AppApi, session: SessionStatus | undefined, lang: Language) =>
  queryOptions({
    queryKey: queryKeys.schemas(session?.connection?.id, lang),
    queryFn: () => call(api, 'data.schemas', { lang }),
    enabled: Boolean(session?.connection),
    staleTime: Infinity,
  });

/** How many records a view has (offset mode's total). */
export const countQuery = (api: AppApi, session: SessionStatus | undefined, view: ListView) =>
  queryOptions({
    queryKey: queryKeys.count(session?.connection?.id, view),
    queryFn: () => call(api, 'data.count', { view }),
    enabled: Boolean(session?.connection),
    staleTime: FRESH_MS,
  });

/**
 * Asks at once for what the first screen shows of the connection of `session` — the first view's
 * first page, count and schema — so that they arrive while the page starts its languages and first
 * render, not after (the table joins the page read under way: rows/traversal.ts).
 */
export function prefetchFirstView(
  api: AppApi,
  rows: RowsStore,
  client: QueryClient,
  session: SessionStatus | undefined,
  settings: { language: Language; pageSize: number },
  early: EarlyPage | undefined,
): void {
  const connectionId = session?.connection?.id;
  if (!connectionId) return;
  const traversal = rows.views.traversalOf(
    api,
    connectionId,
    FIRST_VIEW,
    settings.language,
    settings.pageSize,
  );
  // The page main.tsx asked for before the app's code ran, when it is this one.
  if (early) traversal.adoptFirstPage(early, connectionId);
  const read = traversal.get(0, 'interactive');
  // Kept whatever happens (the table shows a failure itself); the read is not this function's to cancel.
  read.rows.then(read.release, read.release);
  void client.prefetchQuery(countQuery(api, session, FIRST_VIEW));
  void client.prefetchQuery(schemasQuery(api, session, settings.language));
}

/**
 * Keeps the session fresh from the app's events, once for the window (the app's root calls it),
 * however many components show it: a token event carries the token's new state, which replaces the
 * session's own (no request); a connection edited or deleted reads the session again, and what was
 * read from that connection (views, counts, schemas) is forgotten, so no other API's rows show
 * under its name.
 */
export function useSessionEvents(): void {
  const api = useApi();
  const rows = useRowsStore();
  const client = useQueryClient();
  useEffect(() => {
    const stopTokens = api.on('token.state', ({ connectionId, ...token }) => {
      const session = client.getQueryData<SessionStatus>(queryKeys.session);
      // A session on its way may have been read before this change: read it again instead.
      if (!session || client.isFetching({ queryKey: queryKeys.session }))
        void client.invalidateQueries({ queryKey: queryKeys.session });
      // Another tab's connection's token is not this one's.
      else if (session.connection?.id === connectionId)
        client.setQueryData<SessionStatus>(queryKeys.session, { ...session, token });
    });
    const stopChanges = api.on('connection.changed', ({ connectionId }) => {
      rows.forgetConnection(connectionId);
      for (const key of [queryKeys.counts, queryKeys.summaries, ['schemas'] as const])
        client.removeQueries({ queryKey: [...key, connectionId] });
      void client.invalidateQueries({ queryKey: queryKeys.session });
      void client.invalidateQueries({ queryKey: queryKeys.profiles });
    });
    return () => (stopTokens(), stopChanges());
  }, [api, rows, client]);
}

/** The session, as the app's last word left it (useSessionEvents). */
export function useSession() {
  return useQuery(sessionQuery(useApi()));
}

/**
 * Rows the API sent (`apiRows`: a view's first page) were read with a token: a session that still
 * says there is none was read before that token's news could reach this page (a page's events start
 * after its first requests, and a token kept from an earlier run is taken in without news). Read
 * again, once for each first page.
 */
export function useSessionReadAgainAfter(apiRows: unknown, session: SessionStatus | undefined): void {
  const client = useQueryClient();
  const tokenNone = session?.token?.status === 'none';
  useEffect(() => {
    if (apiRows && tokenNone) void client.invalidateQueries({ queryKey: queryKeys.session });
  }, [apiRows, tokenNone, client]);
}

/** The saved connection profiles. */
export function useProfiles() {
  return useQuery(profilesQuery(useApi()));
}

export function useSchemas(session: SessionStatus | undefined, lang: Language) {
  return useQuery(schemasQuery(useApi(), session, lang));
}

/** The fields the schema listing gives `resource` in `lang` (labels, kinds, coded values), once it came. */
export function useFieldsOf(resource: string, lang: Language): SchemaField[] | undefined {
  return useSchemas(useSession().data, lang).data?.schemas?.find((schema) => schema.resource === resource)
    ?.fields;
}

export function useCount(session: SessionStatus | undefined, view: ListView) {
  return useQuery(countQuery(useApi(), session, view));
}

/**
 * Retry after a failure: first lifts the app's own hold on token requests ("credentials rejected",
 * a failing token endpoint: docs/architecture.md, "How a token is spent"), then runs `again`.
 */
export function useRetry(): (again: () => Promise<unknown>) => Promise<unknown> {
  const api = useApi();
  return async (again) => {
    await api.invoke('connection.retry', {});
    return again();
  };
}

/**
 * Refresh: every view is read again from the API — the rows on screen now, the others when they
 * are next shown — with the counts, and the lists held for search (in the background: searches and
 * customers' summaries answer from them as they were until then).
 */
export function useRefreshViews(): () => void {
  const api = useApi();
  const { views } = useRowsStore();
  const client = useQueryClient();
  return useCallback(() => {
    views.refresh();
    void api.invoke('lists.refresh', {});
    void client.invalidateQueries({ queryKey: queryKeys.counts });
  }, [api, views, client]);
}

/**
 * The latest value of an event about the connection `connectionId` (this window's or tab's), or
 * undefined before the first one: another tab's connection's events are not this one's.
 */
export function useLatestEvent<E extends 'limiter.stats' | 'token.state'>(
  name: E,
  connectionId: string | undefined,
): (E extends 'limiter.stats' ? LimiterStats : TokenStatus) | undefined {
  const api = useApi();
  const [value, setValue] = useState<{ connectionId: string }>();
  useEffect(
    () =>
      api.on(name, (payload: { connectionId: string }) => {
        if (payload.connectionId === connectionId) setValue(payload);
      }),
    [api, name, connectionId],
  );
  return (value?.connectionId === connectionId ? value : undefined) as
    (E extends 'limiter.stats' ? LimiterStats : TokenStatus) | undefined;
}
