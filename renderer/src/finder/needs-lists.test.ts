import { describe, expect, it } from 'vitest';
import { needsLists } from './needs-lists';

describe('the top bar: what reads the customers and contacts for search', () => {
  it('opens an id at once, reading no list', () => {
    for (const id of ['CUS-00057895', ' cus-0005 ', '3f2b8c1e-9d4a-4b7e-8f1a-2c3d4e5f6a7b', '12345'])
      expect(needsLists(id), id).toBe(false);
  });

  it('looks a name, an email or a phone up in the lists', () => {
    for (const text of [
      'Dupont',
      'jean dupont',
      'jean.dupont@example.fr',
      '+33759460237',
      '0759460237',
      '07.59.46.02.37',
      '+33 7 59',
    ])
      expect(needsLists(text), text).toBe(true);
  });
});
