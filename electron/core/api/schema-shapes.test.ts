import { describe, expect, it } from 'vitest';
import { schemasIn } from './schema-shapes.js';

const LABELLED = [
  {
    resource: 'customers',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'createdAt', label: 'Created' },
    ],
  },
];

describe('the schema listing, whatever reasonable shape it has', () => {
  it.each([
    ['a list of resources in the spec envelope', { status: 'success', data: LABELLED, metadata: {} }],
    ['a bare list', LABELLED],
    ['a list under "schemas"', { schemas: LABELLED }],
    [
      'a map of resource to its fields',
      {
        customers: [
          { key: 'name', label: 'Name' },
          { key: 'createdAt', label: 'Created' },
        ],
      },
    ],
    [
      'a map of resource to { fields }',
      {
        customers: {
          fields: [
            { key: 'name', label: 'Name' },
            { key: 'createdAt', label: 'Created' },
          ],
        },
      },
    ],
    [
      'a map of resource to a map of key to label',
      { data: { customers: { name: 'Name', createdAt: 'Created' } } },
    ],
    [
      'a list whose fields are a map of key to field',
      [
        {
          resource: 'customers',
          fields: { name: { label: 'Name' }, createdAt: { label: 'Created', type: 'string' } },
        },
      ],
    ],
  ])('reads %s', (_shape, body) => {
    const [customers] = schemasIn(body) ?? [];
    expect(customers?.resource).toBe('customers');
    expect(customers?.fields.map((field) => [field.key, field.label])).toEqual([
      ['name', 'Name'],
      ['createdAt', 'Created'],
    ]);
  });

  it.each([
    ['an error body', { message: 'not here' }],
    ['a list of strings', ['customers', 'contacts']],
    ['nothing', null],
    ['an empty list', []],
  ])('gives nothing for %s (the table then labels columns by their keys)', (_shape, body) => {
    expect(schemasIn(body)).toBeUndefined();
  });
});
