import { describe, expect, it } from 'vitest';
import { fieldNamer, parseSearch, recordMatches, shownTermsOf } from './search-words.js';

const fields = fieldNamer([
  { key: 'name', labels: ['Name', 'Nom'] },
  { key: 'city', labels: ['City', 'Ville'] },
  { key: 'endDate', labels: ['End date', 'Date de fin'] },
  { key: 'phone', labels: ['Phone', 'Téléphone'] },
  { key: 'status', labels: ['Status', 'Statut'] },
]);
const labelOf = (field: string, value: unknown) =>
  field === 'status' && value === 'terminated' ? 'Résilié' : undefined;
const rows = [
  { id: 'CUS-1', name: 'Dupont SARL', city: 'Lyon', status: 'active', phone: '+33 6 12 34 56 78' },
  { id: 'CUS-2', name: 'Lyon Conseil', city: 'Saint-Étienne', status: 'terminated', phone: '' },
  { id: 'CUS-3', name: 'Martin & Fils', city: 'Paris', status: 'active', phone: '+33 1 40 00 00 00' },
  { id: 'CUS-4', name: 'Dupont Martin', city: 'Saint Étienne du Rouvray', status: 'active' },
];
/** The ids of the rows a search finds. */
const found = (text: string) =>
  rows.filter((row) => recordMatches(parseSearch(text, fields), row, labelOf)).map((row) => row.id);

describe('search words', () => {
  it('looks in one column named by its key or its label in either language, accents and case folded', () => {
    expect(found('lyon')).toEqual(['CUS-1', 'CUS-2']);
    expect(found('city:lyon')).toEqual(['CUS-1']);
    expect(found('VILLE:LYON')).toEqual(['CUS-1']);
    expect(found('nom:lyon')).toEqual(['CUS-2']);
    expect(found('ville:etienne')).toEqual(['CUS-2', 'CUS-4']);
    expect(found('"date de fin":2025')).toEqual([]);
    expect(found('statut:résilié')).toEqual(['CUS-2']);
    expect(found('téléphone:0612345678')).toEqual(['CUS-1']);
  });

  it('excludes with -word, -"phrase" and -field:word', () => {
    expect(found('dupont -martin')).toEqual(['CUS-1']);
    expect(found('-lyon')).toEqual(['CUS-3', 'CUS-4']);
    expect(found('-city:lyon')).toEqual(['CUS-2', 'CUS-3', 'CUS-4']);
    expect(found('-"saint étienne"')).toEqual(['CUS-1', 'CUS-2', 'CUS-3']);
    // "-5" is no exclusion: it is searched as typed, as before.
    expect(parseSearch('-5', fields).clauses).toEqual([
      { any: [{ kind: 'words', text: '-5' }], negated: false },
    ]);
  });

  it('finds a phrase whole, in one field, and a phrase in one column', () => {
    expect(found('"saint etienne"')).toEqual(['CUS-4']);
    expect(found('"dupont sarl"')).toEqual(['CUS-1']);
    expect(found('"sarl dupont"')).toEqual([]);
    expect(found('city:"saint étienne du"')).toEqual(['CUS-4']);
    expect(found('name:"saint etienne"')).toEqual([]);
  });

  it('joins words with OR, and an OR with the other words by AND', () => {
    expect(found('paris OR lyon')).toEqual(['CUS-1', 'CUS-2', 'CUS-3']);
    expect(found('city:paris OR city:lyon active')).toEqual(['CUS-1', 'CUS-3']);
    expect(found('paris OR lyon OR rouvray')).toEqual(['CUS-1', 'CUS-2', 'CUS-3', 'CUS-4']);
    // "or" in small letters is a word.
    expect(parseSearch('paris or lyon', fields).clauses).toHaveLength(3);
  });

  it('searches what it cannot read as typed, and says so', () => {
    const unknown = parseSearch('pays:france dupont', fields);
    expect(unknown.notes).toEqual([{ kind: 'unknownField', name: 'pays' }]);
    expect(shownTermsOf(unknown).words).toEqual(['pays:france', 'dupont']);
    expect(parseSearch('"saint etienne', fields)).toMatchObject({
      notes: [{ kind: 'openQuote' }],
      clauses: [{ any: [{ kind: 'words', text: 'saint etienne' }], negated: false }],
    });
    expect(parseSearch('OR lyon', fields).notes).toEqual([{ kind: 'strayOr' }]);
    expect(parseSearch('lyon OR', fields).notes).toEqual([{ kind: 'strayOr' }]);
    expect(found('-lyon OR paris')).toEqual(['CUS-3']);
    expect(parseSearch('-lyon OR paris', fields).notes).toEqual([{ kind: 'orWithExclusion' }]);
    // A time, a URL's scheme without a field of that name: searched as typed.
    expect(parseSearch('10:30', fields).notes).toEqual([]);
    // A field named with nothing after it yet is no field: the person is typing it.
    expect(parseSearch('city:', fields).notes).toEqual([]);
  });

  it('reads plain words as search.ts does: a phone typed in groups is one number', () => {
    expect(found('06 12 34 56 78')).toEqual(['CUS-1']);
    expect(found('phone:"06 12 34 56 78"')).toEqual(['CUS-1']);
    expect(found('martin -"& fils"')).toEqual(['CUS-4']);
  });

  it('highlights in a column what is looked for there, never what is excluded', () => {
    const query = parseSearch('dupont city:lyon -paris', fields);
    expect(shownTermsOf(query, 'city')).toEqual({ words: ['dupont', 'lyon'], digits: [] });
    expect(shownTermsOf(query, 'name')).toEqual({ words: ['dupont'], digits: [] });
  });
});
