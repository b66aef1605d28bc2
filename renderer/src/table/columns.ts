import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from '@tanstack/react-table';
import type { Language, Resource } from '../../../electron/shared/api-rules';
import { isSortableField } from '../../../electron/shared/api-rules';
import type { ApiRecord, ResourceSchema } from '../../../electron/shared/schema';
import { fieldKind } from '../../../electron/shared/filter';
import type { FilterColumn } from './FilterBar';
import { formatterFor, type CellFormatter } from './format';

/** The table features every data table uses (TanStack Table v9: features are registered, not implied). */
export const TABLE_FEATURES = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
});

const helper = createColumnHelper<typeof TABLE_FEATURES, ApiRecord>();

/** What a column of a data table knows beyond TanStack's definition. */
export interface ColumnMeta {
  label: string;
  /** Sortable on the server (spec: "Fields usable for sorting"). */
  sortable: boolean;
}

/**
 * The columns of a view: the schema's fields in its order, labelled in the current language, then
 * any field the records carry that the schema does not list, labelled by its key (DESIGN.md).
 */
export function buildColumns(
  resource: Resource,
  schema: ResourceSchema | undefined,
  firstRows: readonly ApiRecord[],
  language: Language,
) {
  const fields = schema?.fields ?? [];
  const listed = new Set(fields.map((field) => field.key));
  const extra = [...new Set(firstRows.flatMap((row) => Object.keys(row)))].filter((key) => !listed.has(key));
  const described = [
    ...fields.map((field) => ({ key: field.key, label: field.label ?? field.key, field })),
    ...extra.map((key) => ({ key, label: key, field: undefined })),
  ];
  const formatters = new Map<string, CellFormatter>();
  const columns = described.map(({ key, label, field }) => {
    const format = formatterFor(field, language);
    formatters.set(key, format);
    const meta: ColumnMeta = { label, sortable: isSortableField(resource, key) };
    return helper.accessor((row) => row[key], {
      id: key,
      header: label,
      size: Math.min(320, Math.max(110, label.length * 9 + 40)),
      minSize: 60,
      cell: (info) => format(info.getValue(), info.row.original),
      meta,
    });
  });
  /** The text a cell of `key` shows for `record` (what copying puts on the clipboard). */
  const textOf = (key: string, record: ApiRecord): string => formatters.get(key)?.(record[key], record) ?? '';
  const filterColumns: FilterColumn[] = described.map(({ key, label, field }) => ({
    key,
    label,
    kind: fieldKind(field),
    ...(field?.values && { values: field.values }),
  }));
  return { columns, textOf, filterColumns };
}
