import { RESOURCES, type CustomerScopedResource, type Resource } from '@shared/api-rules';
import type { CustomerTables, Desk, ListPlace, TablePlace } from '@shared/desk';

/** Where the user is in the tables as they move: told by the tables, kept outside React's state. */
export interface TableMoves {
  /** Each list's place, as last told (it may be newer than the place the window holds). */
  lists: Partial<Record<Resource, TablePlace>>;
  /** The open customer's tables: sort, filter and place. */
  customer?: { customerId: string; tables: CustomerTables };
}

/** What a window shows, as App holds it (a panel shows no data). */
export type ShownScreen =
  | { kind: 'list'; resource: Resource }
  | { kind: 'customer'; customerId: string; tables?: CustomerTables }
  | { kind: 'connections' | 'exports' };

/**
 * The desk of a window showing `screen` on `connectionId` (undefined: nothing to keep, no
 * connection, or a panel open, so the desk stays as last kept): each list's sort and filter with
 * the place the user was last told to be at.
 */
export function deskOf(
  connectionId: string | undefined,
  screen: ShownScreen,
  places: Partial<Record<Resource, ListPlace>>,
  moves: TableMoves,
): Desk | undefined {
  if (connectionId === undefined || (screen.kind !== 'list' && screen.kind !== 'customer')) return undefined;
  const kept: Desk['places'] = {};
  for (const resource of RESOURCES) {
    const place = places[resource];
    const moved = moves.lists[resource];
    if (place || moved) kept[resource] = { ...(place ?? { filter: [] }), ...(moved && { table: moved }) };
  }
  return {
    connectionId,
    screen:
      screen.kind === 'list'
        ? { kind: 'list', resource: screen.resource }
        : { kind: 'customer', customerId: screen.customerId, tables: customerTables(screen, moves) },
    places: kept,
  };
}

/** The open customer's tables after `table` changed to `place`. */
export function movedCustomer(
  moved: TableMoves['customer'],
  screen: { customerId: string; tables?: CustomerTables },
  table: CustomerScopedResource,
  place: ListPlace,
): NonNullable<TableMoves['customer']> {
  const tables = customerTables(screen, { lists: {}, customer: moved });
  return { customerId: screen.customerId, tables: { ...tables, [table]: place } };
}

function customerTables(
  screen: { customerId: string; tables?: CustomerTables },
  moves: TableMoves,
): CustomerTables {
  return moves.customer?.customerId === screen.customerId ? moves.customer.tables : (screen.tables ?? {});
}
