import { CONNECTION_REQUESTS, type AppApi } from '@shared/contract/contract';

/**
 * `api`, whose requests that act on a connection name `connectionId`, the one this window or tab
 * shows: the app refuses them once it shows another, so rows of one connection are never kept
 * under another's name (a page asked just before the user picked another connection).
 */
export function onConnection(api: AppApi, connectionId: string | undefined): AppApi {
  if (connectionId === undefined) return api;
  return {
    invoke: (name, input) =>
      api.invoke(name, CONNECTION_REQUESTS.has(name) ? { ...input, connectionId } : input),
    on: (name, listener) => api.on(name, listener),
  };
}
