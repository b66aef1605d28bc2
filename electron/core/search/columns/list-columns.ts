import { FIELD_NAMES_MAX, RecordSizer, SHAPES_MAX, textBytes } from './record-bytes.js';
import { arrayBytes } from './text-slots.js';
import { ValueDictionary } from './value-dictionary.js';

export interface ColumnsDump {
  names: string[];
  dictionaries: ReturnType<ValueDictionary['dump']>[];
  days: (ReturnType<ValueDictionary['dump']> | null)[];
  shapes: Uint16Array[];
}

/** A field's name, its entry in the names' map and its dictionary's own object. */
const COLUMN_BYTES = 200;
/** A shape's key, its map entry and its array object, beyond the columns it lists. */
const SHAPE_BYTES = 120;

/**
 * What the blocks of one held list share (row-block.ts): its fields, each a column with a
 * dictionary of its values, and its shapes (the fields a record has, in their order, as the API
 * sent them: a record is given back with its fields as they came, and a field it lacks stays
 * lacking). A list whose records make more fields or shapes than any schema has cannot be held
 * (record-bytes.ts says the same of nested values): `columnOf` and `shapeOf` answer undefined.
 */
export class ListColumns {
  readonly names: string[] = [];
  readonly dictionaries: ValueDictionary[] = [];
  /** By column: the days its date-times fall on (row-block.ts, instants), made when first needed. */
  private readonly dayDictionaries: ValueDictionary[] = [];
  /** The columns of each shape, in the order of the record's fields. */
  readonly shapes: Uint16Array[] = [];
  /** Nested values (objects, arrays) are kept as they came, and counted as V8 keeps them. */
  readonly sizer = new RecordSizer();
  private readonly columns = new Map<string, number>();
  private readonly shapeIds = new Map<string, number>();
  private ownBytes = 0;

  /** `coded`: the fields whose values the schema lists (few by nature: their dictionaries stay open). */
  constructor(private readonly coded: (field: string) => boolean = () => false) {}

  get bytes(): number {
    let bytes = this.ownBytes;
    for (const dictionary of [...this.dictionaries, ...this.dayDictionaries]) bytes += dictionary?.bytes ?? 0;
    return bytes;
  }

  /** The days column `column`'s date-times fall on (always open: a list's days are some thousands). */
  days(column: number): ValueDictionary {
    return (this.dayDictionaries[column] ??= new ValueDictionary(true));
  }

  /** The column of field `name`, made the first time; undefined past FIELD_NAMES_MAX. */
  columnOf(name: string): number | undefined {
    const known = this.columns.get(name);
    if (known !== undefined) return known;
    if (this.names.length >= FIELD_NAMES_MAX) return undefined;
    const column = this.names.length;
    this.columns.set(name, column);
    this.names.push(name);
    this.dictionaries.push(new ValueDictionary(this.coded(name)));
    this.ownBytes += COLUMN_BYTES + textBytes(name);
    return column;
  }

  /** What restores it (kept-lists.ts). */
  dump(): ColumnsDump {
    return {
      names: this.names,
      dictionaries: this.dictionaries.map((dictionary) => dictionary.dump()),
      days: this.dayDictionaries.map((dictionary) => dictionary?.dump() ?? null),
      shapes: this.shapes,
    };
  }

  static restore(dump: ColumnsDump): ListColumns {
    const columns = new ListColumns();
    dump.names.forEach((name, column) => {
      columns.columnOf(name);
      const dictionary = dump.dictionaries[column];
      if (dictionary) columns.dictionaries[column] = ValueDictionary.restore(dictionary);
    });
    dump.days.forEach((days, column) => {
      if (days) columns.dayDictionaries[column] = ValueDictionary.restore(days);
    });
    for (const shape of dump.shapes) columns.shapeOf([...shape]);
    return columns;
  }

  /** The column of field `name` if the list has it. */
  find(name: string): number | undefined {
    return this.columns.get(name);
  }

  /** The shape of a record with these columns in this order; undefined past SHAPES_MAX. */
  shapeOf(columns: readonly number[]): number | undefined {
    const key = columns.join(',');
    const known = this.shapeIds.get(key);
    if (known !== undefined) return known;
    if (this.shapes.length >= SHAPES_MAX) return undefined;
    const shape = Uint16Array.from(columns);
    this.shapeIds.set(key, this.shapes.length);
    this.shapes.push(shape);
    this.ownBytes += SHAPE_BYTES + textBytes(key) + arrayBytes(shape);
    return this.shapes.length - 1;
  }
}
