import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_MAX, type Language } from '@shared/api-rules';
import { isDeadlineField } from '@shared/deadline';
import { customerColumnFields, isCustomerColumn, joinsCustomer } from '@shared/customer-columns';
import { compileFilter, fieldsNamed, splitChanged, type FilterCondition } from '@shared/filter';
import { sortOrderOf } from '@shared/view';
import { labelsOf } from '@shared/search';
import { useApi } from '../../api/context';
import {
  useCount,
  useSchemas,
  useSession,
  useSessionReadAgainAfter,
  type ListView,
} from '../../data/queries';
import { useHeldList } from '../../data/useHeldLists';
import { buildColumns } from '../columns/table-columns';
import { BlockLoader, HeldSearchLoader, ScanLoader, type RowSource } from '../../rows';
import { useRowsStore } from '../../data/rows-context';
import { useFieldNamer } from './useFieldNamer';

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
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const api = useApi();
  const store = useRowsStore();
  const session = useSession().data;
  const schemas = useSchemas(session, language).data;
  const count = useCount(session, { resource: view.resource, customerId: view.customerId }).data;
  const filtered = filter.length > 0;
  const connectionId = session?.connection?.id;
  const { resource, customerId, sort } = view;
  // A list too long for the memory kept for search is scanned, as the app says (held-lists.ts).
  const heldList = useHeldList(connectionId, { resource, customerId }, language);
  const customers = useHeldList(connectionId, { resource: 'customers' }, language);
  const scan = filtered && heldList?.state === 'too-long';
  // The API sorts days to a deadline by its own counts: once the list is held, they are sorted as
  // the table shows them (as they stand today, a passed one below zero) from memory. The customer's
  // columns the API does not have: they sort from the list held (read for it), unless it cannot be.
  const sortField = sortOrderOf(sort)?.field ?? '';
  const heldSort = heldList?.state !== 'too-long';
  const byToday =
    !filtered &&
    ((heldList?.state === 'held' && isDeadlineField(sortField)) || (heldSort && isCustomerColumn(sortField)));

  // One loader per traversal: a new sort, language, page size, connection or filter starts another.
  const refreshes = useSyncExternalStore(store.views.onRefresh, store.views.refreshCount);
  const scanRefreshes = scan ? refreshes : 0;
  const filterKey = JSON.stringify(filter);
  const loader = useMemo(() => {
    if (!connectionId) return undefined;
    const scope = { resource, customerId, sort };
    if (scan) return new ScanLoader(api, scope, language, PAGE_SIZE_MAX);
    if (filtered || byToday)
      return new HeldSearchLoader(api, store.lists, connectionId, scope, language, filter);
    const blocks = new BlockLoader(
      api,
      store.views.traversalOf(api, connectionId, scope, language, pageSize),
      store.offsetDepths.reachOf(connectionId, scope),
      store.views,
    );
    // A count already known sizes the table from its first render (a place to come back to is there at once).
    if (count) blocks.setTotal(count.total);
    return blocks;
    // filterKey: a new filter is a new search or scan (a scan reads the conditions through setFilter);
    // scanRefreshes: a Refresh scans a filtered view again from the top (a held list is read again by the app).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    scan,
    filtered,
    byToday,
    filterKey,
    scanRefreshes,
    connectionId,
    api,
    store,
    resource,
    customerId,
    sort,
    language,
    pageSize,
  ]);
  useEffect(() => {
    loader?.open();
    return () => loader?.close();
  }, [loader]);
  const source = loader ?? NO_ROWS;
  useSyncExternalStore(source.subscribe, source.snapshot);
  const status = loader?.status;
  useSessionReadAgainAfter(status?.rowsReadWithToken, session);
  // Before the screen is drawn: the table's size and place follow the count from the render it came in.
  useLayoutEffect(() => {
    if (count) loader?.setTotal(count.total);
  }, [count, loader]);

  const schema = schemas?.schemas?.find((candidate) => candidate.resource === view.resource);
  const customersSchema = schemas?.schemas?.find((candidate) => candidate.resource === 'customers');
  const customerFields = useMemo(
    () =>
      joinsCustomer(view.resource)
        ? customerColumnFields(customersSchema?.fields, (field) => t('table.customerColumn', { field }))
        : [],
    [view.resource, customersSchema, t],
  );
  const firstRows = loader?.firstRows;
  const { columns, textOf, filterColumns } = useMemo(
    () => buildColumns(view.resource, schema, firstRows ?? [], language, { customerFields, heldSort }),
    [view.resource, schema, firstRows, language, customerFields, heldSort],
  );
  const fieldOf = useFieldNamer(view.resource, filterColumns, filter);
  // A filter, search words or a sort on the customer's columns wait for the customers held: their read is said.
  const named = fieldsNamed(filter, fieldOf);
  const everyCustomer = named.words && customerId === undefined;
  const onCustomers = everyCustomer || [...named.fields, sortField].some(isCustomerColumn);
  const customersAwaited =
    joinsCustomer(resource) && onCustomers && customers?.state === 'reading' ? customers : undefined;
  const { keep, filterProblem } = useMemo(() => {
    if (!filter.length) return { keep: undefined, filterProblem: undefined };
    const kinds = new Map(filterColumns.map((column) => [column.key, column.kind]));
    try {
      // Only what changed is judged by the app, on the list it holds (filter.ts): not here.
      const keep = compileFilter(
        splitChanged(filter).rest,
        (key) => kinds.get(key) ?? 'text',
        labelsOf([...(schema?.fields ?? []), ...customerFields]),
        fieldOf,
      );
      return { keep, filterProblem: undefined };
    } catch (problem) {
      return { keep: undefined, filterProblem: (problem as Error).message };
    }
  }, [filter, filterColumns, schema, customerFields, fieldOf]);
  useEffect(() => loader?.setFilter(keep), [loader, keep]);
  // A filter that cannot be applied is said once, as the filter's problem (the app refuses it too).
  const error = filterProblem ? undefined : loader?.error;
  // Kept as words to say, said in the language shown (a notice written once stayed in English).
  const [ownNotice, setNotice] = useState<TableNotice | undefined>();
  // A brief one (Copied) goes by itself.
  useEffect(() => {
    if (!ownNotice?.brief) return;
    const timer = setTimeout(() => setNotice((shown) => (shown === ownNotice ? undefined : shown)), BRIEF_MS);
    return () => clearTimeout(timer);
  }, [ownNotice]);
  // A scan the API made start again says so (docs/api.md: a refused cursor).
  const notice = ownNotice
    ? { text: t(ownNotice.key, ownNotice.values ?? {}), brief: ownNotice.brief === true }
    : status?.scan?.restarted
      ? { text: t('table.cursorReset'), brief: false }
      : undefined;

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

/** What a table says above its rows: a translation key and its values; `brief`: it goes by itself (Copied). */
export interface TableNotice {
  key: string;
  values?: Record<string, string | number>;
  brief?: boolean;
}

/** How long a brief notice stays. */
const BRIEF_MS = 4_000;

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
