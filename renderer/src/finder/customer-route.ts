import type { QueryClient } from '@tanstack/react-query';
import type { SessionStatus } from '@shared/contract/status';
import type { AppApi } from '@shared/contract/contract';
import { AppFailure } from '../api/call';
import { countQuery } from '../data/queries';

/** The API answered that the route names nothing (404): no customer has that id. */
function namesNothing(failure: unknown): boolean {
  return failure instanceof AppFailure && (failure.code === 'not-found' || failure.payload.status === 404);
}

/**
 * Whether `id` names a customer, by its own route (its count, which its page asks first, is kept for
 * it): 'customer', 'not a customer' (the route names nothing: the lists say whose record it is), or
 * the failure, which says nothing of the id.
 */
export function askCustomerRoute(
  client: QueryClient,
  api: AppApi,
  session: SessionStatus | undefined,
  id: string,
): Promise<'customer' | 'not a customer' | { failure: unknown }> {
  return client.fetchQuery(countQuery(api, session, { resource: 'agreements', customerId: id })).then(
    () => 'customer' as const,
    (failure: unknown) => (namesNothing(failure) ? ('not a customer' as const) : { failure }),
  );
}
