import { daysLeft, isDeadlineField } from '../../shared/deadline.js';
import type { FieldKind } from '../../shared/filter.js';
import type { ApiRecord, ResourceSchema } from '../../shared/schema.js';
import { filterKindOf, kindsOf } from '../../shared/value-kind.js';

/** One column of an export: the record field, its header label in the view's language, its kind. */
export interface Column {
  key: string;
  label: string;
  kind: FieldKind;
  /** Dates hold a day (YYYY-MM-DD), date-times an instant. */
  dayOnly: boolean;
  /** The labels the table shows for the field's codes (the schema's `values`). */
  labels?: ReadonlyMap<string, string>;
  /** An amount in each record's `currency` (the schema's `format: currency`). */
  money?: boolean;
}

/**
 * What a cell of `column` holds for `record` in CSV and XLSX: the value the table shows
 * (docs/decisions/0016-exports-write-the-screen.md). Days to a deadline as they stand today
 * (negative once passed, empty for an agreement that is over), codes as their labels; numbers,
 * dates and text as the API sent them, for the writer to type.
 */
export function shownValue(column: Column, record: ApiRecord, now: number): unknown {
  if (isDeadlineField(column.key)) return daysLeft(record, column.key, now) ?? null;
  const value = record[column.key];
  return typeof value === 'string' ? (column.labels?.get(value) ?? value) : value;
}

/** The fields a view can name: the schema's, and any the records carry that it does not list. */
export function knownFields(schema: ResourceSchema | null, records: readonly ApiRecord[]): Set<string> {
  return new Set([
    ...(schema?.fields ?? []).map((field) => field.key),
    ...records.flatMap((record) => Object.keys(record)),
  ]);
}

/** A column list that cannot be exported; the message names the column. */
export class ColumnError extends Error {
  override readonly name = 'ColumnError';
}

/**
 * The export's columns: the requested keys in their order, or every field of the schema, then any
 * field the first records have that the schema does not list (docs/api.md: such fields still show,
 * labelled by their key). Without a schema, the first records' keys, labelled by key.
 */
export function resolveColumns(
  schema: ResourceSchema | null,
  requested: readonly string[] | undefined,
  firstRecords: readonly ApiRecord[],
): Column[] {
  const fields = new Map((schema?.fields ?? []).map((field) => [field.key, field]));
  const seen = [...new Set(firstRecords.flatMap((record) => Object.keys(record)))];
  let keys: string[];
  if (requested?.length) {
    const known = knownFields(schema, firstRecords);
    const unknown = requested.filter((key) => !known.has(key));
    if (schema && unknown.length) {
      throw new ColumnError(
        `columns: ${unknown.map((key) => `"${key}"`).join(', ')} ${unknown.length > 1 ? 'are not fields' : 'is not a field'} of ${schema.resource} (fields: ${[...fields.keys()].join(', ')})`,
      );
    }
    keys = [...new Set(requested)];
  } else {
    keys = [...fields.keys(), ...seen.filter((key) => !fields.has(key))];
  }
  // Kinds as the table reads them (value-kind.ts): the schema's word, else the first records' values.
  const kindOf = kindsOf(schema?.fields ?? [], firstRecords);
  return keys.map((key) => {
    const kind = kindOf(key);
    const field = fields.get(key);
    return {
      key,
      label: field?.label ?? key,
      kind: filterKindOf(kind),
      dayOnly: kind === 'date',
      ...(field?.values?.length && {
        labels: new Map(field.values.map(({ value, label }) => [value, label])),
      }),
      ...(field?.format === 'currency' && kind === 'number' && { money: true }),
    };
  });
}
