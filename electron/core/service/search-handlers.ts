import type { HeldLists, ListSource } from '../search/lists/held-lists.js';
import { columnValues, findCustomers, findInView, searchRows } from '../search/search-answers.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';
import type { RequestRegistry } from './request-registry.js';

type SearchRequests = 'search.rows' | 'search.find' | 'search.values' | 'search.customers';

/**
 * The search.* requests (docs/architecture.md, "Search"): searches answered from the lists held for
 * search of the connection the caller chose. A search is cancellable by its caller (a newer key
 * typed cancels the one before).
 */
export function searchHandlers(
  heldLists: () => HeldLists,
  requests: RequestRegistry,
  chosen: (caller: string) => ListSource,
): Pick<Handlers, SearchRequests> {
  return {
    'search.rows': (input, caller = DIRECT_CALLER) =>
      requests.run(caller, input.requestId, (signal) =>
        searchRows(heldLists(), chosen(caller), input, signal),
      ),
    'search.find': (input, caller = DIRECT_CALLER) =>
      requests.run(caller, input.requestId, (signal) =>
        findInView(heldLists(), chosen(caller), input, signal),
      ),
    'search.values': (input, caller = DIRECT_CALLER) =>
      requests.run(caller, input.requestId, (signal) =>
        columnValues(heldLists(), chosen(caller), input, signal),
      ),
    'search.customers': (input, caller = DIRECT_CALLER) =>
      requests.run(caller, input.requestId, (signal) =>
        findCustomers(heldLists(), chosen(caller), input, signal),
      ),
  };
}
