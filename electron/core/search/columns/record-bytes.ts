/**
 * What the records of a list cost in memory, counted from every one of their values (not from a
 * sample): the budget of the lists held for search counts it. Figures are V8's on 64-bit Node and
 * Electron (held-rows-memory.integration.test.ts holds the count to the heap measured, for records of every
 * shape): an object header and a slot per field, a string's header and its characters (one byte
 * each while they fit Latin-1, two beyond), a number that is not a small integer in a heap box.
 *
 * What V8 keeps beside the values is counted too, since a server chooses it: each field name once
 * (an internalized string), and each hidden class (V8 gives objects built with the same names in the
 * same order one shared class, and every new name sequence a class of its own: a trie of names). A
 * list whose records would make V8 keep more names, classes or fields than any real schema has is
 * not holdable at all: its rows carry new names each time (a dictionary per row, several times what
 * its values take), and no estimate of that is worth trusting.
 */
const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;
const STRING_HEADER_BYTES = 16;
const HEAP_NUMBER_BYTES = 16;
/** A nested object: its header and the slots V8 makes in it beforehand (measured: 85 bytes for `{}`). */
const NESTED_OBJECT_BYTES = 88;
/** An array: its header and its elements' store header; each element then takes a slot. */
const ARRAY_BYTES = 48;
/** A hidden class, its transition, and its share of a descriptor array (measured: names in orders of their own, 285 bytes each). */
const SHAPE_BYTES = 300;

/** Distinct field names (nested ones included) a held list may use: a schema has dozens. */
export const FIELD_NAMES_MAX = 1_000;
/** Fields and array elements (nested included) of one held record: the Demo's have about 30. */
export const FIELDS_PER_RECORD_MAX = 400;
/** Hidden classes a held list may make V8 keep (optional fields make a few per name). */
export const SHAPES_MAX = 20_000;
/** Nesting deeper than this is not a record's. */
const DEPTH_MAX = 8;

/** A character V8 cannot keep in one byte. */
export const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** Bytes a string of text takes. */
export function textBytes(text: string): number {
  const characters = BEYOND_LATIN1.test(text) ? text.length * 2 : text.length;
  return STRING_HEADER_BYTES + ((characters + 7) & ~7);
}

/** The trie of name sequences V8 makes a hidden class for. */
type Shape = Map<string, Shape>;

/**
 * Counts the records of one list: what each takes, and what the list makes V8 keep once (its names
 * and hidden classes). `bytes` is Infinity from the record that passes a bound on: the list cannot
 * be held, and is refused as a list too long for the budget.
 */
export class RecordSizer {
  private readonly shapes: Shape = new Map();
  private readonly names = new Set<string>();
  private shapeCount = 0;

  /** Bytes `record` adds to its list (its values, and the names and classes first seen in it), or Infinity. */
  bytes(record: Record<string, unknown>): number {
    return this.objectBytes(record, { fields: FIELDS_PER_RECORD_MAX }, 0, OBJECT_BYTES);
  }

  private objectBytes(
    object: Record<string, unknown>,
    left: { fields: number },
    depth: number,
    header: number,
  ): number {
    if (depth > DEPTH_MAX) return Infinity;
    let bytes = header;
    let shape = this.shapes;
    for (const name in object) {
      if (--left.fields < 0) return Infinity;
      let next = shape.get(name);
      if (!next) {
        if (++this.shapeCount > SHAPES_MAX) return Infinity;
        if (!this.names.has(name)) {
          if (this.names.size >= FIELD_NAMES_MAX) return Infinity;
          this.names.add(name);
          bytes += textBytes(name);
        }
        next = new Map<string, Shape>();
        shape.set(name, next);
        bytes += SHAPE_BYTES;
      }
      shape = next;
      bytes += SLOT_BYTES + this.valueBytes(object[name], left, depth);
    }
    return bytes;
  }

  /**
   * Bytes a value nested in a record takes (an object, an array: a held list keeps it as it came),
   * `left` counting down the fields the record may still have; Infinity past a bound.
   */
  nestedBytes(value: unknown, left: { fields: number }): number {
    return this.valueBytes(value, left, 1);
  }

  private valueBytes(value: unknown, left: { fields: number }, depth: number): number {
    switch (typeof value) {
      case 'string':
        return textBytes(value);
      case 'number':
        // Small integers live in the slot itself.
        return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : HEAP_NUMBER_BYTES;
      case 'object': {
        if (value === null) return 0;
        if (!Array.isArray(value))
          return this.objectBytes(value as Record<string, unknown>, left, depth + 1, NESTED_OBJECT_BYTES);
        let bytes = ARRAY_BYTES;
        for (const element of value) {
          if (--left.fields < 0) return Infinity;
          bytes += SLOT_BYTES + this.valueBytes(element, left, depth + 1);
        }
        return bytes;
      }
      default:
        return 0;
    }
  }
}
