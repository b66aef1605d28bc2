import { FIELD_SEPARATOR } from '../../../shared/search.js';
import { BEYOND_LATIN1, textBytes } from './record-bytes.js';

/** Where each slot of a text starts; one more entry: the text's length. */
export type Starts = Uint16Array | Uint32Array;

/**
 * Many short texts (a block's values of one field, a dictionary's values) kept as one string, each
 * ended by the field separator, and where each starts: one string a block instead of one a value
 * (a string's header alone is 16 bytes), searched with one `indexOf` over all of them, as V8 does
 * at gigabytes a second. A term holds no separator, so a term found lies inside one slot.
 */
export interface TextSlots {
  text: string;
  starts: Starts;
  /** The letters a to z its text has, a bit each (lettersOf: found at its first search). */
  letters?: number;
}

/** The letters a to z of `text`, a bit each: a term with a letter a text lacks is not looked for in it. */
export function letterBits(text: string): number {
  let bits = 0;
  for (let index = 0; index < text.length; index++) {
    const letter = text.charCodeAt(index) - 97;
    if (letter >= 0 && letter < 26) bits |= 1 << letter;
  }
  return bits;
}

/** The letters of `slots`' text, found once. */
export function lettersOf(slots: TextSlots): number {
  return (slots.letters ??= letterBits(slots.text));
}

/**
 * `text` kept in one byte a character when all of its characters allow it: V8 writes a joined string
 * in two bytes a character as soon as one of its parts was (folding "Łódź" gives "lodz" in two-byte
 * form). Latin-1 text through a Buffer comes back one-byte.
 */
export function compactText(text: string): string {
  return BEYOND_LATIN1.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}

/** `parts` as slots (a part may hold separators of its own: several values of one row, found apart). */
export function slotsOf(parts: readonly string[]): TextSlots {
  const text = compactText(parts.join(FIELD_SEPARATOR) + FIELD_SEPARATOR);
  const starts = text.length < 0xffff ? new Uint16Array(parts.length + 1) : new Uint32Array(parts.length + 1);
  let at = 0;
  parts.forEach((part, slot) => {
    starts[slot] = at;
    at += part.length + 1;
  });
  starts[parts.length] = at;
  return { text, starts };
}

/** The text of slot `slot`. */
export function slotText({ text, starts }: TextSlots, slot: number): string {
  return text.slice(starts[slot], (starts[slot + 1] ?? 1) - 1);
}

/** Whether slot `slot` holds `term` (looked for in that slot only, not in the text after it). */
export function slotHas({ text, starts }: TextSlots, slot: number, term: string): boolean {
  const end = (starts[slot + 1] ?? 1) - 1;
  const start = starts[slot] ?? end;
  return end - start >= term.length && text.slice(start, end).includes(term);
}

/** Calls `hit` with each slot that holds `term`, once a slot, in order. */
export function slotsHolding({ text, starts }: TextSlots, term: string, hit: (slot: number) => void): void {
  const count = starts.length - 1;
  let slot = 0;
  for (let at = text.indexOf(term); at >= 0 && slot < count;) {
    slot = slotAt(starts, at, slot);
    hit(slot);
    if (++slot >= count) break;
    at = text.indexOf(term, starts[slot]);
  }
}

/** A slot in this many or fewer of a block's is looked in alone (slotsHoldingAmong), not by scanning on from it. */
const ALONE_SHARE = 8;

/**
 * Calls `hit` with each of the first `count` slots of `rows` (ascending) that holds `term`, in order.
 * Few of the block's slots: each is looked in alone. Many: the text is scanned from one to the next
 * and the slots left out are skipped, so a term found in nearly every row ("sa") costs the rows still
 * in, and one found in few costs at most one pass over the text.
 */
export function slotsHoldingAmong(
  slots: TextSlots,
  term: string,
  rows: Int32Array,
  count: number,
  hit: (slot: number) => void,
): void {
  const { text, starts } = slots;
  const slotCount = starts.length - 1;
  if (count * ALONE_SHARE <= slotCount) {
    for (let index = 0; index < count; index++) {
      const slot = rows[index]!;
      if (slot < slotCount && slotHas(slots, slot, term)) hit(slot);
    }
    return;
  }
  for (let index = 0; index < count && rows[index]! < slotCount;) {
    const at = text.indexOf(term, starts[rows[index]!]);
    if (at < 0) return;
    // The first slot from this one on that holds it: the rows before it do not.
    const holding = slotAt(starts, at, rows[index]!);
    while (index < count && rows[index]! < holding) index++;
    if (index < count && rows[index] === holding) {
      hit(holding);
      index++;
    }
  }
}

/**
 * Calls `note` with each slot holding a field that starts with `start` (fields are separated by the
 * separator within a slot too), once a slot, in order, and whether one such field is `start` whole.
 */
export function slotsStarting(
  { text, starts }: TextSlots,
  start: string,
  note: (slot: number, whole: boolean) => void,
): void {
  if (!start) return;
  let slot = -1;
  let whole = false;
  const fieldAt = (at: number) => {
    const holding = slotAt(starts, at, Math.max(0, slot));
    const isWhole = text.startsWith(FIELD_SEPARATOR, at + start.length);
    if (holding === slot) {
      whole ||= isWhole;
      return;
    }
    if (slot >= 0) note(slot, whole);
    slot = holding;
    whole = isWhole;
  };
  if (text.startsWith(start)) fieldAt(0);
  const pattern = FIELD_SEPARATOR + start;
  for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) fieldAt(at + 1);
  if (slot >= 0) note(slot, whole);
}

/** The slot holding position `at`: the last start at or before it, from slot `from` on. */
function slotAt(starts: Starts, at: number, from: number): number {
  let low = from;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** What a typed array takes: its elements, and its object and buffer (V8, 64-bit: measured 194 bytes). */
export const TYPED_ARRAY_BYTES = 200;
/** The object holding a text and its starts. */
const SLOTS_OBJECT_BYTES = 48;

export function arrayBytes(array: ArrayBufferView): number {
  return TYPED_ARRAY_BYTES + array.byteLength;
}

export function slotsBytes(slots: TextSlots): number {
  return SLOTS_OBJECT_BYTES + textBytes(slots.text) + arrayBytes(slots.starts);
}
