import { describe, expect, it } from 'vitest';
import { commandsFor, type Choice } from './command-search';

const choice = (key: string, label: string): Choice => ({ key, label, keys: [] });
const CHOICES = [
  choice('list.customers', 'Open Customers'),
  choice('table.export', 'Export…'),
  choice('view:1', 'Open saved view: Contrats à échéance'),
  choice('app.language', 'Afficher en anglais (English)'),
  choice('table.saveView', 'Save view…'),
];
const keysOf = (choices: Choice[]) => choices.map((shown) => shown.key);

describe('the command box', () => {
  it('lists what was chosen recently first, then the rest in order, before anything is typed', () => {
    expect(keysOf(commandsFor(CHOICES, '  ', ['table.saveView', 'table.export']))).toEqual([
      'table.saveView',
      'table.export',
      'list.customers',
      'view:1',
      'app.language',
    ]);
  });

  it('finds an action as search does: case, accents, words in any order', () => {
    expect(keysOf(commandsFor(CHOICES, 'EXPORT', []))).toEqual(['table.export']);
    expect(keysOf(commandsFor(CHOICES, 'echeance contrats', []))).toEqual(['view:1']);
    expect(keysOf(commandsFor(CHOICES, 'anglais', []))).toEqual(['app.language']);
    expect(commandsFor(CHOICES, 'nothing like it', [])).toEqual([]);
  });

  it('puts the names that start with what was typed first', () => {
    expect(keysOf(commandsFor(CHOICES, 'save', []))).toEqual(['table.saveView', 'view:1']);
    expect(keysOf(commandsFor(CHOICES, 'open', []))).toEqual(['list.customers', 'view:1']);
  });

  it('finds a column by its name in either language, and lists columns only for what is typed', () => {
    const columns: Choice[] = [
      { key: 'column:city', label: 'Go to column City', keys: [], aliases: ['Ville'], typedOnly: true },
      { key: 'column:name', label: 'Go to column Name', keys: [], aliases: ['Nom'], typedOnly: true },
    ];
    const all = [...CHOICES, ...columns];
    expect(keysOf(commandsFor(all, '', []))).toEqual(keysOf(CHOICES));
    expect(keysOf(commandsFor(all, 'city', []))).toEqual(['column:city']);
    expect(keysOf(commandsFor(all, 'ville', []))).toEqual(['column:city']);
    expect(keysOf(commandsFor(all, 'column vil', []))).toEqual(['column:city']);
    expect(keysOf(commandsFor(all, 'go to column', []))).toEqual(['column:city', 'column:name']);
  });
});
