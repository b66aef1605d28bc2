/**
 * What a record costs in memory, estimated from every one of its values (not from a sample): the
 * budget of the lists held for search counts it. Figures are V8's on 64-bit Node and Electron
 * (bench/search.ts prints the estimate beside the heap measured): an object header and a slot per
 * field, a string's header and its characters (one byte each while they fit Latin-1, two beyond),
 * a number that is not a small integer in a heap box of its own.
 */
const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;
const STRING_HEADER_BYTES = 16;
const HEAP_NUMBER_BYTES = 16;
/** Nested objects and arrays: a rough factor over their JSON length (they are rare in records). */
const NESTED_FACTOR = 3;

const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** Bytes a string of text takes. */
export function textBytes(text: string): number {
  const characters = BEYOND_LATIN1.test(text) ? text.length * 2 : text.length;
  return STRING_HEADER_BYTES + ((characters + 7) & ~7);
}

/** Bytes a record (an object of fields parsed from JSON) takes, its values included. */
export function recordBytes(record: Record<string, unknown>): number {
  let bytes = OBJECT_BYTES;
  for (const key in record) bytes += SLOT_BYTES + valueBytes(record[key]);
  return bytes;
}

function valueBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return textBytes(value);
    case 'number':
      // Small integers live in the slot itself.
      return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : HEAP_NUMBER_BYTES;
    case 'object':
      return value === null ? 0 : (JSON.stringify(value)?.length ?? 0) * NESTED_FACTOR;
    default:
      return 0;
  }
}
