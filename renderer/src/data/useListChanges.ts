import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Language } from '@shared/api-rules';
import type { HeldListView } from '@shared/held-list';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { ChangeMarks } from '../rows';
import { useHeldList } from './useHeldLists';

/**
 * What changed in a list since the person last looked, as the app found it when the list held for
 * search caught up or was read again (Refresh, or in the background): asked again only when the
 * list's status says its changes moved. `seen` clears the marks of these rows (or of all).
 */
export function useListChanges(connectionId: string | undefined, view: HeldListView, lang: Language) {
  const api = useApi();
  const status = useHeldList(connectionId, view, lang);
  const told = status?.changes;
  const list = useMemo(
    () => ({ resource: view.resource, ...(view.customerId && { customerId: view.customerId }) }),
    [view.resource, view.customerId],
  );
  const answer = useQuery({
    queryKey: ['lists.changes', connectionId, list, lang, told?.version],
    queryFn: () => call(api, 'lists.changes', { list, lang }),
    enabled: connectionId !== undefined && told !== undefined,
    staleTime: Infinity,
  });
  const marks = useMemo(
    () => (told && answer.data ? new ChangeMarks(answer.data) : undefined),
    [told, answer.data],
  );
  const seen = useCallback(
    (ids?: string[]) =>
      void call(api, 'lists.changesSeen', { list, lang, ...(ids && { ids }) }).catch(() => undefined),
    [api, list, lang],
  );
  return { marks, told, seen, status };
}
