import { textBytes } from './record-bytes.js';
import type { TextSlots } from './text-slots.js';

/** A value a dictionary keeps: what JSON gives that is not an object. */
export type Scalar = string | number | boolean | null;

/** Past this many values, a dictionary that keeps meeting new ones closes (held-rows.ts). */
const WORTH_CHECKING = 4_096;
/** The most values a dictionary holds: its codes take two bytes. */
export const DICTIONARY_MAX = 65_535;
/** A map entry and the array slot beside it, beyond the value itself (V8, 64-bit). */
const ENTRY_BYTES = 48;
const HEAP_NUMBER_BYTES = 16;

/** What a value takes beside the slot that holds it: a string's header and text, a number not kept in the slot. */
export function scalarBytes(value: Scalar): number {
  if (typeof value === 'string') return textBytes(value);
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : HEAP_NUMBER_BYTES;
  return 0;
}

/**
 * The distinct values of one field of a held list, each given a small code, so that a row keeps
 * one or two bytes where the value would take a string of its own: a status, a city, a country, a
 * first name, a plan's price. A dictionary takes every value it meets until it is large and most
 * of a block's values are new to it (an id, an email: a value a row), then closes; blocks whose
 * values it does not all know are kept another way (row-block.ts). The field's coded values (the
 * schema lists them) are few by nature: their dictionary never closes before its bound.
 */
export class ValueDictionary {
  readonly values: Scalar[] = [];
  /** Its values' searchable text as each reading shows them (rows-search.ts), kept while its size is theirs. */
  readonly texts = new Map<string, { size: number; bytes: number; words: TextSlots; digits: TextSlots }>();
  private readonly codes = new Map<Scalar, number>();
  private closed = false;
  private ownBytes = 0;

  constructor(private readonly alwaysOpen = false) {}

  /** Its values, codes and the texts kept for search. */
  get bytes(): number {
    let bytes = this.ownBytes;
    for (const text of this.texts.values()) bytes += text.bytes;
    return bytes;
  }

  /** What restores it (kept-lists.ts). */
  dump(): { values: Scalar[]; alwaysOpen: boolean; closed: boolean } {
    return { values: this.values, alwaysOpen: this.alwaysOpen, closed: this.closed };
  }

  static restore(dump: { values: Scalar[]; alwaysOpen: boolean; closed: boolean }): ValueDictionary {
    const dictionary = new ValueDictionary(dump.alwaysOpen);
    for (const value of dump.values) dictionary.add(value);
    dictionary.closed = dump.closed;
    return dictionary;
  }

  get size(): number {
    return this.values.length;
  }

  codeOf(value: Scalar): number | undefined {
    return this.codes.get(value);
  }

  /**
   * The codes of `values`, adding those it does not know while it is open; undefined when it cannot
   * code them all (it closed, or they pass its bound: nothing is added then).
   */
  encode(values: readonly Scalar[]): Uint8Array | Uint16Array | undefined {
    const fresh = new Set<Scalar>();
    for (const value of values) if (!this.codes.has(value)) fresh.add(value);
    if (fresh.size > 0 && (this.closed || this.size + fresh.size > DICTIONARY_MAX)) return undefined;
    for (const value of fresh) this.add(value);
    if (!this.alwaysOpen && this.size >= WORTH_CHECKING && fresh.size * 2 > values.length) this.closed = true;
    const codes = this.size <= 256 ? new Uint8Array(values.length) : new Uint16Array(values.length);
    values.forEach((value, row) => (codes[row] = this.codes.get(value) ?? 0));
    return codes;
  }

  private add(value: Scalar): void {
    this.codes.set(value, this.values.length);
    this.values.push(value);
    this.ownBytes += ENTRY_BYTES + scalarBytes(value);
  }
}
