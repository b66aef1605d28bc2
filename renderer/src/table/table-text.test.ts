import { describe, expect, it } from 'vitest';
import { TABLE_TEXT_SIZES } from '@shared/settings';
import { steppedTextSize, tableSizes } from './table-text';

describe("the tables' text size", () => {
  it('is the window’s at first, its rows as the density has them', () => {
    expect(tableSizes(undefined)).toEqual({ textSize: 14, lineHeight: 20, rowHeight: 32 });
    expect(tableSizes('compact')).toEqual({ textSize: 14, lineHeight: 20, rowHeight: 28 });
  });

  it('grows the rows with the text, in whole pixels, each size taller than the one before', () => {
    expect(tableSizes('standard', 18)).toEqual({ textSize: 18, lineHeight: 26, rowHeight: 41 });
    const heights = TABLE_TEXT_SIZES.map((size) => tableSizes('compact', size).rowHeight);
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(new Set(heights).size).toBe(heights.length);
    for (const size of TABLE_TEXT_SIZES) {
      const { lineHeight, rowHeight } = tableSizes('compact', size);
      expect(Number.isInteger(rowHeight)).toBe(true);
      // Room around the line in either density.
      expect(rowHeight).toBeGreaterThan(lineHeight);
    }
  });

  it('steps one size at a time, stays at the ends, and goes back to the window’s', () => {
    expect(steppedTextSize(undefined, 1)).toBe(15);
    expect(steppedTextSize(16, 1)).toBe(18);
    expect(steppedTextSize(16, -1)).toBe(15);
    expect(steppedTextSize(11, -1)).toBe(11);
    expect(steppedTextSize(22, 1)).toBe(22);
    expect(steppedTextSize(20, 0)).toBe(14);
  });
});
