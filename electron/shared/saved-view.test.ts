import { describe, expect, it } from 'vitest';
import { readSavedViews, savedViewSchema, type SavedView } from './saved-view.js';

const worklist: SavedView = {
  name: 'Notice worklist',
  resource: 'agreements',
  sort: 'endDate.asc',
  filter: [{ field: 'status', op: 'eq', value: 'active' }],
  columns: ['id', 'name', 'endDate'],
  layout: { order: ['id', 'name', 'endDate'], hidden: ['mrr'], sizes: { name: 240 } },
};

describe('saved views', () => {
  it('takes a view of a list, and of one customer’s contacts or agreements', () => {
    expect(savedViewSchema.parse(worklist)).toEqual(worklist);
    const scoped = { ...worklist, name: 'One customer', customerId: 'CUS-00000042' };
    expect(savedViewSchema.parse(scoped)).toEqual(scoped);
  });

  it.each([
    ['an empty name', { ...worklist, name: '  ' }],
    ['a name with a line break', { ...worklist, name: 'a\nb' }],
    ['a customer scope on customers', { ...worklist, resource: 'customers', customerId: 'CUS-1' }],
    ['a customer id of ".."', { ...worklist, customerId: '..' }],
    ['a filter operator nobody knows', { ...worklist, filter: [{ field: 'x', op: 'like', value: 'a' }] }],
    ['a width out of bounds', { ...worklist, layout: { ...worklist.layout, sizes: { name: 10 } } }],
    ['a field it does not know', { ...worklist, colour: 'red' }],
  ])('refuses %s', (_what, view) => {
    expect(savedViewSchema.safeParse(view).success).toBe(false);
  });

  it('reads a settings file’s views one by one: a damaged entry is left out and named, the others load', () => {
    const second = { ...worklist, name: 'Contacts by name', resource: 'contacts', sort: 'lastName.asc' };
    const read = readSavedViews({
      demo: [worklist, { ...worklist, name: 'Broken', sort: 42 }, second, 'not a view', worklist],
      'profile-1': 'not a list',
      'profile-2': [second],
    });
    expect(read.views).toEqual({ demo: [worklist, second], 'profile-2': [second] });
    expect(read.damaged).toEqual([
      'saved view "Broken" of connection "demo"',
      'saved view number 4 of connection "demo"',
      // A second view of the same name: the first one is the one kept.
      'saved view "Notice worklist" of connection "demo"',
      'the saved views of connection "profile-1"',
    ]);
  });

  it('reads views that are not a list by connection as none, and says so', () => {
    expect(readSavedViews([worklist])).toEqual({
      views: {},
      damaged: ['every saved view (not a list by connection)'],
    });
  });
});
