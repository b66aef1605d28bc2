import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestInput } from '@shared/contract/contract';
import type { SavedView } from '@shared/saved-view';
import type { Settings } from '@shared/settings';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { queryKeys, settingsQuery, useSession } from '../data/queries';

const NONE: SavedView[] = [];

/** The chosen connection's saved views, in the order they were saved. */
export function useSavedViews(): SavedView[] {
  const settings = useQuery(settingsQuery(useApi())).data;
  const connectionId = useSession().data?.connection?.id;
  return (connectionId && settings?.views?.[connectionId]) || NONE;
}

type ViewsRequest = 'views.save' | 'views.rename' | 'views.delete';

/** Saves, renames or deletes a saved view; the settings shown take the list the app answers with. */
export function useChangeViews<N extends ViewsRequest>(name: N) {
  const api = useApi();
  const client = useQueryClient();
  const connectionId = useSession().data?.connection?.id;
  return useMutation({
    mutationFn: (input: RequestInput<N>) => call(api, name, input),
    onSuccess: (views: SavedView[]) => {
      if (connectionId === undefined) return;
      client.setQueryData<Settings>(queryKeys.settings, (current) =>
        current ? { ...current, views: { ...current.views, [connectionId]: views } } : current,
      );
    },
  });
}
