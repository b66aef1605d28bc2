import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { isDeadlineField } from '@shared/deadline';
import { isCustomerColumn, joinsCustomer } from '@shared/customer-columns';
import { fieldsNamed, type FilterCondition } from '@shared/filter';
import { sortOrderOf } from '@shared/view';
import { labelsOf } from '@shared/search';
import {
  useCount,
  useSchemas,
  useSession,
  useSessionReadAgainAfter,
  type ListView,
} from '../../data/queries';
import { useHeldList } from '../../data/useHeldLists';
import { loaderKindOf, type RowSource } from '../../rows';
import { useViewColumns } from './useViewColumns';
import { useViewLoader } from './useViewLoader';
import { useTableNotice } from './useTableNotice';
import { keptByFilter } from './view-filter';

/**
 * The rows of a view as the table shows them. Unfiltered, by position (docs/architecture.md, "How a
 * page reaches the screen"): the view's count sizes the table from the start, and only the blocks near the screen
 * are read and kept (block-loader.ts), by cursor while scrolling, by position after a far jump.
 * Filtered, the API having no filter parameters, from the list held for search in the app
 * (held-search-loader.ts: read once, then every filter answered from memory); a list too long to
 * hold is scanned, its 500-row pages read with the filter applied as they arrive, the scan shown and
 * stoppable, and a refused cursor reloads the scan from the top, with a notice. Columns come from
 * the schema and the first page.
 */
export function useViewRows(view: ListView, filter: FilterCondition[], pageSize: number) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const session = useSession().data;
  const schemas = useSchemas(session, language).data;
  const count = useCount(session, { resource: view.resource, customerId: view.customerId }).data;
  const filtered = filter.length > 0;
  const connectionId = session?.connection?.id;
  const { resource, customerId, sort } = view;
  // A list too long for the memory kept for search is scanned, as the app says (held-lists.ts).
  const heldList = useHeldList(connectionId, { resource, customerId }, language);
  const customers = useHeldList(connectionId, { resource: 'customers' }, language);
  // The API sorts days to a deadline by its own counts, and has no customer's columns: those sorts
  // are made from the list held, as the table shows them (loader-choice.ts).
  const sortField = sortOrderOf(sort)?.field ?? '';
  const heldSort = heldList?.state !== 'too-long';
  const kind = loaderKindOf({
    connected: connectionId !== undefined,
    filtered,
    held: heldList?.state,
    sortByDeadline: isDeadlineField(sortField),
    sortByCustomer: isCustomerColumn(sortField),
  });
  const loader = useViewLoader(kind, { connectionId, view, language, pageSize, filter, count: count?.total });
  const source = loader ?? NO_ROWS;
  useSyncExternalStore(source.subscribe, source.snapshot);
  const status = loader?.status;
  useSessionReadAgainAfter(status?.rowsReadWithToken, session);

  const firstRows = loader?.firstRows;
  const { schema, customerFields, columns, textOf, filterColumns, fieldOf } = useViewColumns(
    view.resource,
    schemas?.schemas ?? undefined,
    { firstRows, heldSort, filter },
  );
  // A filter, search words or a sort on the customer's columns wait for the customers held: their read is said.
  const named = fieldsNamed(filter, fieldOf);
  const everyCustomer = named.words && customerId === undefined;
  const onCustomers = everyCustomer || [...named.fields, sortField].some(isCustomerColumn);
  const customersAwaited =
    joinsCustomer(resource) && onCustomers && customers?.state === 'reading' ? customers : undefined;
  const { keep, filterProblem } = useMemo(
    () =>
      keptByFilter(filter, filterColumns, labelsOf([...(schema?.fields ?? []), ...customerFields]), fieldOf),
    [filter, filterColumns, schema, customerFields, fieldOf],
  );
  useEffect(() => loader?.setFilter(keep), [loader, keep]);
  // A filter that cannot be applied is said once, as the filter's problem (the app refuses it too).
  const error = filterProblem ? undefined : loader?.error;
  const { notice, setNotice } = useTableNotice(status?.scan?.restarted === true);

  return {
    session,
    count,
    /** The rows to draw (none before the session is known). */
    source,
    /** The first page's rows: the sample columns are typed and sized from. */
    firstRows,
    columns,
    textOf,
    filterColumns,
    /** What the search may name a column by (search-words.ts). */
    fieldOf,
    filtered: filtered && !filterProblem,
    filterProblem,
    /** Matches so far of a filtered view (the toolbar's count). */
    matches: status?.matches ?? 0,
    /** What those matches stand for: none known yet, so far, or all (row-loader.ts). */
    counted: status?.counted ?? 'not-yet',
    /** The customers list being read, which the answer waits for (the filter or sort names its columns). */
    customersAwaited,
    /** The list held for search a filtered view is answered from, as the app last told it. */
    heldList: status?.usesHeldList ? heldList : undefined,
    /** A filtered view has pages left to scan (the user may stop or resume). */
    canScanMore: status?.scan?.hasMore ?? false,
    /** A filtered view is scanning pages for matches (the user may stop it). */
    scanning: Boolean(keep) && !status?.scan?.stopped,
    setScanStopped: (stopped: boolean) => loader?.setStopped(stopped),
    error,
    /** A far jump being walked by cursor (offset mode gives up that deep), if one is. */
    walk: status?.walk,
    /** Stops that walk; the row it reached. */
    cancelWalk: () => loader?.cancelWalk(),
    /** Reads again what failed. */
    retry: () => loader?.retry(),
    notice,
    setNotice,
  };
}

export type ViewRows = ReturnType<typeof useViewRows>;

const NO_ROWS: RowSource = {
  rowCount: 0,
  rowAt: () => undefined,
  ensure: () => undefined,
  held: 0,
  loading: false,
  complete: false,
  subscribe: () => () => undefined,
  snapshot: () => 0,
};
