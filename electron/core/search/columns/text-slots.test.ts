import { describe, expect, it } from 'vitest';
import { slotsHolding, slotsHoldingAmong, slotsOf, type TextSlots } from './text-slots.js';

// A block's values of one field as one text: a term is looked for with indexOf over all of them,
// and each slot that holds it is named once, in order.

const words = ['marseille', 'salon', 'basse', 'nice', 'sa', 'paris sa', 'lyon'];
const slots = slotsOf(words);
/** Ten times the words: rows few enough to be looked in alone, and many enough to scan through. */
const many = slotsOf(Array.from({ length: 70 }, (_, slot) => words[slot % 7]!));
const holdingIn = (within: TextSlots, term: string) => {
  const found: number[] = [];
  slotsHolding(within, term, (slot) => found.push(slot));
  return found;
};
const holding = (term: string) => holdingIn(slots, term);
const holdingAmong = (within: TextSlots, term: string, rows: number[]) => {
  const found: number[] = [];
  slotsHoldingAmong(within, term, Int32Array.from(rows), rows.length, (slot) => found.push(slot));
  return found;
};

describe('slots holding a term', () => {
  it('names each slot that holds it once, in order, never one the text after it holds', () => {
    expect(holding('sa')).toEqual([1, 4, 5]);
    expect(holding('se')).toEqual([0, 2]);
    expect(holding('lyon')).toEqual([6]);
    expect(holding('nowhere')).toEqual([]);
  });

  it('among the rows still in: the same answer as over every slot, only those rows, however many', () => {
    const sets = [[], [0], [2, 5], [1, 3, 4, 6], [0, 1, 2, 3, 4, 5, 6]];
    for (let every = 1; every <= 23; every += 2)
      sets.push(Array.from({ length: 70 }, (_, slot) => slot).filter((slot) => slot % every === 0));
    for (const term of ['sa', 'se', 'a', 'lyon', 'e', 'nowhere'])
      for (const within of [slots, many])
        for (const rows of sets.map((set) => set.filter((slot) => slot < within.starts.length - 1)))
          expect(holdingAmong(within, term, rows), `${term} in ${rows.join(',')}`).toEqual(
            holdingIn(within, term).filter((slot) => rows.includes(slot)),
          );
  });
});
