import type { ApiRecord } from '../../../shared/schema.js';
import { columnBytes, encodeColumn, type ColumnBlock, type MixedColumn } from './block-columns.js';
import { DAY_MS, instantText } from './instants.js';
import type { ListColumns } from './list-columns.js';
import { FIELDS_PER_RECORD_MAX } from './record-bytes.js';
import { arrayBytes, slotText } from './text-slots.js';
import type { Scalar } from './value-dictionary.js';
import { PHONES_PER_RECORD } from '../../../shared/phone.js';

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
    // Each record's phone-like values read as phones, the first few only (PHONES_PER_RECORD).
    const phonesLeft = new Uint8Array(records.length).fill(PHONES_PER_RECORD);
    for (let column = 0; column < values.length; column++) {
      const those = values[column];
      if (!those) continue;
      yield;
      const encoded = yield* encodeColumn(those, records, list, column, phonesLeft);
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
