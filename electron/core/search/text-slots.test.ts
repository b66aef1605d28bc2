import { describe, expect, it } from 'vitest';
import { slotsHolding, slotsHoldingWithin, slotsOf } from './text-slots.js';

// A block's values of one field as one text: a term is looked for with indexOf over all of them,
// and each slot that holds it is named once, in order.

const slots = slotsOf(['marseille', 'salon', 'basse', 'nice', 'sa', 'paris sa', 'lyon']);
const holding = (term: string) => {
  const found: number[] = [];
  slotsHolding(slots, term, (slot) => found.push(slot));
  return found;
};
const holdingWithin = (term: string, rows: number[], from = 0, to = 7) => {
  const within = new Uint8Array(7);
  for (const row of rows) within[row] = 1;
  const found: number[] = [];
  slotsHoldingWithin(slots, term, within, from, to, (slot) => found.push(slot));
  return found;
};

describe('slots holding a term', () => {
  it('names each slot that holds it once, in order, never one the text after it holds', () => {
    expect(holding('sa')).toEqual([1, 4, 5]);
    expect(holding('se')).toEqual([0, 2]);
    expect(holding('lyon')).toEqual([6]);
    expect(holding('nowhere')).toEqual([]);
  });

  it('within the rows still in: the same answer as over every slot, only those rows', () => {
    for (const term of ['sa', 'se', 'a', 'lyon', 'e', 'nowhere'])
      for (const rows of [[], [0], [2, 5], [1, 3, 4, 6], [0, 1, 2, 3, 4, 5, 6]])
        expect(holdingWithin(term, rows), `${term} in ${rows.join(',')}`).toEqual(
          holding(term).filter((slot) => rows.includes(slot)),
        );
  });

  it('within rows from `from` to before `to` only', () => {
    const every = [0, 1, 2, 3, 4, 5, 6];
    expect(holdingWithin('sa', every, 1, 5)).toEqual([1, 4]);
    expect(holdingWithin('sa', every, 5, 7)).toEqual([5]);
    expect(holdingWithin('sa', every, 3, 3)).toEqual([]);
  });
});
