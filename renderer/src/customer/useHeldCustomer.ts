import { useQuery } from '@tanstack/react-query';
import type { Language } from '@shared/api-rules';
import type { ApiRecord } from '@shared/schema';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { useHeldList } from '../data/useHeldLists';
import { queryKeys, useSession } from '../data/queries';
import { useRowsStore } from '../data/rows-context';

const CUSTOMERS = { resource: 'customers' } as const;

/**
 * A customer's record as the app already holds it: a row of a list the tables read, else the
 * customers held for search (asked again as that list grows or is read again). Never a read of its
 * own: a customer opened by a pasted id has none until its name is looked up.
 */
export function useHeldCustomer(customerId: string, language: Language): ApiRecord | undefined {
  const api = useApi();
  const { views } = useRowsStore();
  const connectionId = useSession().data?.connection?.id;
  const held = useHeldList(connectionId, CUSTOMERS, language);
  const seen = connectionId ? views.heldRecord(connectionId, 'customers', customerId) : undefined;
  const fromHeld = useQuery({
    queryKey: queryKeys.heldCustomer(connectionId, customerId, language, `${held?.read}:${held?.asOf}`),
    queryFn: () =>
      call(api, 'lists.record', { list: CUSTOMERS, lang: language, id: customerId, read: false }),
    enabled: Boolean(connectionId) && !seen && held !== undefined,
    staleTime: Infinity,
  });
  return seen ?? fromHeld.data?.record ?? undefined;
}
