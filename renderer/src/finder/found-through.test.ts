import { describe, expect, it } from 'vitest';
import { pointedAt } from './found-through';

describe('a customer found through one of its records', () => {
  it('opens on that contact: its table first, filtered to it', () => {
    expect(
      pointedAt({
        of: 'contact',
        field: 'phone',
        value: '+33 1 38 56 58 52',
        contactId: 'CON-7',
        contactName: 'Zoë',
      }),
    ).toEqual({
      tab: 'contacts',
      tables: { contacts: { filter: [{ field: 'id', op: 'eq', value: 'CON-7' }] } },
    });
  });

  it('opens on that agreement when its id was typed', () => {
    expect(pointedAt({ of: 'agreement', field: 'id', value: 'AGR-9', byId: true })?.tables).toEqual({
      agreements: { filter: [{ field: 'id', op: 'eq', value: 'AGR-9' }] },
    });
  });

  it('points nowhere for its own fields, or a contact without an id', () => {
    expect(pointedAt({ of: 'customer', field: 'name', value: 'Façon' })).toBeUndefined();
    expect(pointedAt({ of: 'contact', field: 'phone', value: '1', contactName: 'X' })).toBeUndefined();
    expect(pointedAt(undefined)).toBeUndefined();
  });
});
