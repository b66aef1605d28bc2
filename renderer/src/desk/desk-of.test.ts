import { describe, expect, it } from 'vitest';
import { deskSchema } from '@shared/desk';
import { deskOf, movedCustomer, type TableMoves } from './desk-of';

// The desk a window keeps: each list's sort and filter with the place last told, the open customer's
// tables, nothing while a panel is open or without a connection, and always a desk the app accepts.

const at = (row: number) => ({ topRow: row, active: { row, column: 1 } });

describe('deskOf', () => {
  it('gives each list its sort and filter, with the place the table last told', () => {
    const moves: TableMoves = { lists: { agreements: at(5_000), contacts: at(3) } };
    const places = {
      agreements: {
        sort: 'mrr.desc',
        filter: [{ field: 'status', op: 'eq' as const, value: 'active' }],
        table: at(10),
      },
      customers: { filter: [], table: at(40) },
    };
    const desk = deskOf('demo', { kind: 'list', resource: 'agreements' }, places, moves);
    expect(desk).toEqual({
      connectionId: 'demo',
      screen: { kind: 'list', resource: 'agreements' },
      places: {
        agreements: { ...places.agreements, table: at(5_000) },
        contacts: { filter: [], table: at(3) },
        customers: places.customers,
      },
    });
    expect(deskSchema.parse(desk)).toEqual(desk);
  });

  it('keeps nothing without a connection, or while a panel is open (the desk stays as last kept)', () => {
    expect(deskOf(undefined, { kind: 'list', resource: 'customers' }, {}, { lists: {} })).toBeUndefined();
    expect(deskOf('demo', { kind: 'connections' }, {}, { lists: {} })).toBeUndefined();
    expect(deskOf('demo', { kind: 'exports' }, {}, { lists: {} })).toBeUndefined();
  });

  it('gives the open customer its tables as they started, then as they were changed', () => {
    const opened = {
      kind: 'customer' as const,
      customerId: 'CUS-7',
      tables: { agreements: { sort: 'endDate.asc', filter: [] } },
    };
    expect(deskOf('demo', opened, {}, { lists: {} })?.screen).toEqual(opened);
    const customer = movedCustomer(undefined, opened, 'contacts', { filter: [], table: at(2) });
    expect(customer).toEqual({
      customerId: 'CUS-7',
      tables: { agreements: { sort: 'endDate.asc', filter: [] }, contacts: { filter: [], table: at(2) } },
    });
    const later = movedCustomer(customer, opened, 'agreements', {
      sort: 'endDate.asc',
      filter: [],
      table: at(9),
    });
    expect(deskOf('demo', opened, {}, { lists: {}, customer: later })?.screen).toEqual({
      kind: 'customer',
      customerId: 'CUS-7',
      tables: {
        agreements: { sort: 'endDate.asc', filter: [], table: at(9) },
        contacts: { filter: [], table: at(2) },
      },
    });
    // Another customer opened: its own tables, not the last one's.
    const other = { kind: 'customer' as const, customerId: 'CUS-8' };
    expect(deskOf('demo', other, {}, { lists: {}, customer: later })?.screen).toEqual({
      kind: 'customer',
      customerId: 'CUS-8',
      tables: {},
    });
  });
});
