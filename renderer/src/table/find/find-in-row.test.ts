import { describe, expect, it } from 'vitest';
import { highlighterOf } from '../grid/highlight';
import { columnInRow, foundColumns, landingColumn } from './find-in-row';

const marked = highlighterOf([{ field: '*', op: 'contains', value: 'lyon' }])!;
const textOf = (key: string, record: Record<string, unknown>) => {
  const value = record[key];
  return typeof value === 'string' ? value : '';
};

describe('a find within a row', () => {
  const record = { id: 'CUS-1', name: 'Lyon Bois', city: 'Paris', note: 'near lyon' };
  const columns = ['id', 'name', 'city', 'note'];

  it('finds the visible columns the words are in, by the search words’ rules', () => {
    expect(foundColumns(record, columns, textOf, marked)).toEqual([1, 3]);
    expect(foundColumns(record, ['id', 'city'], textOf, marked)).toEqual([]);
  });

  it('moves to the next and previous found column, and leaves the row at its ends', () => {
    expect(columnInRow([1, 3], 0, 'next')).toBe(1);
    expect(columnInRow([1, 3], 1, 'next')).toBe(3);
    expect(columnInRow([1, 3], 3, 'next')).toBeUndefined();
    expect(columnInRow([1, 3], 3, 'previous')).toBe(1);
    expect(columnInRow([1, 3], 1, 'previous')).toBeUndefined();
  });

  it('lands on the first found column going down, the last going up, or stays', () => {
    expect(landingColumn([1, 3], 'next', 0)).toBe(1);
    expect(landingColumn([1, 3], 'previous', 0)).toBe(3);
    expect(landingColumn([], 'next', 2)).toBe(2);
  });
});
