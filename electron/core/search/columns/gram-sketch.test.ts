import { describe, expect, it } from 'vitest';
import { mayHold, sketchSlots, TermGrams } from './gram-sketch.js';
import { slotsOf, slotText } from './text-slots.js';

// A block's text is scanned for a term only when its sketch may hold it: the sketch must never hide
// a term the text holds, and should rule out most terms it lacks.

/** A generator of the same numbers every run. */
function seeded(seed: number) {
  return () => ((seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32;
}
const random = seeded(42);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const WORDS = [
  'rue',
  'avenue',
  'de',
  'la',
  'paix',
  'saint',
  'michel',
  'lyon',
  'garage',
  'sa',
  'sarl',
  'nord',
];
const street = () => `${1 + Math.floor(random() * 200)} ${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`;
const digits = (length: number) => Array.from({ length }, () => Math.floor(random() * 10)).join('');
/** A block of phones as search keeps their digits: each in three writings, separated. */
const phone = () => {
  const national = digits(9);
  return [`33${national}`, `0033${national}`, `0${national}`].join('\u0001');
};
const mayHoldTerm = (slots: ReturnType<typeof slotsOf>, term: string) => mayHold(slots, new TermGrams(term));

describe('a text sketch', () => {
  it('never rules out a term its text holds, of any length, letters or digits', () => {
    for (const [make, length] of [
      [street, 3],
      [phone, 3],
      [street, 500],
      [phone, 500],
    ] as const) {
      const slots = slotsOf(Array.from({ length }, make));
      sketchSlots(slots);
      for (let slot = 0; slot < length; slot += 7) {
        const text = slotText(slots, slot);
        for (let from = 0; from < text.length; from++)
          for (let to = from + 1; to <= Math.min(text.length, from + 12); to++)
            expect(mayHoldTerm(slots, text.slice(from, to)), text.slice(from, to)).toBe(true);
      }
    }
  });

  it('rules out nearly every word its text lacks', () => {
    const slots = slotsOf(Array.from({ length: 500 }, street));
    sketchSlots(slots);
    expect(mayHoldTerm(slots, 'marseille')).toBe(false);
    const absent = Array.from(
      { length: 1_000 },
      () => pick(WORDS) + pick(['x', 'q', 'z', 'w', 'k']) + pick(WORDS),
    );
    const passed = absent.filter((term) => mayHoldTerm(slots, term)).length;
    expect(passed).toBeLessThan(50);
  });

  it('sketches text of digits by five: a phone a block lacks is ruled out, not only by its three', () => {
    const slots = slotsOf(Array.from({ length: 500 }, phone));
    sketchSlots(slots);
    const absent = Array.from({ length: 1_000 }, () => `0${digits(9)}`).filter(
      (term) => !slots.text.includes(term),
    );
    const passed = absent.filter((term) => mayHoldTerm(slots, term)).length;
    expect(passed).toBeLessThan(absent.length / 20);
  });

  it('rules out nothing before it is made: a search never waits for one', () => {
    const slots = slotsOf(Array.from({ length: 500 }, street));
    expect(mayHoldTerm(slots, 'marseille')).toBe(true);
    sketchSlots(slots);
    expect(mayHoldTerm(slots, 'marseille')).toBe(false);
  });
});
