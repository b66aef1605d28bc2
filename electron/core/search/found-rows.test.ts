import { describe, expect, it } from 'vitest';
import { foundPositions, nearestFound } from './found-rows.js';

const indexes = (...values: number[]) => Int32Array.from(values);

describe('the rows a find found, placed in the view', () => {
  it('keeps only the rows the view shows, at their positions, ascending whatever the view’s order', () => {
    // The view: rows 9, 4, 7, 1 (a sort), row 3 filtered out.
    const shown = indexes(9, 4, 7, 1);
    expect(Array.from(foundPositions(shown, indexes(1, 3, 4, 9), 10))).toEqual([0, 1, 3]);
    expect(Array.from(foundPositions(indexes(1, 4, 7, 9), indexes(1, 3, 4, 9), 10))).toEqual([0, 1, 3]);
    expect(foundPositions(shown, indexes(), 10)).toHaveLength(0);
  });

  it('moves to the next and the previous, wrapping at the ends, with the rank counted from 1', () => {
    const positions = indexes(2, 5, 9);
    expect(nearestFound(positions, -1, 'next')).toEqual({ row: 2, ordinal: 1 });
    expect(nearestFound(positions, 2, 'next')).toEqual({ row: 5, ordinal: 2 });
    expect(nearestFound(positions, 4, 'next')).toEqual({ row: 5, ordinal: 2 });
    expect(nearestFound(positions, 9, 'next')).toEqual({ row: 2, ordinal: 1 });
    expect(nearestFound(positions, 5, 'previous')).toEqual({ row: 2, ordinal: 1 });
    expect(nearestFound(positions, 6, 'previous')).toEqual({ row: 5, ordinal: 2 });
    expect(nearestFound(positions, 2, 'previous')).toEqual({ row: 9, ordinal: 3 });
    expect(nearestFound(positions, 0, 'previous')).toEqual({ row: 9, ordinal: 3 });
    expect(nearestFound(indexes(4), 4, 'next')).toEqual({ row: 4, ordinal: 1 });
    expect(nearestFound(indexes(4), 4, 'previous')).toEqual({ row: 4, ordinal: 1 });
    expect(nearestFound(indexes(), 0, 'next')).toBeNull();
  });

  it('agrees with a walk through every position', () => {
    const positions = indexes(0, 3, 4, 8, 15, 16, 40);
    for (let from = -1; from <= 41; from++) {
      const after = [...positions].findIndex((position) => position > from);
      const next = after < 0 ? 0 : after;
      expect(nearestFound(positions, from, 'next')?.ordinal).toBe(next + 1);
      const before = [...positions].findLastIndex((position) => position < from);
      const previous = before < 0 ? positions.length - 1 : before;
      expect(nearestFound(positions, from, 'previous')?.ordinal).toBe(previous + 1);
    }
  });
});
