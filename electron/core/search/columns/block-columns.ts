import { mayBePhone, phoneDigitVariants } from '../../../shared/phone.js';
import type { ApiRecord } from '../../../shared/schema.js';
import { digitsOf, FIELD_SEPARATOR, foldText } from '../../../shared/search.js';
import { DAY_MS, instantOf, instantShapeOf, type InstantShape } from './instants.js';
import type { ListColumns } from './list-columns.js';
import { sketchBytes } from './gram-sketch.js';
import { arrayBytes, compactText, letterBits, slotsBytes, slotsOf, type TextSlots } from './text-slots.js';
import { scalarBytes, type Scalar } from './value-dictionary.js';

/** An array slot: what a mixed column's value takes beside the value itself. */
const SLOT_BYTES = 8;

/** One field of a block's rows, kept the way its values allow (RowBlock). */
export type ColumnBlock = CodedColumn | TextColumn | NumberColumn | InstantColumn | MixedColumn;

/** Values its list's dictionary knows: a code a row. */
export interface CodedColumn {
  kind: 'coded';
  codes: Uint8Array | Uint16Array;
}

/**
 * Text: the values as they came, folded for search (the same slots when folding changes nothing,
 * as for emails and phones), and the digits a search finds them by when the text alone cannot say
 * (a value with several runs of digits, a phone and its other writings): without them, a sequence
 * of digits is looked for in the folded text, where it lies in the value's one run of digits.
 */
export interface TextColumn {
  kind: 'text';
  raw: TextSlots;
  folded: TextSlots;
  digits: TextSlots | undefined;
  /** One bit a row: null (an empty slot otherwise is the empty string). */
  nulls: Uint8Array | undefined;
}

/** Numbers (NaN: null), and their digits for search. */
export interface NumberColumn {
  kind: 'number';
  values: Float64Array;
  digits: TextSlots;
}

/**
 * ISO date-times, each as its day (a code of the list's dictionary of days for the field, which a
 * search judges once a day) and its milliseconds in the day (-1: null): six bytes a value, found by
 * their digits (instants.ts), never by words.
 */
export interface InstantColumn {
  kind: 'instant';
  days: Uint8Array | Uint16Array;
  times: Int32Array;
  shape: InstantShape;
}

/** Anything else (objects, arrays, values of several kinds): kept as it came. */
export interface MixedColumn {
  kind: 'mixed';
  values: unknown[];
}

/**
 * The values of one field of a block (row-block.ts), kept the cheapest way that gives them back
 * exactly: coded by the list's dictionary when it knows or can take them all, else as instants, text
 * or numbers when they all are, else as they came. A step at a time (a phone's other writings take
 * some 20 µs each).
 */
export function* encodeColumn(
  values: readonly unknown[],
  records: readonly ApiRecord[],
  list: ListColumns,
  column: number,
  /** By row: how many more of its values are read as phones (PHONES_PER_RECORD); taken from here. */
  phonesLeft: Uint8Array,
): Generator<void, ColumnBlock> {
  const scalars = values.every((value) => typeof value !== 'object' || value === null);
  // A phone's other writings depend on its row's country: phones are kept as text, never coded.
  const phones = values.some((value) => typeof value === 'string' && mayBePhone(value));
  if (scalars && !phones) {
    const codes = list.dictionaries[column]?.encode(values as Scalar[]);
    if (codes) return { kind: 'coded', codes };
  }
  if (values.every((value) => typeof value === 'string' || value === null))
    return instantsOf(values, list, column) ?? (yield* textOf(values, records, phonesLeft));
  if (values.every((value) => typeof value === 'number' || value === null)) {
    const numbers = Float64Array.from(values as (number | null)[], (value) => value ?? Number.NaN);
    const digits = slotsOf(values.map((value) => (value === null ? '' : digitsOf(String(value)))));
    return { kind: 'number', values: numbers, digits };
  }
  return { kind: 'mixed', values: [...values] };
}

function instantsOf(
  values: readonly (string | null)[],
  list: ListColumns,
  column: number,
): InstantColumn | undefined {
  const first = values.find((value) => value !== null);
  const shape = first === undefined || first === null ? undefined : instantShapeOf(first);
  if (shape === undefined) return undefined;
  const dayOf: number[] = [];
  const times = new Int32Array(values.length);
  for (const [row, value] of values.entries()) {
    const at = value === null ? undefined : instantOf(value, shape);
    if (value !== null && at === undefined) return undefined;
    const day = at === undefined ? 0 : Math.floor(at / DAY_MS);
    dayOf.push(day);
    times[row] = at === undefined ? -1 : at - day * DAY_MS;
  }
  const days = list.days(column).encode(dayOf);
  return days && { kind: 'instant', days, times, shape };
}

/** A value whose digits a search cannot find in its text alone: several runs of them, a date-time, a phone. */
const DIGITS_APART = /\d\D+\d/;

/** Phones read between two steps of an encoding (a phone's other writings take some 20 µs). */
const PHONES_PER_STEP = 64;

function* textOf(
  values: readonly (string | null)[],
  records: readonly ApiRecord[],
  phonesLeft: Uint8Array,
): Generator<void, TextColumn> {
  const parts = values.map((value) => value ?? '');
  const raw = slotsOf(parts);
  const foldedParts = parts.map(foldText);
  const folded = foldedParts.every((part, row) => part === parts[row])
    ? raw
    : sameLengths(foldedParts, parts)
      ? { text: compactText(foldedParts.join(FIELD_SEPARATOR) + FIELD_SEPARATOR), starts: raw.starts }
      : slotsOf(foldedParts);
  // The letters of what a word is looked for in: a term with another letter skips it (rows-search.ts).
  folded.letters = letterBits(folded.text);
  const needsDigits = parts.some((part) => DIGITS_APART.test(part) || mayBePhone(part));
  let digits: TextSlots | undefined;
  if (needsDigits) {
    const digitParts: string[] = [];
    let phones = 0;
    for (const [row, part] of parts.entries()) {
      const asPhone = mayBePhone(part) && (phonesLeft[row] ?? 0) > 0;
      if (asPhone) phonesLeft[row] = (phonesLeft[row] ?? 1) - 1;
      const variants = asPhone ? phoneDigitVariants(part, records[row]?.country) : [];
      digitParts.push([digitsOf(part), ...variants].join(FIELD_SEPARATOR));
      if (variants.length && ++phones % PHONES_PER_STEP === 0) yield;
    }
    digits = slotsOf(digitParts);
  }
  let nulls: Uint8Array | undefined;
  values.forEach((value, row) => {
    if (value !== null) return;
    nulls ??= new Uint8Array((values.length + 7) >> 3);
    nulls[row >> 3] = (nulls[row >> 3] ?? 0) | (1 << (row & 7));
  });
  return { kind: 'text', raw, folded, digits, nulls };
}

/** Folding kept every value's length: the folded slots start where the raw ones do. */
function sameLengths(folded: readonly string[], parts: readonly string[]): boolean {
  return folded.every((part, row) => part.length === parts[row]?.length);
}

/** The memory a column of a block takes. */
export function columnBytes(kept: ColumnBlock): number {
  switch (kept.kind) {
    case 'coded':
      return arrayBytes(kept.codes);
    case 'text': {
      // The searched texts' sketches too (gram-sketch.ts), made once the list is held.
      let bytes = slotsBytes(kept.raw) + sketchBytes(kept.folded.text.length);
      if (kept.folded !== kept.raw)
        bytes +=
          slotsBytes(kept.folded) -
          (kept.folded.starts === kept.raw.starts ? arrayBytes(kept.raw.starts) : 0);
      if (kept.digits) bytes += slotsBytes(kept.digits) + sketchBytes(kept.digits.text.length);
      if (kept.nulls) bytes += arrayBytes(kept.nulls);
      return bytes;
    }
    case 'number':
      return arrayBytes(kept.values) + slotsBytes(kept.digits) + sketchBytes(kept.digits.text.length);
    case 'instant':
      return arrayBytes(kept.days) + arrayBytes(kept.times);
    case 'mixed': {
      // Nested values were counted as the record came (list.sizer); here their slots and the scalars.
      let bytes = 48 + SLOT_BYTES * kept.values.length;
      for (const value of kept.values)
        if (typeof value !== 'object' || value === null) bytes += scalarBytes(value as Scalar);
      return bytes;
    }
  }
}
