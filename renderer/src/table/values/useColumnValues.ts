import { useQuery } from '@tanstack/react-query';
import type { Language } from '@shared/api-rules';
import type { FilterCondition } from '@shared/filter';
import { call } from '../../api/call';
import { useApi } from '../../api/context';
import type { ListView } from '../../data/queries';
import { useHeldList } from '../../data/useHeldLists';

/**
 * A column's values over the view (`search.values`), counted by core on the list held for search;
 * asked again as that list's read goes on or it changes (its status comes as events), so the
 * summary appears the moment the list is whole.
 */
export function useColumnValues(
  connectionId: string | undefined,
  view: ListView,
  filter: readonly FilterCondition[],
  field: string,
  language: Language,
) {
  const api = useApi();
  const { resource, customerId } = view;
  const list = useHeldList(connectionId, { resource, customerId }, language);
  const moved = `${list?.state}:${list?.read}:${list?.changes?.version}:${list?.asOf}`;
  return useQuery({
    queryKey: ['column-values', connectionId, view, filter, field, language, moved],
    queryFn: () => call(api, 'search.values', { view, lang: language, filter: [...filter], field }),
    placeholderData: (before) => before,
    enabled: connectionId !== undefined,
  });
}
