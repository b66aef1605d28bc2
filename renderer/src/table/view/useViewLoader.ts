import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { PAGE_SIZE_MAX, type Language } from '@shared/api-rules';
import type { FilterCondition } from '@shared/filter';
import { useApi } from '../../api/context';
import type { ListView } from '../../data/queries';
import { useRowsStore } from '../../data/rows-context';
import { BlockLoader, HeldSearchLoader, ScanLoader, type LoaderKind } from '../../rows';

/**
 * The loader of `kind` (loader-choice.ts) that reads a view's rows, open while the table shows it,
 * sized by the view's count (`count`) as soon as it is known.
 */
export function useViewLoader(
  kind: LoaderKind,
  {
    connectionId,
    view,
    language,
    pageSize,
    filter,
    count,
  }: {
    connectionId: string | undefined;
    view: ListView;
    language: Language;
    pageSize: number;
    filter: FilterCondition[];
    count: number | undefined;
  },
) {
  const api = useApi();
  const store = useRowsStore();
  const { resource, customerId, sort } = view;
  // One loader per traversal: a new sort, language, page size, connection or filter starts another.
  const refreshes = useSyncExternalStore(store.views.onRefresh, store.views.refreshCount);
  const scanRefreshes = kind === 'scan' ? refreshes : 0;
  const filterKey = JSON.stringify(filter);
  const loader = useMemo(() => {
    if (kind === 'none' || !connectionId) return undefined;
    const scope = { resource, customerId, sort };
    if (kind === 'scan') return new ScanLoader(api, scope, language, PAGE_SIZE_MAX);
    if (kind === 'held') return new HeldSearchLoader(api, store.lists, connectionId, scope, language, filter);
    const blocks = new BlockLoader(
      api,
      store.views.traversalOf(api, connectionId, scope, language, pageSize),
      store.offsetDepths.reachOf(connectionId, scope),
      store.views,
    );
    // A count already known sizes the table from its first render (a place to come back to is there at once).
    if (count !== undefined) blocks.setTotal(count);
    return blocks;
    // filterKey: a new filter is a new search or scan (a scan reads the conditions through setFilter);
    // scanRefreshes: a Refresh scans a filtered view again from the top (a held list is read again by the app).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    kind,
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
  // Before the screen is drawn: the table's size and place follow the count from the render it came in.
  useLayoutEffect(() => {
    if (count !== undefined) loader?.setTotal(count);
  }, [count, loader]);
  return loader;
}
