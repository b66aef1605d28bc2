import type { FieldKind } from './filter.js';
import type { SchemaField } from './schema.js';

/**
 * What a field's values are, for showing, filtering and exporting them. The spec shows no types
 * ("all other fields … with their types and formats, are not shown"), so the schema's word is
 * taken when it names a kind, and otherwise the values themselves say it.
 */
export type ValueKind = 'date' | 'date-time' | 'number' | 'boolean' | 'object' | 'text';

/** ISO 8601 calendar date, as the Demo and most JSON APIs write one. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date and time, with an optional offset. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const SCHEMA_KINDS: Record<string, ValueKind> = {
  date: 'date',
  'date-time': 'date-time',
  datetime: 'date-time',
  timestamp: 'date-time',
  integer: 'number',
  number: 'number',
  decimal: 'number',
  boolean: 'boolean',
  object: 'object',
  array: 'object',
};

/**
 * A field's kind: the schema's when its type or format names one (a `string` says nothing about
 * dates), else the kind every value in `samples` has (null and empty values aside), else text.
 */
export function valueKind(
  field: Pick<SchemaField, 'type' | 'format'> | undefined,
  samples: readonly unknown[],
): ValueKind {
  const named = SCHEMA_KINDS[field?.format ?? ''] ?? SCHEMA_KINDS[field?.type ?? ''];
  if (named) return named;
  const present = samples.filter((value) => value !== null && value !== undefined && value !== '');
  if (!present.length) return 'text';
  const every = (test: (value: unknown) => boolean) => present.every(test);
  if (every((value) => typeof value === 'number')) return 'number';
  if (every((value) => typeof value === 'boolean')) return 'boolean';
  if (every((value) => typeof value === 'object')) return 'object';
  const isDate = (value: unknown) => typeof value === 'string' && ISO_DATE.test(value) && validDate(value);
  if (every(isDate)) return 'date';
  if (
    every(
      (value) =>
        isDate(value) || (typeof value === 'string' && ISO_DATE_TIME.test(value) && validDate(value)),
    )
  )
    return 'date-time';
  return 'text';
}

/** How values of a kind compare in a filter. */
export function filterKindOf(kind: ValueKind): FieldKind {
  return kind === 'number' ? 'number' : kind === 'date' || kind === 'date-time' ? 'date' : 'text';
}

const validDate = (text: string) => !Number.isNaN(Date.parse(text));

/** Rows of a view's first records its fields' kinds are read from: the table and its export read the same. */
export const KIND_SAMPLE_ROWS = 200;

/** The kind of each field `key` of `schemaFields` or of the records, read from the first records. */
export function kindsOf(
  schemaFields: readonly Pick<SchemaField, 'key' | 'type' | 'format'>[],
  firstRecords: readonly Record<string, unknown>[],
): (key: string) => ValueKind {
  const fields = new Map(schemaFields.map((field) => [field.key, field]));
  const sample = firstRecords.slice(0, KIND_SAMPLE_ROWS);
  return (key) =>
    valueKind(
      fields.get(key),
      sample.map((record) => record[key]),
    );
}
