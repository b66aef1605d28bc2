import { daysLeft, isDeadlineField } from '@shared/deadline';
import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  type ReactTable,
} from '@tanstack/react-table';
import type { Language, Resource } from '@shared/api-rules';
import { isSortableField } from '@shared/api-rules';
import type { ApiRecord, ResourceSchema, SchemaField } from '@shared/schema';
import { isCustomerColumn } from '@shared/customer-columns';
import { filterKindOf, kindsOf } from '@shared/value-kind';
import type { FilterColumn } from './column-shapes';
import { formatterFor, type CellFormatter } from '../../ui/format';
import { relativeTimeFormat } from '../../i18n/intl';

/** The table features every data table uses (TanStack Table v9: features are registered, not implied). */
export const TABLE_FEATURES = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  rowSortingFeature,
});

const helper = createColumnHelper<typeof TABLE_FEATURES, ApiRecord>();

/** A data table's TanStack instance. */
export type DataTableInstance = ReactTable<typeof TABLE_FEATURES, ApiRecord>;

/** What a column of a data table knows beyond TanStack's definition. */
export interface ColumnMeta {
  label: string;
  /** A column whose selected values are summed in the status bar: numbers, or amounts in their currency. */
  totals?: 'number' | 'money';
}

/**
 * The columns of a view: the schema's fields in its order, labelled in the current language, then
 * the customer's columns of a contact or an agreement (`customerFields`, shared/customer-columns.ts),
 * then any field the records carry that the schema does not list, labelled by its key (docs/api.md).
 * The customer's columns sort from the list held for search (`heldSort`: it can be held).
 */
export function buildColumns(
  resource: Resource,
  schema: ResourceSchema | undefined,
  firstRows: readonly ApiRecord[],
  language: Language,
  {
    customerFields = [],
    heldSort = false,
  }: { customerFields?: readonly SchemaField[]; heldSort?: boolean } = {},
) {
  const fields = [...(schema?.fields ?? []), ...customerFields];
  const listed = new Set(fields.map((field) => field.key));
  const extra = [...new Set(firstRows.flatMap((row) => Object.keys(row)))].filter((key) => !listed.has(key));
  // Each column's kind from the schema, or from the first page's values where the schema is silent.
  const kindOf = kindsOf(fields, firstRows);
  const described = [
    ...fields.map((field) => ({ key: field.key, label: field.label ?? field.key, field })),
    ...extra.map((key) => ({ key, label: key, field: undefined })),
  ].map((column) => ({ ...column, kind: kindOf(column.key) }));
  const formatters = new Map<string, CellFormatter>();
  const columns = described.map(({ key, label, field, kind }) => {
    const format = notJoinedYet(key, shownAsToday(key, formatterFor(kind, field, language), language));
    formatters.set(key, format);
    // Days to a deadline count from today: a sum of them says nothing.
    const totals =
      kind !== 'number' || isDeadlineField(key)
        ? undefined
        : field?.format === 'currency'
          ? 'money'
          : 'number';
    const meta: ColumnMeta = { label, ...(totals && { totals }) };
    return helper.accessor((row) => row[key], {
      id: key,
      header: label,
      size: Math.min(320, Math.max(110, label.length * 9 + 40)),
      minSize: 60,
      // Sorted by the server, on the spec's "Fields usable for sorting" only; a first click sorts
      // descending (the largest MRR, the newest dates first), a third returns to the API's order.
      enableSorting: isSortableField(resource, key) || (heldSort && isCustomerColumn(key)),
      sortDescFirst: true,
      meta,
    });
  });
  /** The text a cell of `key` shows for `record` (what copying puts on the clipboard). */
  const textOf = (key: string, record: ApiRecord): string => formatters.get(key)?.(record[key], record) ?? '';
  const filterColumns: FilterColumn[] = described.map(({ key, label, field, kind }) => ({
    key,
    label,
    kind: filterKindOf(kind),
    ...(field?.values && { values: field.values }),
  }));
  return { columns, textOf, filterColumns };
}

/**
 * Days to an agreement's deadline as they stand today (deadline.ts): none for an agreement that
 * is over, counted from today to its end date otherwise, in one form the column through ("in 11
 * days", "today", "9 days ago"; « dans 11 jours », « il y a 9 jours »: a bare 11 beside "9 days
 * ago" read as another unit). Other fields are shown as they come.
 */
function shownAsToday(key: string, format: CellFormatter, language: Language): CellFormatter {
  if (!isDeadlineField(key)) return format;
  const days = relativeTimeFormat(language);
  const today = relativeTimeFormat(language, 'auto');
  return (_value, record) => {
    const left = daysLeft(record, key);
    if (left === null || left === undefined) return '';
    return (left === 0 ? today : days).format(left, 'day');
  };
}

/**
 * A customer's column of a row read before the customers were held (the app joins them from that
 * list, customer-join.ts): not known yet, said so, where an empty cell would say "none".
 */
function notJoinedYet(key: string, format: CellFormatter): CellFormatter {
  if (!isCustomerColumn(key)) return format;
  return (value, record) => (value === undefined ? NOT_KNOWN_YET : format(value, record));
}

/** What a cell shows of a value not known yet. */
const NOT_KNOWN_YET = '…';

/**
 * Columns hidden until the person shows them: the customer's columns (four more columns on every
 * contact and agreement would push their own off a narrow window), and those of `repeatedLabels`.
 */
export function hiddenAtFirst(columns: readonly FilterColumn[]): string[] {
  return [
    ...columns.filter((column) => isCustomerColumn(column.key)).map((column) => column.key),
    ...repeatedLabels(columns),
  ];
}

/**
 * Columns that repeat another one's text, hidden until the person shows them: `statusLabel` beside
 * a `status` whose codes the schema labels (the table already shows `status` as those labels, so
 * « Statut » and « Statut (libellé) » would read the same).
 */
function repeatedLabels(columns: readonly FilterColumn[]): string[] {
  const coded = new Set(columns.filter((column) => column.values?.length).map((column) => column.key));
  return columns
    .filter((column) => column.key.endsWith('Label') && coded.has(column.key.slice(0, -'Label'.length)))
    .map((column) => column.key);
}

/** The visible columns of `table`, in their order, by key and the label their header shows. */
export function shownColumnsOf(table: DataTableInstance): { key: string; label: string }[] {
  return table.getVisibleLeafColumns().map((column) => ({
    key: column.id,
    label: (column.columnDef.meta as ColumnMeta | undefined)?.label ?? column.id,
  }));
}
