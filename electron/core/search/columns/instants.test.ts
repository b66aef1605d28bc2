import { describe, expect, it } from 'vitest';
import { InstantDigits } from './instants.js';

/** The digits a search reads in a date-time: its date's and its hours' and minutes' ("YYYYMMDDHHmm"). */
const digitsRead = (at: number) => new Date(at).toISOString().slice(0, 16).replace(/\D/g, '');

describe('digits found in date-times without writing them out', () => {
  it('finds a sequence in the hours and minutes alone, whatever the day ("2020" at 20:20)', () => {
    const at = Date.parse('2025-03-13T20:20:54.000Z');
    expect(new InstantDigits('2020').matches(at)).toBe(true);
    expect(new InstantDigits('1207').matches(Date.parse('2024-11-28T12:07:00.000Z'))).toBe(true);
  });

  it('agrees with the digits written out, for every sequence of 1 to 6 digits met in them and some not', () => {
    // Instants over fifty years, 46 days and some hours and minutes apart: every place of the digits varies.
    const instants = Array.from({ length: 400 }, (_, index) => Date.UTC(1990, 0, 1) + index * 3_987_654_321);
    const sequences = new Set(['0000', '2359', '9999', '3112', '1231', '0229', '6061']);
    for (const at of instants.slice(0, 40)) {
      const digits = digitsRead(at);
      for (let length = 1; length <= 6; length++)
        sequences.add(digits.slice(12 - length - (at % 7), 12 - (at % 7)));
    }
    const wrong: string[] = [];
    for (const sequence of sequences) {
      const found = new InstantDigits(sequence);
      for (const at of instants)
        if (found.matches(at) !== digitsRead(at).includes(sequence))
          wrong.push(`${sequence} in ${digitsRead(at)}`);
    }
    expect(wrong).toEqual([]);
  });
});
