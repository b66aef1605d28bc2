import { FAVOURITES_MAX, type MarkedCustomer, type MarkedCustomers } from '../../shared/marked-customers.js';
import { AppError } from '../engine-errors.js';
import type { Connections } from '../connections/connections.js';
import type { MarkedCustomerStore, ReadMarks } from '../store/marks-store.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';

/**
 * The marks.* requests: the chosen connection's favourite and recent customers
 * (store/marks-store.ts), changed under the file's lock from what it holds. Without a keychain
 * key they are not kept: each process holds them in memory, and every answer says `kept: false`.
 */
export function marksHandlers(
  parts: () => { store: MarkedCustomerStore; connections: Pick<Connections, 'active'> },
): Pick<Handlers, 'marks.get' | 'marks.opened' | 'marks.favourite' | 'marks.order' | 'marks.forget'> {
  /** What a process holds of each connection's marks when none can be kept. */
  const unkept = new Map<string, MarkedCustomers>();
  const connectionOf = (caller: string) => {
    const connectionId = parts().connections.active(caller)?.id;
    if (connectionId === undefined) throw new AppError('no-connection', 'no connection is chosen');
    return connectionId;
  };
  const change = async (
    caller: string,
    edit: (marks: MarkedCustomers) => MarkedCustomers,
  ): Promise<ReadMarks> => {
    const connectionId = connectionOf(caller);
    const held = unkept.get(connectionId);
    if (held) {
      const after = edit(held);
      unkept.set(connectionId, after);
      return { ...after, kept: false };
    }
    const changed = await parts().store.change(connectionId, edit);
    if (!changed.kept) unkept.set(connectionId, { favourites: changed.favourites, recents: changed.recents });
    return changed;
  };
  return {
    'marks.get': async (_input, caller = DIRECT_CALLER) => {
      const connectionId = connectionOf(caller);
      const held = unkept.get(connectionId);
      return held ? { ...held, kept: false } : parts().store.get(connectionId);
    },
    'marks.opened': ({ customer }, caller = DIRECT_CALLER) =>
      change(caller, (marks) => ({
        favourites: named(marks.favourites, customer),
        recents: [withKnownName(marks.recents, customer), ...without(marks.recents, customer.customerId)],
      })),
    'marks.favourite': ({ customer, on }, caller = DIRECT_CALLER) =>
      change(caller, (marks) => {
        const already = marks.favourites.some((each) => each.customerId === customer.customerId);
        if (on && !already && marks.favourites.length >= FAVOURITES_MAX)
          throw new AppError(
            'invalid-argument',
            `a connection keeps at most ${FAVOURITES_MAX} favourites: remove one before adding another`,
          );
        return {
          favourites: !on
            ? without(marks.favourites, customer.customerId)
            : already
              ? named(marks.favourites, customer)
              : [...marks.favourites, withKnownName(marks.recents, customer)],
          recents: named(marks.recents, customer),
        };
      }),
    'marks.order': ({ customerIds }, caller = DIRECT_CALLER) =>
      change(caller, (marks) => {
        const byId = new Map(marks.favourites.map((each) => [each.customerId, each]));
        if (customerIds.length !== byId.size || customerIds.some((id) => !byId.has(id)))
          throw new AppError('invalid-argument', 'the order must name each favourite once');
        return { ...marks, favourites: customerIds.map((id) => byId.get(id) as MarkedCustomer) };
      }),
    'marks.forget': ({ which }, caller = DIRECT_CALLER) =>
      change(caller, (marks) => ({ ...marks, [which]: [] })),
  };
}

const without = (list: MarkedCustomer[], customerId: string) =>
  list.filter((each) => each.customerId !== customerId);

/** `customer` with its name and city, or those `list` knows when it comes without. */
function withKnownName(list: MarkedCustomer[], customer: MarkedCustomer): MarkedCustomer {
  const known = list.find((each) => each.customerId === customer.customerId);
  const name = customer.name ?? known?.name;
  const city = customer.city ?? known?.city;
  return {
    customerId: customer.customerId,
    ...(name !== undefined && { name }),
    ...(city !== undefined && { city }),
  };
}

/** `list` with `customer`'s name and city brought up to date where it is in it (learnt later). */
function named(list: MarkedCustomer[], customer: MarkedCustomer): MarkedCustomer[] {
  if (customer.name === undefined && customer.city === undefined) return list;
  return list.map((each) =>
    each.customerId === customer.customerId ? withKnownName([each], customer) : each,
  );
}
