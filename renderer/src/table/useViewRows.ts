import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { compileFilter, type FilterCondition } from '../../../electron/shared/filter';
import { AppFailure } from '../api/call';
import { queryKeys, useCount, useCursorPages, useSchemas, useSession, type ListView } from '../data/queries';
import { buildColumns } from './columns';

/** The next page is asked for when the user is this many rows from the end of what is loaded. */
const PREFETCH_ROWS = 60;

/**
 * The rows of a view as the table shows them: the cursor pages of one traversal, the view's count,
 * its columns from the schema, and the user's filter applied as rows arrive (the API has no filter
 * parameters), with the scan through pages it takes and the way to stop it. A refused cursor
 * reloads the view from the top, with a notice (DESIGN.md).
 */
export function useViewRows(view: ListView, filter: FilterCondition[], pageSize: number) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const queryClient = useQueryClient();
  const session = useSession().data;
  const schemas = useSchemas(session, language).data;
  const count = useCount(session, { resource: view.resource, customerId: view.customerId }).data;
  const pages = useCursorPages(session, view, language, pageSize);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.rows) ?? [], [pages.data]);
  const schema = schemas?.schemas?.find((candidate) => candidate.resource === view.resource);
  const firstRows = pages.data?.pages[0]?.rows;
  const { columns, textOf, filterColumns } = useMemo(
    () => buildColumns(view.resource, schema, firstRows ?? [], language),
    [view.resource, schema, firstRows, language],
  );
  const { keep, filterProblem } = useMemo(() => {
    if (!filter.length) return { keep: undefined, filterProblem: undefined };
    const kinds = new Map(filterColumns.map((column) => [column.key, column.kind]));
    try {
      return { keep: compileFilter(filter, (key) => kinds.get(key) ?? 'text'), filterProblem: undefined };
    } catch (problem) {
      return { keep: undefined, filterProblem: (problem as Error).message };
    }
  }, [filter, filterColumns]);
  const shown = useMemo(() => (keep ? rows.filter(keep) : rows), [rows, keep]);
  // The user stopped the scan of this filter; a new filter scans again.
  const [stoppedFilter, setStoppedFilter] = useState<FilterCondition[] | undefined>();
  const scanStopped = stoppedFilter === filter;
  const setScanStopped = (stopped: boolean) => setStoppedFilter(stopped ? filter : undefined);
  const error = pages.error instanceof AppFailure ? pages.error : undefined;
  const [notice, setNotice] = useState<string | undefined>();

  useEffect(() => {
    if (error?.code !== 'invalid-cursor') return;
    void queryClient
      .resetQueries({ queryKey: queryKeys.pages(session?.connection?.id, view) })
      .then(() => setNotice(t('table.cursorReset')));
  }, [error, queryClient, session, view, t]);

  return {
    session,
    count,
    pages,
    rows,
    shown,
    columns,
    textOf,
    filterColumns,
    filtered: Boolean(keep),
    filterProblem,
    /** A filtered view is scanning pages for matches (the user may stop it). */
    scanning: Boolean(keep) && !scanStopped,
    setScanStopped,
    error,
    loadingMore: pages.isFetchingNextPage || (pages.isFetching && rows.length === 0),
    notice,
    setNotice,
    scanStopped,
  };
}

export type ViewRows = ReturnType<typeof useViewRows>;

/**
 * Asks for the next page before the user reaches the end of what is loaded (`lastVisible`: the
 * last row on screen). With a filter, this keeps scanning pages until enough matching rows fill
 * the view, or the traversal ends, or the user stops it.
 */
export function usePrefetch({ pages, error, filtered, scanStopped, shown }: ViewRows, lastVisible: number) {
  useEffect(() => {
    if (!pages.hasNextPage || pages.isFetchingNextPage || error || (filtered && scanStopped)) return;
    if (lastVisible >= shown.length - PREFETCH_ROWS) void pages.fetchNextPage();
  }, [lastVisible, shown.length, pages, error, filtered, scanStopped]);
}
