import type { HeldListStatus } from '../../shared/held-list.js';
import type { HeldLists, ListSource } from '../search/lists/held-lists.js';
import {
  columnValues,
  customerSummary,
  findCustomers,
  findInView,
  searchRows,
} from '../search/search-answers.js';
import type { KeptLists } from '../search/lists/kept-lists.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';
import type { RequestRegistry } from './request-registry.js';

type SearchRequests =
  | 'search.rows'
  | 'search.find'
  | 'search.values'
  | 'search.customers'
  | 'lists.record'
  | 'lists.changes'
  | 'lists.changesSeen'
  | 'lists.stop'
  | 'lists.read'
  | 'lists.refresh'
  | 'lists.status'
  | 'lists.forgetKept'
  | 'lists.summary';

/**
 * The search.* and lists.* requests (docs/architecture.md, "Search"): searches answered from the
 * lists held for search of the connection the caller chose, their reads started, stopped and done again.
 * A search is cancellable by its caller (a newer key typed cancels the one before).
 */
export function searchHandlers(
  heldLists: () => HeldLists,
  requests: RequestRegistry,
  chosen: (caller: string) => ListSource,
  kept: () => Pick<KeptLists, 'forget'>,
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
    'lists.record': async ({ list: view, lang, id, read }, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      await heldLists().whenRestored(source.connectionId, [view.resource]);
      const list = read ? heldLists().use(source, view, lang) : heldLists().find(source, view, lang);
      return {
        record: list?.rows.record(id, list.readingIn(lang)) ?? null,
        list: list ? heldLists().statusOf(list, lang) : null,
      };
    },
    'lists.changes': async ({ list: view, lang }, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      await heldLists().whenRestored(source.connectionId, [view.resource]);
      return heldLists().find(source, view, lang)?.changes.snapshot() ?? { rows: [], gone: [], unlisted: 0 };
    },
    'lists.changesSeen': ({ list: view, lang, ids }, caller = DIRECT_CALLER) => {
      const list = heldLists().find(chosen(caller), view, lang);
      if (list) {
        list.changes.seen(ids);
        // Every window follows: the marks go wherever the list is shown.
        heldLists().tell(list, true);
      }
      return Promise.resolve(null);
    },
    'lists.stop': ({ list, lang }, caller = DIRECT_CALLER) =>
      Promise.resolve(heldLists().stop(chosen(caller), list, lang) ?? null),
    'lists.read': ({ list, lang }, caller = DIRECT_CALLER) =>
      Promise.resolve(heldLists().read(chosen(caller), list, lang)),
    'lists.refresh': (_input, caller = DIRECT_CALLER) => {
      const { connectionId } = chosen(caller);
      heldLists().refresh(connectionId);
      return Promise.resolve(heldLists().statuses(connectionId));
    },
    'lists.forgetKept': async () => {
      await kept().forget();
      return null;
    },
    'lists.status': (_input, caller = DIRECT_CALLER): Promise<HeldListStatus[]> =>
      Promise.resolve(heldLists().statuses(chosen(caller).connectionId)),
    'lists.summary': (input, caller = DIRECT_CALLER) =>
      Promise.resolve(customerSummary(heldLists(), chosen(caller), input)),
  };
}
