import type { ApiRecord } from '../../shared/schema.js';
import type { Connections } from '../connections/connections.js';
import type { HeldLists, ListSource } from '../search/lists/held-lists.js';
import { heldCustomerJoin, type CustomerJoin } from '../search/customer-join.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER, type RequestRegistry } from './request-registry.js';

type DataRequests = 'data.listPage' | 'data.offsetPage' | 'data.count' | 'data.cancel' | 'data.schemas';

/**
 * The data.* requests (docs/architecture.md, "How a page reaches the screen"): a view's pages, its
 * count and the schemas, read from the connection the caller chose, each cancellable by its caller
 * with the request id it gave.
 */
export function dataHandlers(
  connections: () => Connections,
  requests: RequestRegistry,
  heldLists: () => HeldLists,
  chosenSource: (caller: string) => ListSource,
): Pick<Handlers, DataRequests> {
  return {
    'data.listPage': ({ view, size, cursor, lang, priority, requestId }, caller = DIRECT_CALLER) =>
      requests.run(caller, requestId, async (signal) => {
        const source = chosenSource(caller);
        const page = await source.client.listPage(
          { ...view, size, cursor, lang },
          { signal, priority: priority ?? 'interactive' },
        );
        return withCustomers(page, heldCustomerJoin(heldLists(), source, view.resource, lang));
      }),
    'data.offsetPage': ({ view, size, page, lang, requestId }, caller = DIRECT_CALLER) =>
      requests.run(caller, requestId, async (signal) => {
        const source = chosenSource(caller);
        // The user jumped there and waits: interactive, ahead of prefetches and exports.
        const answer = await source.client.offsetPage(
          { ...view, size, page, lang },
          { signal, priority: 'interactive' },
        );
        return withCustomers(answer, heldCustomerJoin(heldLists(), source, view.resource, lang));
      }),
    'data.count': ({ view, requestId }, caller = DIRECT_CALLER) =>
      requests.run(caller, requestId, async (signal) => {
        const { connectionId, client } = chosenSource(caller);
        const total = await client.count(view, { signal, priority: 'prefetch' });
        // A list read for search takes this count rather than asking again.
        heldLists().counts.note(connectionId, view, total);
        return { total };
      }),
    'data.cancel': ({ requestId }, caller = DIRECT_CALLER) =>
      Promise.resolve({ cancelled: requests.cancel(caller, requestId) }),
    'data.schemas': ({ lang }, caller = DIRECT_CALLER) => connections().chosen(caller).client.schemas(lang),
  };
}

/**
 * A page with its rows' customer's columns, from the customers held (customer-join.ts); as the API
 * sent it while they are not (the table shows those columns as not known yet).
 */
function withCustomers<P extends { rows: ApiRecord[] }>(page: P, join: CustomerJoin | undefined): P {
  return join ? { ...page, rows: page.rows.map((row) => join.addTo(row)) } : page;
}
