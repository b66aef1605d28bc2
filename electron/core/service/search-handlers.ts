import { summarize } from '../../shared/agreement-summary.js';
import type { HeldListStatus } from '../../shared/held-list.js';
import { filterKindOf, kindsOf, KIND_SAMPLE_ROWS } from '../../shared/value-kind.js';
import { suggestCustomers } from '../search/customer-finder.js';
import type { HeldLists, ListSource } from '../search/held-lists.js';
import { compileSearch, matchesOf } from '../search/list-query.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';
import type { RequestRegistry } from './request-registry.js';

type SearchRequests =
  | 'search.rows'
  | 'search.customers'
  | 'lists.record'
  | 'lists.stop'
  | 'lists.read'
  | 'lists.refresh'
  | 'lists.status'
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
): Pick<Handlers, SearchRequests> {
  return {
    'search.rows': ({ view, lang, filter, from, count, sample, requestId }, caller = DIRECT_CALLER) =>
      requests.run(caller, requestId, async (signal) => {
        const { sort, ...scope } = view;
        const list = heldLists().use(chosen(caller), scope, lang);
        const rows = list.rows;
        // The list as it stands now, before the search awaits: pages read meanwhile must not be
        // told as searched (a list told read whole with the matches of its first pages would settle
        // the table short). The matches may cover more than this; never less.
        const status = heldLists().statusOf(list);
        const version = `${rows.serial}:${rows.length}`;
        // Fields compare as the table's and an export's do: by the kinds the schema or the first
        // rows give. Before the first page there are none to judge (nor kinds to judge them by).
        const kindOf = kindsOf(list.fields ?? [], rows.records.slice(0, KIND_SAMPLE_ROWS));
        const judged = list.state !== 'too-long' && rows.length > 0;
        const matches = judged
          ? await matchesOf(
              rows,
              compileSearch(filter, (field) => filterKindOf(kindOf(field)), list.labelOf),
              sort,
              signal,
            )
          : [];
        return {
          rows: matches.slice(from, from + count).flatMap((index) => {
            const record = rows.records[index];
            return record ? [record] : [];
          }),
          from,
          matches: matches.length,
          version,
          list: status,
          ...(sample && { sample: rows.records.slice(0, KIND_SAMPLE_ROWS) }),
        };
      }),
    'search.customers': (
      { text, lang, limit, read, agreements: byAgreement, requestId },
      caller = DIRECT_CALLER,
    ) =>
      requests.run(caller, requestId, async (signal) => {
        const source = chosen(caller);
        const held = (resource: 'customers' | 'contacts' | 'agreements') =>
          read ? heldLists().use(source, { resource }, lang) : heldLists().find(source, { resource }, lang);
        const customers = held('customers');
        const contacts = held('contacts');
        const agreements = byAgreement ? held('agreements') : undefined;
        const statusOf = (list: typeof customers) => (list ? heldLists().statusOf(list) : null);
        // As in search.rows: the lists as they stood when the search began.
        const statuses = {
          customers: statusOf(customers),
          contacts: statusOf(contacts),
          ...(byAgreement && { agreements: statusOf(agreements) }),
        };
        return {
          ...(await suggestCustomers(
            text,
            { customers: customers?.rows, contacts: contacts?.rows, agreements: agreements?.rows },
            limit,
            signal,
          )),
          ...statuses,
        };
      }),
    'lists.record': ({ list: view, lang, id, read }, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      const list = read ? heldLists().use(source, view, lang) : heldLists().find(source, view, lang);
      return Promise.resolve({
        record: list?.rows.record(id) ?? null,
        list: list ? heldLists().statusOf(list) : null,
      });
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
    'lists.status': (_input, caller = DIRECT_CALLER): Promise<HeldListStatus[]> =>
      Promise.resolve(heldLists().statuses(chosen(caller).connectionId)),
    'lists.summary': ({ customerId, lang }, caller = DIRECT_CALLER) => {
      const list = heldLists().use(chosen(caller), { resource: 'agreements', customerId }, lang);
      // Folded from the whole list only: a summary of part of it would mislead.
      const whole = list.state === 'held' ? summarize(list.rows.records) : null;
      return Promise.resolve({ summary: whole, list: heldLists().statusOf(list) });
    },
  };
}
