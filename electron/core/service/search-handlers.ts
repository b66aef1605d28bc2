import { summarize } from '../../shared/agreement-summary.js';
import type { HeldListStatus } from '../../shared/held-list.js';
import { suggestCustomers } from '../search/customer-finder.js';
import type { HeldList, HeldLists, ListSource } from '../search/held-lists.js';
import type { KeptLists } from '../search/kept-lists.js';
import { heldViewRows } from '../search/held-view.js';
import { customerJoinFor, heldCustomerJoin } from '../search/customer-join.js';
import { sortOrderOf } from '../../shared/view.js';
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
    'search.rows': ({ view, lang, filter, from, count, sample, requestId }, caller = DIRECT_CALLER) =>
      requests.run(caller, requestId, async (signal) => {
        const { sort, ...scope } = view;
        const source = chosen(caller);
        // The lists kept from an earlier session are taken in at start: waited for, not read again.
        await heldLists().whenRestored(source.connectionId);
        const list = heldLists().use(source, scope, lang);
        // The list as it stands now, before the search awaits: pages read meanwhile must not be
        // told as searched (a list told read whole with the matches of its first pages would settle
        // the table short). The matches may cover more than this; never less.
        const status = heldLists().statusOf(list, lang);
        const version = `${list.rows.serial}:${list.rows.length}:${list.readingIn(lang).key}`;
        // The customer's columns: waited for when the filter or the sort names them, else as held now.
        const named = [...filter.map((condition) => condition.field), sortOrderOf(sort)?.field ?? ''];
        const join =
          (await customerJoinFor(heldLists(), source, scope.resource, lang, named, signal)) ??
          heldCustomerJoin(heldLists(), source, scope.resource, lang);
        const { matches, recordAt, firstRows } = await heldViewRows(list, lang, filter, sort, signal, join);
        return {
          rows: matches.slice(from, from + count).map(recordAt),
          from,
          matches: matches.length,
          // Rows with the customer's columns are another answer than rows without (customers held since).
          version: `${version}:${join?.key ?? ''}`,
          list: status,
          ...(sample && { sample: firstRows }),
        };
      }),
    'search.customers': (
      { text, lang, limit, read, agreements: byAgreement, requestId },
      caller = DIRECT_CALLER,
    ) =>
      requests.run(caller, requestId, async (signal) => {
        const source = chosen(caller);
        await heldLists().whenRestored(source.connectionId);
        // Looked for as an agreement's id too: Enter was pressed, and the screen waits for the lists.
        const held = (resource: 'customers' | 'contacts' | 'agreements') =>
          read
            ? heldLists().use(source, { resource }, lang, { urgent: byAgreement === true })
            : heldLists().find(source, { resource }, lang);
        const customers = held('customers');
        const contacts = held('contacts');
        const agreements = byAgreement ? held('agreements') : undefined;
        const statusOf = (list: HeldList | undefined) => (list ? heldLists().statusOf(list, lang) : null);
        const shown = (list: HeldList | undefined) =>
          list && { rows: list.rows, reading: list.readingIn(lang) };
        // As in search.rows: the lists as they stood when the search began.
        const statuses = {
          customers: statusOf(customers),
          contacts: statusOf(contacts),
          ...(byAgreement && { agreements: statusOf(agreements) }),
        };
        return {
          ...(await suggestCustomers(
            text,
            { customers: shown(customers), contacts: shown(contacts), agreements: shown(agreements) },
            limit,
            signal,
          )),
          ...statuses,
        };
      }),
    'lists.record': async ({ list: view, lang, id, read }, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      await heldLists().whenRestored(source.connectionId);
      const list = read ? heldLists().use(source, view, lang) : heldLists().find(source, view, lang);
      return {
        record: list?.rows.record(id, list.readingIn(lang)) ?? null,
        list: list ? heldLists().statusOf(list, lang) : null,
      };
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
    'lists.summary': ({ customerId, lang }, caller = DIRECT_CALLER) => {
      const list = heldLists().use(chosen(caller), { resource: 'agreements', customerId }, lang);
      const reading = list.readingIn(lang);
      // Folded from the whole list only: a summary of part of it would mislead.
      const whole =
        list.state === 'held'
          ? summarize(
              Array.from({ length: list.rows.length }, (_, index) => list.rows.recordAt(index, reading)),
            )
          : null;
      return Promise.resolve({ summary: whole, list: heldLists().statusOf(list, lang) });
    },
  };
}
