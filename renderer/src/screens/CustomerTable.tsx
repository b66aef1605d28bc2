import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerScopedResource } from '@shared/api-rules';
import type { ListPlace } from '@shared/desk';
import type { FilterCondition } from '@shared/filter';
import { DataTable } from '../table/DataTable';

/** One of a customer's own tables (its tab titles it with its count), with a sort and filter of its own. */
export function CustomerTable({
  resource,
  customerId,
  pageSize,
  initial,
  onChange,
}: {
  resource: CustomerScopedResource;
  customerId: string;
  pageSize: number;
  initial: ListPlace | undefined;
  onChange: (place: ListPlace) => void;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<string | undefined>(initial?.sort);
  const [filter, setFilter] = useState<FilterCondition[]>(initial?.filter ?? []);
  return (
    <DataTable
      view={{ resource, customerId, sort }}
      label={t(`detail.${resource}`)}
      pageSize={pageSize}
      // A new sort or filter is a new list, seen from its top (as the lists' are: ListView).
      onSortChange={(next) => {
        setSort(next);
        onChange({ sort: next, filter });
      }}
      filter={filter}
      onFilterChange={(next) => {
        setFilter(next);
        onChange({ sort, filter: next });
      }}
      initialPlace={initial?.table}
      onMove={(table) => onChange({ sort, filter, table })}
    />
  );
}
