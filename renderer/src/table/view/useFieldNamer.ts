import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Resource } from '@shared/api-rules';
import { customerColumnNames, joinsCustomer } from '@shared/customer-columns';
import { ANY_FIELD, type FilterCondition } from '@shared/filter';
import { fieldNamer, type FieldName } from '@shared/search-words';
import { useApi } from '../../api/context';
import { schemasQuery, useSchemas, useSession } from '../../data/queries';
import type { FilterColumn } from '../columns/column-shapes';

/** Whether a search may name a column: a word before a colon. */
const NAMES_A_FIELD = /[\p{L}_"]:/u;

/**
 * What a table's search may name a column by (search-words.ts): its key, its label as shown, and its
 * label in the other language, whose schema is asked only once a search names a column.
 */
export function useFieldNamer(
  resource: Resource,
  columns: readonly FilterColumn[],
  filter: readonly FilterCondition[],
): (name: string) => string | undefined {
  const { i18n } = useTranslation();
  const session = useSession().data;
  const other = LANGUAGES.find((language) => language !== i18n.language) ?? LANGUAGES[0];
  const naming = filter.some(
    (condition) => condition.field === ANY_FIELD && NAMES_A_FIELD.test(String(condition.value ?? '')),
  );
  const asked = schemasQuery(useApi(), session, other);
  const otherSchemas = useQuery({ ...asked, enabled: naming && asked.enabled !== false }).data;
  const fieldsOf = (name: string) =>
    otherSchemas?.schemas?.find((schema) => schema.resource === name)?.fields;
  const otherFields = fieldsOf(resource);
  const otherCustomers = fieldsOf('customers');
  const customers = useSchemas(session, i18n.language as Language).data?.schemas?.find(
    (schema) => schema.resource === 'customers',
  )?.fields;
  return useMemo(() => {
    const names: FieldName[] = columns.map((column) => ({ key: column.key, labels: [column.label] }));
    for (const field of otherFields ?? []) names.push({ key: field.key, labels: [field.label] });
    // The customer's columns by the customer's own names too, after the record's (`city:lyon`).
    if (joinsCustomer(resource)) names.push(...customerColumnNames([customers, otherCustomers]));
    return fieldNamer(names);
  }, [columns, otherFields, resource, customers, otherCustomers]);
}
