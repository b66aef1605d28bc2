import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import {
  backText,
  customerScreen,
  rowOpening,
  sameScreen,
  screenOf,
  shownScreen,
  viewOpening,
} from './navigation';

describe('the screens', () => {
  it('counts a list opened again by a saved view as a new screen, the same list shown again as none', () => {
    expect(sameScreen({ kind: 'list', resource: 'contacts' }, { kind: 'list', resource: 'contacts' })).toBe(
      true,
    );
    expect(
      sameScreen({ kind: 'list', resource: 'contacts' }, { kind: 'list', resource: 'contacts', opened: 1 }),
    ).toBe(false);
    expect(sameScreen({ kind: 'list', resource: 'contacts' }, { kind: 'list', resource: 'customers' })).toBe(
      false,
    );
    expect(sameScreen({ kind: 'exports' }, { kind: 'exports' })).toBe(true);
    expect(sameScreen({ kind: 'exports' }, { kind: 'connections' })).toBe(false);
  });

  it('opens a customer again when its tables are given (a saved view of it), not when it is only shown again', () => {
    const shown = customerScreen('CUS-1');
    expect(sameScreen(shown, customerScreen('CUS-1', 'Dupont'))).toBe(true);
    expect(sameScreen(shown, customerScreen('CUS-1', undefined, { contacts: { filter: [] } }))).toBe(false);
    expect(sameScreen(shown, customerScreen('CUS-2'))).toBe(false);
  });

  it('starts where the desk was left, else on the first list', () => {
    expect(screenOf(undefined)).toEqual({ kind: 'list', resource: 'customers' });
    const tables = { agreements: { filter: [], sort: 'id' } };
    expect(
      screenOf({ connectionId: 'c', screen: { kind: 'customer', customerId: 'CUS-9', tables }, places: {} }),
    ).toEqual({ kind: 'customer', customerId: 'CUS-9', tables });
  });

  it('gives the keyboard back to the row of a list gone back to, and only then', () => {
    const list = { kind: 'list', resource: 'agreements' } as const;
    expect(shownScreen(list, true)).toEqual({ ...list, returning: true });
    expect(shownScreen(list, false)).toBe(list);
    expect(shownScreen(customerScreen('CUS-1'), true)).toEqual(customerScreen('CUS-1'));
  });

  it("opens a customer's table on the customer's page, and a list from its top as a new opening", () => {
    const filter = [{ column: 'email', operator: 'contains', value: '@x' }] as never;
    expect(viewOpening({ resource: 'contacts', customerId: 'CUS-3', sort: '-id' }, filter, 7)).toEqual({
      screen: { kind: 'customer', customerId: 'CUS-3', tables: { contacts: { filter, sort: '-id' } } },
    });
    expect(viewOpening({ resource: 'agreements' }, filter, 7, 'Late ones')).toEqual({
      screen: { kind: 'list', resource: 'agreements', opened: 7, savedView: 'Late ones' },
      place: { filter },
    });
  });

  it('names where Back goes', () => {
    const t = ((key: string, values?: Record<string, string>) =>
      values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
    expect(backText(t, { kind: 'list', resource: 'contacts' })).toBe('nav.backTo.contacts');
    expect(backText(t, { kind: 'customer', customerId: 'CUS-1' })).toBe(
      'nav.backTo.customer {"customer":"CUS-1"}',
    );
    expect(backText(t, { kind: 'customer', customerId: 'CUS-1', name: 'Dupont' })).toContain('Dupont');
    expect(backText(t, { kind: 'exports' })).toBe('nav.backTo.exports');
  });
});

describe('the customer a row opens', () => {
  it('a customer its own page, a contact or an agreement its customer pointing at it', () => {
    expect(rowOpening('customers', { id: 'CUS-1', name: 'Durand' })).toEqual({
      customerId: 'CUS-1',
      name: 'Durand',
    });
    expect(
      rowOpening('contacts', { id: 'CON-7', customerId: 'CUS-2', firstName: 'Yūko', lastName: 'Rolland' }),
    ).toEqual({
      customerId: 'CUS-2',
      tables: { contacts: { filter: [{ field: 'id', op: 'eq', value: 'CON-7' }] } },
      found: { of: 'contact', field: 'id', value: 'CON-7', contactId: 'CON-7', contactName: 'Yūko Rolland' },
    });
    expect(
      rowOpening('agreements', { id: 'AGR-9', customerId: 'CUS-3', 'customer.name': 'Petit SARL' }),
    ).toEqual({
      customerId: 'CUS-3',
      name: 'Petit SARL',
      tables: { agreements: { filter: [{ field: 'id', op: 'eq', value: 'AGR-9' }] } },
      found: { of: 'agreement', field: 'id', value: 'AGR-9' },
    });
    expect(rowOpening('agreements', { id: 'AGR-9' })).toBeUndefined();
  });
});
