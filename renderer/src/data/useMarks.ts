import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestInput, RequestOutputs } from '@shared/contract/contract';
import type { MarkedCustomer } from '@shared/marked-customers';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { queryKeys, useSession } from './queries';

type Marks = RequestOutputs['marks.get'];
type MarkChange = 'marks.opened' | 'marks.favourite' | 'marks.order' | 'marks.forget';

const NONE: Marks = { favourites: [], recents: [], kept: true };

/**
 * The chosen connection's favourite and recent customers, as the app keeps them (sealed in the
 * data folder, docs/decisions/0018-marked-customers.md), and the changes to them: each answer is
 * the marks after it, so every part of the window shows the same at once.
 */
export function useMarks() {
  const api = useApi();
  const client = useQueryClient();
  const connectionId = useSession().data?.connection?.id;
  const key = queryKeys.marks(connectionId);
  const marks =
    useQuery({
      queryKey: key,
      queryFn: () => call(api, 'marks.get', { connectionId }),
      enabled: connectionId !== undefined,
    }).data ?? NONE;
  const change = async <N extends MarkChange>(name: N, input: Omit<RequestInput<N>, 'connectionId'>) => {
    if (connectionId === undefined) return;
    const after = await call(api, name, { ...input, connectionId } as RequestInput<N>);
    client.setQueryData(key, after);
  };
  const isFavourite = (customerId: string) => marks.favourites.some((each) => each.customerId === customerId);
  return {
    ...marks,
    isFavourite,
    /**
     * A customer was opened (or its name learnt): first of the recents. A recent that could not be
     * kept is no reason to stop or to warn: the customer is open.
     */
    opened: (customer: MarkedCustomer) => void change('marks.opened', { customer }).catch(() => undefined),
    /** The name kept for `customerId`, if any (what its page is titled with before it is read). */
    nameOf: (customerId: string) =>
      [...marks.favourites, ...marks.recents].find((each) => each.customerId === customerId)?.name,
    /** The name (and city) of a customer opened is known now: kept unless they are the ones kept already. */
    named: (customerId: string, name: string, city?: string) => {
      const known = marks.recents.find((each) => each.customerId === customerId);
      if (known?.name !== name || (city !== undefined && known.city !== city))
        void change('marks.opened', {
          customer: { customerId, name, ...(city !== undefined && { city }) },
        }).catch(() => undefined);
    },
    /** Makes `customer` a favourite, or no longer one. */
    favourite: (customer: MarkedCustomer, on: boolean) => change('marks.favourite', { customer, on }),
    /** The favourites in this order (ids). */
    order: (customerIds: string[]) => change('marks.order', { customerIds }),
    forget: (which: 'recents' | 'favourites') => change('marks.forget', { which }),
    /**
     * What the finder and the command box offer before anything is typed: the favourites in the
     * person's order, then the recents that are not among them.
     */
    offered: (): OfferedCustomer[] => [
      ...marks.favourites.map((each) => ({ ...each, favourite: true })),
      ...marks.recents
        .filter((each) => !isFavourite(each.customerId))
        .map((each) => ({ ...each, favourite: false })),
    ],
  };
}

/** A customer offered before anything is typed: a favourite, or one opened lately. */
export type OfferedCustomer = MarkedCustomer & { favourite: boolean };
