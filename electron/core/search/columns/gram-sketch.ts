import { FIELD_SEPARATOR } from '../../../shared/search.js';
import { TYPED_ARRAY_BYTES, type TextSlots } from './text-slots.js';

/**
 * The short sequences of characters a text holds, hashed into a set of bits: a term with a sequence
 * the set lacks is not in the text, and a block's text is not scanned for it. Scanning a list's
 * text costs a pass over all of it (14 million characters at a desk's 100,000 customers: 7 ms);
 * a sketch costs a look per sequence of the term, and about an eighth of a byte a character.
 *
 * Digits are ten symbols: three of them are in every block of phones, so text of digits alone is
 * sketched by five. A term shorter than its text's sequences may be anywhere.
 *
 * Sketches are made once a list is held (HeldRows.prepareIndexes), in the background: a search
 * never waits for one, and scans the text of a block not sketched yet. They are not kept in the
 * lists' files: a sketch made by another version's hash would hide rows.
 */
interface GramSketch {
  bits: Uint32Array;
  /** The length of the sequences hashed. */
  span: number;
}

const LETTER_SPAN = 3;
const DIGIT_SPAN = 5;
/** Bits a sketch has: about one a character of its text, rounded down to a power of two, within these bounds. */
const BITS_MIN = 1_024;
const BITS_MAX = 32_768;
/** What a sketch takes beyond its bits: its object, and its typed array's own (text-slots.ts). */
const SKETCH_OBJECT_BYTES = 32 + TYPED_ARRAY_BYTES;
/** Text of digits and the separators between values alone is text of digits. */
const DIGITS_ONLY = new RegExp(`^[0-9${FIELD_SEPARATOR}]*$`);

/** The bits a sketch of a text of `length` characters has. */
function bitsFor(length: number): number {
  let bits = BITS_MIN;
  while (bits * 2 <= Math.min(length, BITS_MAX)) bits *= 2;
  return bits;
}

/** What a sketch of a text of `length` characters takes in memory, made or not yet. */
export function sketchBytes(length: number): number {
  return SKETCH_OBJECT_BYTES + bitsFor(length) / 8;
}

/** The hash of the `span` characters of `text` from `at`. */
function hashAt(text: string, at: number, span: number): number {
  let hash = 0;
  for (let index = at; index < at + span; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x9e3779b1);
  return hash ^ (hash >>> 15);
}

const sketches = new WeakMap<TextSlots, GramSketch>();

/** Makes the sketch of `slots`' text, unless made already. */
export function sketchSlots(slots: TextSlots): void {
  if (!sketches.has(slots)) sketches.set(slots, sketchOf(slots.text));
}

/** The sketch of `text`: every sequence of its span, a bit each. */
function sketchOf(text: string): GramSketch {
  const span = DIGITS_ONLY.test(text) ? DIGIT_SPAN : LETTER_SPAN;
  const bits = new Uint32Array(bitsFor(text.length) >> 5);
  const mask = bits.length * 32 - 1;
  for (let at = 0; at + span <= text.length; at++) {
    const bit = hashAt(text, at, span) & mask;
    bits[bit >> 5]! |= 1 << (bit & 31);
  }
  return { bits, span };
}

/** A term's sequences of characters, hashed by span as sketches hash theirs, each made when first looked for. */
export class TermGrams {
  private readonly bySpan: (Int32Array | undefined)[] = [];

  constructor(private readonly term: string) {}

  of(span: number): Int32Array {
    let grams = this.bySpan[span];
    if (!grams) {
      grams = this.bySpan[span] = new Int32Array(Math.max(0, this.term.length - span + 1));
      for (let at = 0; at < grams.length; at++) grams[at] = hashAt(this.term, at, span);
    }
    return grams;
  }
}

/** Whether `slots`' text may hold the term of `grams`: true unless its sketch lacks one of them (or is not made yet). */
export function mayHold(slots: TextSlots, grams: TermGrams): boolean {
  const sketch = sketches.get(slots);
  return !sketch || allIn(sketch.bits, grams.of(sketch.span));
}

function allIn(bits: Uint32Array, grams: Int32Array): boolean {
  const mask = bits.length * 32 - 1;
  for (let index = 0; index < grams.length; index++) {
    const bit = grams[index]! & mask;
    if (((bits[bit >> 5] ?? 0) & (1 << (bit & 31))) === 0) return false;
  }
  return true;
}
