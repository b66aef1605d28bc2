import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Language, Resource } from '../../../electron/shared/api-rules';
import type { AppApi, LimiterStats, SessionStatus, TokenStatus } from '../../../electron/shared/contract';
import { call } from '../api/call';
import { useApi } from '../api/context';

/** A list as the user sees it: resource, customer scope, server sort. */
export interface ListView {
  resource: Resource;
  customerId?: string;
  sort?: string;
}

/**
 * Every query's key, in one place: what invalidates or resets a query names it from here. Keys
 * that hold a connection's data start with its id, so choosing another connection forgets them.
 */
export const queryKeys = {
  session: ['session'] as const,
  profiles: ['profiles'] as const,
  settings: ['settings'] as const,
  schemas: (connectionId: string | undefined, lang: Language) => ['schemas', connectionId, lang] as const,
  count: (connectionId: string | undefined, view: ListView) => ['count', connectionId, view] as const,
  pages: (connectionId: string | undefined, view: ListView, lang: Language, size: number) =>
    ['pages', connectionId, view, lang, size] as const,
};

/** The session (connection, token, keychain). */
export const sessionQuery = (api: AppApi) =>
  queryOptions({ queryKey: queryKeys.session, queryFn: () => call(api, 'session.status', {}) });

/** The saved connection profiles (never their secrets). */
export const profilesQuery = (api: AppApi) =>
  queryOptions({ queryKey: queryKeys.profiles, queryFn: () => call(api, 'profiles.list', {}) });

/** The app's settings; changed in place by what saves them (column layouts). */
export const settingsQuery = (api: AppApi) =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: () => call(api, 'settings.get', {}),
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
    staleTime: 60_000,
  });

let nextRequest = 0;

/**
 * One whole traversal of a view as cursor pages, for what reads a view through to its end (a
 * customer's summary; tables read only the rows on their screen: table/block-loader.ts): the page
 * parameter is the cursor; a new sort or language is a new key, hence a new traversal. A query
 * that is dropped (view closed) cancels its request in the app, queued or running (request ids are
 * this window's own: the app scopes them per caller).
 */
export const pagesQuery = (
  api: AppApi,
  session: SessionStatus | undefined,
  view: ListView,
  lang: Language,
  size: number,
) =>
  infiniteQueryOptions({
    queryKey: queryKeys.pages(session?.connection?.id, view, lang, size),
    queryFn: async ({ pageParam, signal }) => {
      const requestId = `page-${++nextRequest}`;
      const cancel = () => void api.invoke('data.cancel', { requestId });
      signal.addEventListener('abort', cancel, { once: true });
      try {
        // The first page is what the user waits for; the next ones are fetched ahead (or scanned for a filter).
        const priority = pageParam === undefined ? 'interactive' : 'prefetch';
        return await call(api, 'data.listPage', { view, size, lang, cursor: pageParam, requestId, priority });
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasNextPage ? (last.nextCursor ?? undefined) : undefined),
    enabled: Boolean(session?.connection),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The session, kept fresh by the app's token events. */
export function useSession() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () => api.on('token.state', () => void client.invalidateQueries({ queryKey: queryKeys.session })),
    [api, client],
  );
  return useQuery(sessionQuery(api));
}

/** The saved connection profiles. */
export function useProfiles() {
  return useQuery(profilesQuery(useApi()));
}

export function useSchemas(session: SessionStatus | undefined, lang: Language) {
  return useQuery(schemasQuery(useApi(), session, lang));
}

export function useCount(session: SessionStatus | undefined, view: ListView) {
  return useQuery(countQuery(useApi(), session, view));
}

export function useCursorPages(
  session: SessionStatus | undefined,
  view: ListView,
  lang: Language,
  size: number,
) {
  return useInfiniteQuery(pagesQuery(useApi(), session, view, lang, size));
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

/** The latest value of an app event, or undefined before the first one. */
export function useLatestEvent<E extends 'limiter.stats' | 'token.state'>(
  name: E,
): (E extends 'limiter.stats' ? LimiterStats : TokenStatus) | undefined {
  const api = useApi();
  const [value, setValue] = useState<unknown>();
  useEffect(() => api.on(name, setValue), [api, name]);
  return value as (E extends 'limiter.stats' ? LimiterStats : TokenStatus) | undefined;
}
