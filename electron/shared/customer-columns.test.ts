import { describe, expect, it } from 'vitest';
import {
  customerColumnFields,
  customerFieldOf,
  joinsCustomer,
  withCustomerColumns,
} from './customer-columns.js';
import { sortOrderOf } from './view.js';

describe("a contact's and an agreement's customer's columns", () => {
  it('are the customers’ schema’s own fields, keyed and labelled as the customer’s, those it lists only', () => {
    const fields = customerColumnFields(
      [
        { key: 'id', label: 'N° client' },
        { key: 'type', label: 'Type', values: [{ value: 'company', label: 'Société' }], sortable: true },
        { key: 'country', label: 'Pays', format: 'country' },
      ],
      (label) => `${label} (client)`,
    );
    expect(fields).toEqual([
      { key: 'customer.type', label: 'Type (client)', values: [{ value: 'company', label: 'Société' }] },
      { key: 'customer.country', label: 'Pays (client)', format: 'country' },
    ]);
  });

  it('are named by their key alone, for contacts and agreements only', () => {
    expect(customerFieldOf('customer.country')).toBe('country');
    expect(customerFieldOf('customer.email')).toBeUndefined();
    expect(customerFieldOf('country')).toBeUndefined();
    expect([joinsCustomer('agreements'), joinsCustomer('contacts'), joinsCustomer('customers')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('are null where the customer is not found, and a sort on one reads its key whole', () => {
    expect(withCustomerColumns({ id: 'AGR-1' }, null)).toEqual({
      id: 'AGR-1',
      'customer.name': null,
      'customer.type': null,
      'customer.city': null,
      'customer.country': null,
    });
    expect(sortOrderOf('customer.country.asc')).toEqual({ field: 'customer.country', descending: false });
    expect(sortOrderOf('mrr.desc')).toEqual({ field: 'mrr', descending: true });
  });
});
