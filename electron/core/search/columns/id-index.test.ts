import { describe, expect, it } from 'vitest';
import { numberIndex, RowIndex } from './id-index.js';

function indexOf(ids: readonly string[]): RowIndex {
  const index = new RowIndex((row) => ids[row]);
  ids.forEach((id, row) => index.add(id, row));
  return index;
}

describe('rows by id', () => {
  it('finds each of many ids at its row, past the table’s growth', () => {
    const ids = Array.from({ length: 20_000 }, (_, row) => `CUS-${String(row).padStart(8, '0')}`);
    const index = indexOf(ids);
    expect(index.find('CUS-00000000')).toBe(0);
    expect(index.find('CUS-00019999')).toBe(19_999);
    expect(index.find('CUS-00020000')).toBeUndefined();
    expect(index.has('CUS-00020000')).toBe(false);
  });

  it('finds no row for an id two rows have, yet knows it is there; unless the first is kept', () => {
    const ids = ['a', 'b', 'a'];
    const index = indexOf(ids);
    expect(index.find('a')).toBeUndefined();
    expect(index.has('a')).toBe(true);
    expect(index.find('b')).toBe(1);
    const first = new RowIndex((row) => ids[row]);
    ids.forEach((id, row) => first.add(id, row, true));
    expect(first.find('a')).toBe(0);
  });

  it('comes back from its dump, and a copy is its own', () => {
    const ids = ['x', 'y', 'z'];
    const index = indexOf(ids);
    const restored = RowIndex.restore(index.dump(), (row) => ids[row]);
    expect(restored.find('z')).toBe(2);
    const copy = index.copy((row) => ids[row]);
    copy.add('w', 3);
    expect(index.has('w')).toBe(false);
  });

  it('finds an id by its number without leading zeros, not when two ids share it', () => {
    const ids = ['CUS-00011004', 'AGR-00000007', 'CUS-00000007', 'no digits', 'A1-B2'];
    const index = numberIndex(ids.length, (row) => ids[row]);
    expect(index.find('11004')).toBe(0);
    expect(index.find('7')).toBeUndefined();
    expect(index.has('7')).toBe(true);
    expect(index.find('1')).toBeUndefined();
  });
});
