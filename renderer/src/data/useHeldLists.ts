import { useEffect, useSyncExternalStore } from 'react';
import type { Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import { heldListKey, type HeldListStatus, type HeldListView } from '@shared/held-list';
import { call } from '../api/call';
import { useRowsStore } from './rows-context';

// React's view of the lists held for search (the window's RowsStore keeps them: rows/held-list-statuses.ts).

/** Follows the app's lists held for search (mounted once, at the root): their events, and those read before. */
export function useHeldListEvents(api: AppApi, connectionId: string | undefined): void {
  const { lists } = useRowsStore();
  useEffect(() => {
    const stop = api.on('lists.status', lists.note);
    // Lists another window started reading, or read before this one opened.
    if (connectionId)
      void call(api, 'lists.status', {}).then(
        (told) => told.forEach(lists.note),
        () => undefined,
      );
    return stop;
  }, [api, connectionId, lists]);
}

/** The status of one list, kept current: what uses it renders when that list changes, not another. */
export function useHeldList(
  connectionId: string | undefined,
  view: HeldListView,
  lang: Language,
): HeldListStatus | undefined {
  const { lists } = useRowsStore();
  return useSyncExternalStore(lists.subscribe, () => lists.of(connectionId, view, lang));
}

/** The lists of the connection being read for the first time now (the status bar shows them). */
export function useReadingLists(connectionId: string | undefined): HeldListStatus[] {
  const { lists } = useRowsStore();
  const reading = () => lists.reading(connectionId);
  // Rendered again when one of them moved, or one started or ended (the status objects are new then).
  const told = useSyncExternalStore(lists.subscribe, () =>
    reading()
      .map((status) => `${heldListKey(status.connectionId, status, status.lang)}:${status.read}`)
      .join('\n'),
  );
  return told ? reading() : [];
}
