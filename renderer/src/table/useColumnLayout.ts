import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ColumnLayout, Settings } from '../../../electron/shared/contract';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { queryKeys, settingsQuery } from '../data/queries';

const SAVE_AFTER_MS = 400;
const EMPTY: ColumnLayout = { order: [], hidden: [], sizes: {} };

/**
 * A view's column layout (order, hidden columns, widths), remembered in the app's settings so it
 * survives a restart; changes are saved shortly after the user stops changing them.
 */
export function useColumnLayout(viewKey: string): [ColumnLayout, (layout: ColumnLayout) => void] {
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery(api));
  const layout = settings.data?.layouts?.[viewKey] ?? EMPTY;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setLayout = useCallback(
    (next: ColumnLayout) => {
      queryClient.setQueryData<Settings>(queryKeys.settings, (current) =>
        current ? { ...current, layouts: { ...current.layouts, [viewKey]: next } } : current,
      );
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const layouts = queryClient.getQueryData<Settings>(queryKeys.settings)?.layouts;
        if (layouts) void call(api, 'settings.set', { layouts });
      }, SAVE_AFTER_MS);
    },
    [api, queryClient, viewKey],
  );
  return [layout, setLayout];
}
