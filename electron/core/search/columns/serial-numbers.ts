import { slotText, type TextSlots } from './text-slots.js';

/**
 * Text whose every value is letters and signs then a fixed number of digits ("cus-00012345": an id
 * as most APIs write them), as its numbers: a sequence of digits is found in them by the numbers
 * whose digits hold it (numbersHolding), one look a row, rather than by scanning the text for it.
 */
export interface SerialNumbers {
  /** How many digits each value has. */
  width: number;
  /** By slot, its number (-1: an empty slot). */
  numbers: Int32Array;
  /** The highest of them. */
  max: number;
}

/** Digits an id's number may have and still fit in 32 bits. */
const WIDTH_MAX = 9;
const SERIAL = /^\D*(\d+)$/;
/** By slots, their numbers; null when they are not all one width of digits after no other. */
const known = new WeakMap<TextSlots, SerialNumbers | null>();

/**
 * The numbers of `slots` when every value is an id of one width (made the first time a sequence of
 * digits is looked for in them, kept while they live: 4 bytes a row); undefined otherwise.
 */
export function serialNumbersOf(slots: TextSlots): SerialNumbers | undefined {
  let serial = known.get(slots);
  if (serial === undefined) {
    serial = serialOf(slots);
    known.set(slots, serial);
  }
  return serial ?? undefined;
}

function serialOf(slots: TextSlots): SerialNumbers | null {
  const count = slots.starts.length - 1;
  const numbers = new Int32Array(count);
  let width = 0;
  let max = -1;
  for (let slot = 0; slot < count; slot++) {
    const text = slotText(slots, slot);
    if (!text) {
      numbers[slot] = -1;
      continue;
    }
    const digits = SERIAL.exec(text)?.[1];
    if (!digits || digits.length > WIDTH_MAX || (width && digits.length !== width)) return null;
    width = digits.length;
    const number = Number(digits);
    numbers[slot] = number;
    if (number > max) max = number;
  }
  return width ? { width, numbers, max } : null;
}

/**
 * A flag for each number from 0 to `max` whose digits, written `width` long (zeros before), hold
 * `sequence`: the ranges of numbers with the sequence at each place, filled whole (a few hundred for
 * four digits among 300,000 ids).
 */
export function numbersHolding(sequence: string, width: number, max: number): Uint8Array {
  const flags = new Uint8Array(max + 1);
  const length = sequence.length;
  const value = Number(sequence);
  for (let before = 0; before + length <= width; before++) {
    const after = 10 ** (width - length - before);
    const place = 10 ** (width - before);
    for (let head = 0; head < 10 ** before; head++) {
      const first = head * place + value * after;
      if (first > max) break;
      flags.fill(1, first, Math.min(first + after, max + 1));
    }
  }
  return flags;
}
