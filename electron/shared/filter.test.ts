import { describe, expect, it } from 'vitest';
import {
  CHANGED_FIELD,
  splitChanged,
  ANY_FIELD,
  compileFilter,
  FilterError,
  type FieldKind,
  type FilterCondition,
} from './filter.js';
import { foldText } from './search.js';
import { filterKindOf, valueKind } from './value-kind.js';

const KINDS: Record<string, FieldKind> = {
  mrr: 'number',
  startDate: 'date',
  createdAt: 'date',
  name: 'text',
  status: 'text',
};
const matches = (conditions: FilterCondition[], record: Record<string, unknown>) =>
  compileFilter(conditions, (field) => KINDS[field] ?? 'text')(record);

describe('filter model', () => {
  it('maps schema types to kinds; unknown fields are text', () => {
    const kindOf = (field: { type: string } | undefined) => filterKindOf(valueKind(field, []));
    expect([
      kindOf({ type: 'integer' }),
      kindOf({ type: 'date-time' }),
      kindOf({ type: 'string' }),
      kindOf(undefined),
    ]).toEqual(['number', 'date', 'text', 'text']);
  });

  it('contains ignores case and accents', () => {
    expect(foldText('Élodie LEFÈVRE')).toBe('elodie lefevre');
    expect(matches([{ field: 'name', op: 'contains', value: 'lefevre' }], { name: 'Élodie Lefèvre' })).toBe(
      true,
    );
    expect(matches([{ field: 'name', op: 'contains', value: 'ÉLO' }], { name: 'elodie' })).toBe(true);
    expect(matches([{ field: 'name', op: 'contains', value: 'zz' }], { name: 'elodie' })).toBe(false);
    expect(matches([{ field: 'name', op: 'contains', value: 'x' }], { name: null })).toBe(false);
  });

  it('compares numbers as numbers, with a decimal comma accepted', () => {
    const at = (op: FilterCondition['op'], value: string | number, mrr: unknown) =>
      matches([{ field: 'mrr', op, value }], { mrr });
    expect(at('gt', '99,5', 100)).toBe(true);
    expect(at('gt', 100, 100)).toBe(false);
    expect(at('gte', '100', 100)).toBe(true);
    expect(at('lt', '20', 3)).toBe(true);
    expect(at('eq', '49.9', 49.9)).toBe(true);
    expect(at('lt', '20', null)).toBe(false);
    expect(at('neq', '20', null)).toBe(true);
  });

  it('compares dates by instant; a plain day covers the whole day', () => {
    const on = (op: FilterCondition['op'], value: string, createdAt: string) =>
      matches([{ field: 'createdAt', op, value }], { createdAt });
    expect(on('eq', '2024-03-01', '2024-03-01T23:59:59.000Z')).toBe(true);
    expect(on('eq', '2024-03-01', '2024-03-02T00:00:00.000Z')).toBe(false);
    expect(on('lt', '2024-03-01', '2024-02-29T23:59:59.000Z')).toBe(true);
    expect(on('lt', '2024-03-01', '2024-03-01T00:00:00.000Z')).toBe(false);
    expect(on('lte', '2024-03-01', '2024-03-01T12:00:00.000Z')).toBe(true);
    expect(on('gt', '2024-03-01', '2024-03-01T12:00:00.000Z')).toBe(false);
    expect(on('gt', '2024-03-01', '2024-03-02T00:00:00.000Z')).toBe(true);
    expect(on('gte', '2024-03-01T12:00:00Z', '2024-03-01T12:00:00.000Z')).toBe(true);
    expect(
      matches([{ field: 'startDate', op: 'eq', value: '2024-03-01' }], { startDate: '2024-03-01' }),
    ).toBe(true);
  });

  it('tests text for exact (in)equality, and emptiness of any field', () => {
    expect(matches([{ field: 'status', op: 'eq', value: 'active' }], { status: 'active' })).toBe(true);
    expect(matches([{ field: 'status', op: 'eq', value: 'Active' }], { status: 'active' })).toBe(false);
    expect(matches([{ field: 'status', op: 'neq', value: 'active' }], { status: null })).toBe(true);
    expect(matches([{ field: 'status', op: 'empty' }], { status: '' })).toBe(true);
    expect(matches([{ field: 'status', op: 'notEmpty' }], {})).toBe(false);
  });

  it('searches every field with the quick search (field *), ignoring case and accents', () => {
    const search = (value: string, record: Record<string, unknown>) =>
      matches([{ field: ANY_FIELD, op: 'contains', value }], record);
    expect(search('lefevre', { id: 'CON-1', lastName: 'Lefèvre', mrr: null })).toBe(true);
    expect(search('2019', { id: 'AGR-1', startDate: '2019-03-01' })).toBe(true);
    expect(search('nowhere', { id: 'AGR-1', name: 'Pro' })).toBe(false);
    expect(() => matches([{ field: ANY_FIELD, op: 'eq', value: 'x' }], {})).toThrow(/only "contains"/);
  });

  it('combines conditions with AND', () => {
    const conditions: FilterCondition[] = [
      { field: 'status', op: 'eq', value: 'active' },
      { field: 'mrr', op: 'gte', value: 100 },
    ];
    expect(matches(conditions, { status: 'active', mrr: 150 })).toBe(true);
    expect(matches(conditions, { status: 'active', mrr: 50 })).toBe(false);
    expect(matches([], { anything: 1 })).toBe(true);
  });

  it.each([
    [{ field: 'mrr', op: 'gt', value: 'lots' }, /^mrr: "lots" is not a number/],
    [{ field: 'createdAt', op: 'lt', value: 'last week' }, /^createdAt: "last week" is not a date/],
    [{ field: 'name', op: 'lt', value: 'M' }, /^name: "lt" compares numbers or dates/],
    [{ field: 'status', op: 'eq' }, /^status: "eq" needs a value/],
  ] as const)('refuses %j with a message naming the field', (condition, message) => {
    expect(() => matches([condition as FilterCondition], {})).toThrow(FilterError);
    expect(() => matches([condition as FilterCondition], {})).toThrow(message);
  });
});

describe('only what changed', () => {
  it('is told apart from the other conditions, and refused where the app cannot judge it', () => {
    const filter = [
      { field: 'name', op: 'contains' as const, value: 'a' },
      { field: CHANGED_FIELD, op: 'notEmpty' as const },
    ];
    expect(splitChanged(filter)).toEqual({ onlyChanged: true, rest: [filter[0]] });
    expect(splitChanged([filter[0]!]).onlyChanged).toBe(false);
    expect(() => compileFilter(filter, () => 'text')).toThrow(/known only for a list the app holds/);
  });
});
