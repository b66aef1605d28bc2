import { describe, expect, it } from 'vitest';
import { completionsOf } from './search-completion';

const columns = [
  { key: 'city', label: 'Ville' },
  { key: 'endDate', label: 'Date de fin' },
  { key: 'email', label: 'E-mail' },
  { key: 'status', label: 'Statut' },
  { key: 'startDate', label: 'Date de début' },
];

describe('completing a column’s name in a search', () => {
  it('offers the columns whose label or key starts with the last word, accents and case folded', () => {
    expect(completionsOf('dupont vi', columns)).toEqual([{ name: 'Ville', text: 'dupont Ville:' }]);
    expect(completionsOf('CIT', columns)).toEqual([{ name: 'Ville', text: 'Ville:' }]);
    expect(completionsOf('dat', columns).map((each) => each.text)).toEqual([
      '"Date de fin":',
      '"Date de début":',
    ]);
    expect(completionsOf('em', columns)).toEqual([{ name: 'E-mail', text: 'E-mail:' }]);
    expect(completionsOf('-stat', columns)).toEqual([{ name: 'Statut', text: '-Statut:' }]);
  });

  it('offers nothing for a value, a word of one letter, a name typed whole or a word already named', () => {
    expect(completionsOf('v', columns)).toEqual([]);
    expect(completionsOf('ville', columns)).toEqual([]);
    expect(completionsOf('ville:pa', columns)).toEqual([]);
    expect(completionsOf('dupont ', columns)).toEqual([]);
    expect(completionsOf('"saint vi', columns)).toEqual([]);
    expect(completionsOf('0612', columns)).toEqual([]);
  });
});
