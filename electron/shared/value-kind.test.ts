import { describe, expect, it } from 'vitest';
import { filterKindOf, valueKind } from './value-kind.js';

describe('a field’s kind', () => {
  it('is the schema’s when it names one', () => {
    expect(valueKind({ type: 'date' }, ['not a date'])).toBe('date');
    expect(valueKind({ type: 'integer' }, [])).toBe('number');
    expect(valueKind({ type: 'string', format: 'date-time' }, [])).toBe('date-time');
    expect(valueKind({ type: 'boolean' }, [])).toBe('boolean');
  });

  it('comes from the values when the schema only says "string", or says nothing', () => {
    expect(valueKind({ type: 'string' }, ['2020-01-05', null, '2021-12-31'])).toBe('date');
    expect(valueKind(undefined, ['2020-01-20T11:45:00Z', '2020-01-21T08:00:00+01:00'])).toBe('date-time');
    expect(valueKind(undefined, ['2020-01-20', '2020-01-20T11:45:00Z'])).toBe('date-time');
    expect(valueKind(undefined, [1, 2.5, ''])).toBe('number');
    expect(valueKind(undefined, [true, false])).toBe('boolean');
    expect(valueKind(undefined, [{ city: 'Lyon' }, ['a']])).toBe('object');
  });

  it('is text when the values disagree, look like dates but are not, or are all empty', () => {
    expect(valueKind({ type: 'string' }, ['2020-01-05', 'soon'])).toBe('text');
    expect(valueKind(undefined, ['2020-13-45'])).toBe('text');
    expect(valueKind(undefined, ['12', 12])).toBe('text');
    expect(valueKind(undefined, [null, ''])).toBe('text');
  });

  it('decides how filters compare its values', () => {
    expect(
      ['number', 'date', 'date-time', 'boolean', 'object', 'text'].map((kind) => filterKindOf(kind as never)),
    ).toEqual(['number', 'date', 'date', 'text', 'text', 'text']);
  });
});
