import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, Resource } from '@shared/api-rules';
import { customerColumnFields, joinsCustomer } from '@shared/customer-columns';
import type { FilterCondition } from '@shared/filter';
import type { ApiRecord, ResourceSchema } from '@shared/schema';
import { buildColumns } from '../columns/table-columns';
import { useFieldNamer } from './useFieldNamer';

/**
 * A view's columns as the schema and the first page give them, in the language shown: a contact's
 * or an agreement's with its customer's columns beside its own (`heldSort`: they sort from the list
 * held), each cell's text, the filter's columns, and what a search may name a column by.
 */
export function useViewColumns(
  resource: Resource,
  schemas: readonly ResourceSchema[] | undefined,
  {
    firstRows,
    heldSort,
    filter,
  }: { firstRows: ApiRecord[] | undefined; heldSort: boolean; filter: FilterCondition[] },
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const schema = schemas?.find((candidate) => candidate.resource === resource);
  const customersSchema = schemas?.find((candidate) => candidate.resource === 'customers');
  const customerFields = useMemo(
    () =>
      joinsCustomer(resource)
        ? customerColumnFields(customersSchema?.fields, (field) => t('table.customerColumn', { field }))
        : [],
    [resource, customersSchema, t],
  );
  const { columns, textOf, filterColumns } = useMemo(
    () => buildColumns(resource, schema, firstRows ?? [], language, { customerFields, heldSort }),
    [resource, schema, firstRows, language, customerFields, heldSort],
  );
  const fieldOf = useFieldNamer(resource, filterColumns, filter);
  return { schema, customerFields, columns, textOf, filterColumns, fieldOf };
}
