import { mayBePhone, phoneDigitVariants } from '../../shared/phone.js';
import type { ApiRecord } from '../../shared/schema.js';
import { digitsOf, FIELD_SEPARATOR, foldText } from '../../shared/search.js';
import { DAY_MS, instantOf, instantShapeOf, instantText, type InstantShape } from './instants.js';
import type { ListColumns } from './list-columns.js';
import { FIELDS_PER_RECORD_MAX } from './record-bytes.js';
import {
  arrayBytes,
  compactText,
  letterBits,
  slotsBytes,
  slotsOf,
  slotText,
  type TextSlots,
} from './text-slots.js';
import { scalarBytes, type Scalar } from './value-dictionary.js';

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

export interface BlockDump {
  length: number;
  shapes: number | Uint16Array;
  bytes: number;
  columns: (Exclude<ColumnBlock, MixedColumn> | { kind: 'mixed'; json: string } | null)[];
}

/** A block's own object, its arrays of columns and shapes. */
const BLOCK_BYTES = 160;
const SLOT_BYTES = 8;
/** A column's object in a block (its kind and parts). */
const COLUMN_OBJECT_BYTES = 64;

/**
 * Rows of a held list, a page or so of them, kept by column (docs/decisions/0014-held-lists-kept.md):
 * each field's values of the block in the cheapest way that gives them back exactly as the API sent
 * them (coded by the list's dictionary, joined text, numbers, instants), the shape of each row (its
 * fields and their order) beside them. A block never changes once made: a list made fresh shares
 * the blocks nothing changed in.
 */
export class RowBlock {
  private constructor(
    readonly length: number,
    /** Each row's shape (ListColumns.shapes), or the one shape of every row. */
    private readonly shapes: number | Uint16Array,
    /** By column; none for a column no row of the block has. */
    readonly columns: readonly (ColumnBlock | undefined)[],
    readonly bytes: number,
  ) {}

  /** The records as a block; undefined when they cannot be held (too many fields or shapes). */
  static encode(records: readonly ApiRecord[], list: ListColumns): RowBlock | undefined {
    const encoding = RowBlock.encoding(records, list);
    for (let step = encoding.next(); ; step = encoding.next()) if (step.done) return step.value;
  }

  /**
   * `encode` a step at a time: it yields between fields and every few dozen phones, so a page read
   * in the background is taken in between the screen's requests (held-rows.ts, appendInSlices).
   */
  static *encoding(records: readonly ApiRecord[], list: ListColumns): Generator<void, RowBlock | undefined> {
    const rowShapes = new Uint16Array(records.length);
    const values: Scalar[][] | unknown[][] = [];
    let nested = 0;
    for (const [row, record] of records.entries()) {
      const columns: number[] = [];
      const left = { fields: FIELDS_PER_RECORD_MAX };
      for (const name in record) {
        const column = list.columnOf(name);
        if (column === undefined || --left.fields < 0) return undefined;
        columns.push(column);
        const value = record[name];
        if (typeof value === 'object' && value !== null) nested += list.sizer.nestedBytes(value, left);
        (values[column] ??= new Array<unknown>(records.length).fill(null))[row] = value ?? null;
      }
      const shape = list.shapeOf(columns);
      if (shape === undefined || !Number.isFinite(nested)) return undefined;
      rowShapes[row] = shape;
    }
    const uniform = rowShapes.every((shape) => shape === rowShapes[0]);
    const shapes = uniform ? (rowShapes[0] ?? 0) : rowShapes;
    let bytes = BLOCK_BYTES + SLOT_BYTES * values.length + (uniform ? 0 : arrayBytes(rowShapes)) + nested;
    const columns: (ColumnBlock | undefined)[] = [];
    for (let column = 0; column < values.length; column++) {
      const those = values[column];
      if (!those) continue;
      yield;
      const encoded = yield* encodeColumn(those, records, list, column);
      columns[column] = encoded;
      bytes += COLUMN_OBJECT_BYTES + columnBytes(encoded);
    }
    return new RowBlock(records.length, shapes, columns, bytes);
  }

  /** What restores it (kept-lists.ts): nested values as JSON text, never objects of the manifest. */
  dump(): BlockDump {
    return {
      length: this.length,
      shapes: this.shapes,
      bytes: this.bytes,
      columns: this.columns.map((kept) =>
        kept?.kind === 'mixed' ? { kind: 'mixed', json: JSON.stringify(kept.values) } : (kept ?? null),
      ),
    };
  }

  static restore(dump: BlockDump): RowBlock {
    const columns = dump.columns.map((kept): ColumnBlock | undefined => {
      if (kept === null) return undefined;
      if (kept.kind === 'mixed') return { kind: 'mixed', values: JSON.parse(kept.json) as unknown[] };
      return kept;
    });
    return new RowBlock(dump.length, dump.shapes, columns, dump.bytes);
  }

  /** The fields of row `row`, as columns in the record's order. */
  columnsOf(row: number, list: ListColumns): Uint16Array {
    const shape = typeof this.shapes === 'number' ? this.shapes : (this.shapes[row] ?? 0);
    return list.shapes[shape] ?? new Uint16Array();
  }

  /** Row `row`'s value in `column`, as the API sent it (undefined: the row has no such field). */
  value(row: number, column: number, list: ListColumns): unknown {
    const kept = this.columns[column];
    if (!kept || !this.columnsOf(row, list).includes(column)) return undefined;
    return valueIn(kept, row, list, column);
  }

  /** Row `row` as the API sent it. */
  record(row: number, list: ListColumns): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const column of this.columnsOf(row, list)) {
      const kept = this.columns[column];
      record[list.names[column] ?? ''] = kept ? valueIn(kept, row, list, column) : null;
    }
    return record;
  }
}

/** Row `row`'s value in a column the row has. */
export function valueIn(kept: ColumnBlock, row: number, list: ListColumns, column: number): unknown {
  switch (kept.kind) {
    case 'coded':
      return list.dictionaries[column]?.values[kept.codes[row] ?? 0] ?? null;
    case 'text':
      return isNull(kept.nulls, row) ? null : slotText(kept.raw, row);
    case 'number': {
      const value = kept.values[row] ?? Number.NaN;
      return Number.isNaN(value) ? null : value;
    }
    case 'instant': {
      const time = kept.times[row] ?? -1;
      const day = list.days(column).values[kept.days[row] ?? 0];
      return time < 0 || typeof day !== 'number' ? null : instantText(day * DAY_MS + time, kept.shape);
    }
    case 'mixed':
      return kept.values[row];
  }
}

function isNull(nulls: Uint8Array | undefined, row: number): boolean {
  return nulls !== undefined && ((nulls[row >> 3] ?? 0) & (1 << (row & 7))) !== 0;
}

function* encodeColumn(
  values: readonly unknown[],
  records: readonly ApiRecord[],
  list: ListColumns,
  column: number,
): Generator<void, ColumnBlock> {
  const scalars = values.every((value) => typeof value !== 'object' || value === null);
  // A phone's other writings depend on its row's country: phones are kept as text, never coded.
  const phones = values.some((value) => typeof value === 'string' && mayBePhone(value));
  if (scalars && !phones) {
    const codes = list.dictionaries[column]?.encode(values as Scalar[]);
    if (codes) return { kind: 'coded', codes };
  }
  if (values.every((value) => typeof value === 'string' || value === null))
    return instantsOf(values, list, column) ?? (yield* textOf(values, records));
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
      const variants = mayBePhone(part) ? phoneDigitVariants(part, records[row]?.country) : [];
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

function columnBytes(kept: ColumnBlock): number {
  switch (kept.kind) {
    case 'coded':
      return arrayBytes(kept.codes);
    case 'text': {
      let bytes = slotsBytes(kept.raw);
      if (kept.folded !== kept.raw)
        bytes +=
          slotsBytes(kept.folded) -
          (kept.folded.starts === kept.raw.starts ? arrayBytes(kept.raw.starts) : 0);
      if (kept.digits) bytes += slotsBytes(kept.digits);
      if (kept.nulls) bytes += arrayBytes(kept.nulls);
      return bytes;
    }
    case 'number':
      return arrayBytes(kept.values) + slotsBytes(kept.digits);
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
