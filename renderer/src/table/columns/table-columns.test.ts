import { describe, expect, it } from 'vitest';
import type { FilterColumn } from './column-shapes';
import { buildColumns, hiddenAtFirst } from './table-columns';

const schema = {
  resource: 'agreements',
  fields: [
    { key: 'name', label: 'Nom', type: 'string' },
    { key: 'mrr', label: 'MRR', type: 'number', format: 'currency' },
    { key: 'startDate', label: 'Début', type: 'date' },
  ],
};

describe('the columns of a view', () => {
  it('follow the schema, in its order and labels, then the fields only the records carry', () => {
    const { columns, filterColumns } = buildColumns(
      'agreements',
      schema,
      [{ name: 'x', mrr: 1, startDate: '2020-01-01', region: 'EU' }],
      'fr',
    );
    expect(columns.map((column) => [column.id, column.meta])).toEqual([
      ['name', { label: 'Nom' }],
      ['mrr', { label: 'MRR', totals: 'money' }],
      ['startDate', { label: 'Début' }],
      ['region', { label: 'region' }],
    ]);
    expect(filterColumns.map((column) => [column.key, column.kind])).toEqual([
      ['name', 'text'],
      ['mrr', 'number'],
      ['startDate', 'date'],
      ['region', 'text'],
    ]);
  });

  it('sort on the server only where the spec allows it, descending first', () => {
    const { columns } = buildColumns('agreements', schema, [], 'en');
    expect(columns.map((column) => [column.id, column.enableSorting, column.sortDescFirst])).toEqual([
      ['name', false, true],
      ['mrr', true, true],
      ['startDate', true, true],
    ]);
  });

  it('copy the text a cell shows', () => {
    const { textOf } = buildColumns('agreements', schema, [], 'en');
    expect(textOf('mrr', { mrr: 1500, currency: 'EUR' })).toBe('€1,500.00');
    expect(textOf('startDate', { startDate: '2021-03-04' })).toBe('4 Mar 2021');
  });

  it('read dates typed as plain strings, and fields no schema lists, from their values', () => {
    const untyped = {
      resource: 'agreements',
      fields: [
        { key: 'startDate', label: 'Start', type: 'string' },
        { key: 'mrr', label: 'MRR', type: 'number' },
      ],
    };
    const rows = [
      { startDate: '2020-01-05', mrr: 10, signedAt: '2020-01-20T11:45:00Z', address: { city: 'Lyon' } },
      { startDate: '2021-06-30', mrr: 20, signedAt: '2021-06-01T08:00:00Z', address: { city: 'Nantes' } },
    ];
    const { filterColumns, textOf } = buildColumns('agreements', untyped, rows, 'fr');
    expect(filterColumns.map((column) => [column.key, column.kind])).toEqual([
      ['startDate', 'date'],
      ['mrr', 'number'],
      ['signedAt', 'date'],
      ['address', 'text'],
    ]);
    expect(textOf('startDate', rows[0]!)).toBe('5 janv. 2020');
    expect(textOf('signedAt', rows[0]!)).toMatch(/^20 janv\. 2020/);
    expect(textOf('address', rows[0]!)).toBe('city: Lyon');
    const { textOf: withoutSchema } = buildColumns('agreements', undefined, rows, 'en');
    expect(withoutSchema('startDate', rows[1]!)).toBe('30 Jun 2021');
  });
});

describe('columns that repeat another', () => {
  it('hides at first a code’s label column beside the code the table already shows as its label', () => {
    const columns: FilterColumn[] = [
      { key: 'status', label: 'Statut', kind: 'text', values: [{ value: 'active', label: 'Actif' }] },
      { key: 'statusLabel', label: 'Statut (libellé)', kind: 'text' },
      { key: 'typeLabel', label: 'Type (libellé)', kind: 'text' },
      { key: 'name', label: 'Nom', kind: 'text' },
    ];
    // `typeLabel` has no coded `type` beside it: it says something of its own.
    expect(hiddenAtFirst(columns)).toEqual(['statusLabel']);
  });
});

describe("an agreement's customer's columns", () => {
  const customerFields = [
    { key: 'customer.name', label: 'Nom (client)' },
    { key: 'customer.type', label: 'Type (client)', values: [{ value: 'company', label: 'Société' }] },
  ];

  it('come after the schema’s, hidden at first, sortable only where the list can be held, « … » until joined', () => {
    const build = (heldSort: boolean) =>
      buildColumns('agreements', schema, [{ name: 'x', 'customer.name': 'Façon SA' }], 'fr', {
        customerFields,
        heldSort,
      });
    const { columns, filterColumns, textOf } = build(true);
    expect(columns.map((column) => column.id)).toEqual([
      'name',
      'mrr',
      'startDate',
      'customer.name',
      'customer.type',
    ]);
    expect(columns.find((column) => column.id === 'customer.name')?.enableSorting).toBe(true);
    expect(build(false).columns.find((column) => column.id === 'customer.name')?.enableSorting).toBe(false);
    expect(hiddenAtFirst(filterColumns)).toEqual(['customer.name', 'customer.type']);
    // Joined: its value, its code's label; read before the customers were held: not known yet.
    expect(textOf('customer.type', { 'customer.type': 'company' })).toBe('Société');
    expect(textOf('customer.name', { 'customer.name': null })).toBe('');
    expect(textOf('customer.name', {})).toBe('…');
  });
});
