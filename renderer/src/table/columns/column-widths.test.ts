import { describe, expect, it } from 'vitest';
import { COLUMN_WIDTH, fillWidth, fittedWidth, type TextMeasure } from './column-widths';

// 8 px a character, 9 in the bold header: round figures to reason with.
const measure: TextMeasure = { cell: (text) => text.length * 8, header: (text) => text.length * 9 };
const { padding, headerExtra } = COLUMN_WIDTH;

describe('column widths', () => {
  it('fit the header and the widest value shown, within bounds', () => {
    expect(fittedWidth('Name', ['Ann', 'Bernadette Dupont'], measure)).toBe(17 * 8 + padding);
    expect(fittedWidth('Postal code', ['1000'], measure)).toBe(11 * 9 + headerExtra + padding);
    expect(fittedWidth('Id', [], measure)).toBe(COLUMN_WIDTH.min);
    // A value of 39 characters fits the sample's bound; a 200-character one does not stretch the column past it.
    expect(fittedWidth('Email', ['x'.repeat(39)], measure)).toBe(39 * 8 + padding);
    expect(fittedWidth('Note', ['x'.repeat(200)], measure)).toBe(COLUMN_WIDTH.sampleMax);
    expect(fittedWidth('Note', ['x'.repeat(100)], measure, COLUMN_WIDTH.fitMax)).toBe(100 * 8 + padding);
  });

  it('share the room left among the fitted columns, to the pixel, the user’s widths kept', () => {
    const { a = 0, b = 0, c = 0 } = fillWidth({ a: 100, b: 200, c: 150 }, ['a', 'b'], 1_000);
    expect(c).toBe(150);
    expect(a + b + c).toBe(1_000);
    expect(Math.abs(b / a - 2)).toBeLessThan(0.02);
  });

  it('change nothing when the columns already take the room, or none may grow', () => {
    expect(fillWidth({ a: 600, b: 600 }, ['a', 'b'], 1_000)).toEqual({ a: 600, b: 600 });
    expect(fillWidth({ a: 100 }, [], 1_000)).toEqual({ a: 100 });
  });
});
