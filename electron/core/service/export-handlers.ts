import type { ExportView } from '../../shared/export.js';
import type { HeldExportRows } from '../export/run-export.js';
import type { HeldLists, ListSource } from '../search/lists/held-lists.js';
import { heldViewRows } from '../search/held-view.js';
import { customerJoinFor, heldCustomerJoin, type CustomerJoin } from '../search/customer-join.js';
import { sortOrderOf } from '../../shared/view.js';
import type { Connections } from '../connections/connections.js';
import type { ExportJobs } from './export-jobs.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';

type ExportRequests = 'export.start' | 'export.record' | 'export.cancel' | 'export.reveal' | 'export.recent';

/**
 * The export.* requests (docs/architecture.md, "How an export runs"): an export of the caller's
 * connection started, cancelled by the id the app gave it (never by a caller's request id), shown
 * in the file manager, and the audit log's newest entries.
 */
export function exportHandlers(
  connections: () => Connections,
  exports: () => ExportJobs,
  heldLists: () => HeldLists,
  chosen: (caller: string) => ListSource,
): Pick<Handlers, ExportRequests> {
  return {
    'export.start': async (input, caller = DIRECT_CALLER) => {
      const source = chosen(caller);
      const { view } = input;
      // The customer's columns the export names are waited for (a filter on part of them would be wrong).
      const named = [
        ...(view.columns ?? []),
        ...(view.filter ?? []).map((condition) => condition.field),
        sortOrderOf(view.sort)?.field ?? '',
      ];
      const customers =
        (await customerJoinFor(heldLists(), source, view.resource, view.lang, named)) ??
        heldCustomerJoin(heldLists(), source, view.resource, view.lang);
      return exports().start(
        connections().chosen(caller).client,
        connections().active(caller)?.name ?? '',
        input,
        await heldRowsOf(heldLists(), source, view, customers),
        customers,
      );
    },
    'export.record': (input, caller = DIRECT_CALLER) => {
      // The customer's own fields from the customers held, when they are (the record says as of
      // when: a held list may be hours old), else the record reads them.
      const customers = heldLists().heldNow(chosen(caller), { resource: 'customers' }, input.lang);
      const record = customers?.rows.record(input.customerId, customers.readingIn(input.lang));
      const held =
        record && customers?.asOf !== undefined ? { record, asOf: new Date(customers.asOf) } : undefined;
      return exports().startRecord(
        connections().chosen(caller).client,
        connections().active(caller)?.name ?? '',
        input,
        held,
      );
    },
    'export.cancel': ({ exportId }) => Promise.resolve({ cancelled: exports().cancel(exportId) }),
    'export.reveal': ({ exportId }) => Promise.resolve({ revealed: exports().reveal(exportId) }),
    'export.recent': async () => ({ entries: await exports().recent(30) }),
  };
}

/**
 * The rows of `view` as the app holds them, when its list is held whole and fresh in the view's
 * language (held-lists.ts, `fresh`): the table shows those, and writing them costs no request.
 * Undefined otherwise (the export reads the list from the API).
 */
async function heldRowsOf(
  lists: HeldLists,
  source: ListSource,
  view: ExportView,
  customers: CustomerJoin | undefined,
): Promise<HeldExportRows | undefined> {
  const { resource, customerId, lang } = view;
  const list = await lists.fresh(source, { resource, ...(customerId !== undefined && { customerId }) }, lang);
  const fields = list?.fields.get(lang);
  if (!list || list.asOf === undefined || !fields) return undefined;
  return {
    asOf: list.asOf,
    schema: { resource, fields },
    rows: async (signal) => {
      const filter = view.filter ?? [];
      const { matches, recordAt } = await heldViewRows(list, lang, filter, view.sort, signal, customers);
      return { count: matches.length, recordAt: (index) => recordAt(matches[index] ?? -1) };
    },
  };
}
