import { describe, expect, it } from 'vitest';
import { byName, movedBy } from './favourite-order';

describe('the favourites’ order', () => {
  it('moves one a place up or down, and leaves the order at either end', () => {
    expect(movedBy(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedBy(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedBy(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedBy(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('sorts by name as the language does, accents and case aside, a nameless one by its id', () => {
    const favourites = [
      { customerId: 'CUS-3', name: 'zèbre SA' },
      { customerId: 'CUS-1', name: 'Éclair' },
      { customerId: 'CUS-2' },
      { customerId: 'CUS-4', name: 'eau 10' },
      { customerId: 'CUS-5', name: 'Eau 9' },
    ];
    expect(byName(favourites, 'fr')).toEqual(['CUS-2', 'CUS-5', 'CUS-4', 'CUS-1', 'CUS-3']);
  });
});
