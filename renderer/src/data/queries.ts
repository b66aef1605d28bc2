import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Language, Resource } from '../../../electron/shared/api-rules';
import type { LimiterStats, SessionStatus, TokenStatus } from '../../../electron/shared/contract';
import { call } from '../api/call';
import { useApi } from '../api/context';

/** A list as the user sees it: resource, customer scope, server sort. */
export interface ListView {
  resource: Resource;
  customerId?: string;
  sort?: string;
}

let nextRequest = 0;

/** The session (connection, token, keychain), kept fresh by the app's token events. */
export function useSession() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () => api.on('token.state', () => void client.invalidateQueries({ queryKey: ['session'] })),
    [api, client],
  );
  return useQuery({ queryKey: ['session'], queryFn: () => call(api, 'session.status', {}) });
}

/** The schema listing in `lang` for the active connection. */
export function useSchemas(session: SessionStatus | undefined, lang: Language) {
  const api = useApi();
  return useQuery({
    queryKey: ['schemas', session?.connection?.id, lang],
    queryFn: () => call(api, 'data.schemas', { lang }),
    enabled: Boolean(session?.connection),
    staleTime: Infinity,
  });
}

/** How many records a view has (offset mode's total). */
export function useCount(session: SessionStatus | undefined, view: ListView) {
  const api = useApi();
  return useQuery({
    queryKey: ['count', session?.connection?.id, view],
    queryFn: () => call(api, 'data.count', { view }),
    enabled: Boolean(session?.connection),
    staleTime: 60_000,
  });
}

/**
 * One traversal of a view as cursor pages (DESIGN.md, "Renderer"): the page parameter is the
 * cursor; a new sort or language is a new key, hence a new traversal; the previous rows stay on
 * screen until its first page arrives. A query that is dropped (sort changed, view closed) cancels
 * its request in the app, queued or running.
 */
export function useCursorPages(
  session: SessionStatus | undefined,
  view: ListView,
  lang: Language,
  size: number,
) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['pages', session?.connection?.id, view, lang, size],
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
}

/**
 * Retry after a failure: first lifts the app's own hold on token requests ("credentials rejected",
 * a failing token endpoint: DESIGN.md, "Tokens"), then runs `again`.
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
