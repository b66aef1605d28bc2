import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { AppApi } from '@shared/contract/contract';
import type { ColumnLayout } from '@shared/saved-view';
import type { Settings } from '@shared/settings';
import type { View } from '@shared/view';
import { call } from '../../api/call';
import { useApi } from '../../api/context';
import { queryKeys, settingsQuery } from '../../data/queries';

const SAVE_AFTER_MS = 400;
const EMPTY: ColumnLayout = { order: [], hidden: [], sizes: {} };

/** Which layout a view's table uses: one per list, and one for every customer's contacts or agreements. */
export function layoutKeyOf(view: Pick<View, 'resource' | 'customerId'>): string {
  return view.customerId ? `customer:${view.resource}` : view.resource;
}

/**
 * A view's column layout (order, hidden columns, widths), remembered in the app's settings so it
 * survives a restart; changes are saved shortly after the user stops changing them. Until the user
 * changes it, and after Reset, it is `initial` (columns hidden at first).
 */
export function useColumnLayout(
  viewKey: string,
  initial: ColumnLayout = EMPTY,
): [ColumnLayout, (change: (current: ColumnLayout) => ColumnLayout, when?: 'rested' | 'now') => void] {
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery(api));
  const layout = settings.data?.layouts?.[viewKey] ?? initial;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A change still waiting when the table goes (the user left the view at once) is saved then, not lost.
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      saveLayouts(api, queryClient);
    },
    [api, queryClient],
  );

  // A change applies to the layout as the last change left it, not as drawn: two key presses can
  // come between two renders. A width dragged is saved once the drag rests; a column pinned, moved
  // or hidden at once (a window closed right after would else lose it).
  const setLayout = useCallback(
    (change: (current: ColumnLayout) => ColumnLayout, when: 'rested' | 'now' = 'rested') => {
      if (!showLayout(queryClient, viewKey, change, initial)) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      if (when === 'now') {
        saveLayouts(api, queryClient);
        return;
      }
      timer.current = setTimeout(() => {
        timer.current = undefined;
        saveLayouts(api, queryClient);
      }, SAVE_AFTER_MS);
    },
    [api, queryClient, viewKey, initial],
  );
  return [layout, setLayout];
}

/** Gives a view's tables a layout at once (a saved view opened): shown now, saved now. */
export function usePutLayout(): (viewKey: string, layout: ColumnLayout) => void {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (viewKey, layout) => {
      showLayout(queryClient, viewKey, () => layout);
      saveLayouts(api, queryClient);
    },
    [api, queryClient],
  );
}

/** Changes the layout of `viewKey` in the settings the tables read; false if that changed nothing. */
function showLayout(
  queryClient: QueryClient,
  viewKey: string,
  change: (current: ColumnLayout) => ColumnLayout,
  initial: ColumnLayout = EMPTY,
): boolean {
  let changed = false;
  queryClient.setQueryData<Settings>(queryKeys.settings, (current) => {
    if (!current) return current;
    const before = current.layouts?.[viewKey] ?? initial;
    const layout = change(before);
    changed = layout !== before;
    return changed ? { ...current, layouts: { ...current.layouts, [viewKey]: layout } } : current;
  });
  return changed;
}

/** Writes every view's layout, as shown, to the settings file. */
function saveLayouts(api: AppApi, queryClient: QueryClient): void {
  const layouts = queryClient.getQueryData<Settings>(queryKeys.settings)?.layouts;
  if (layouts) void call(api, 'settings.set', { layouts });
}
