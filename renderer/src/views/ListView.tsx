import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_SCOPED_RESOURCES,
  type CustomerScopedResource,
  type Resource,
} from '../../../electron/shared/api-rules';
import type { FilterCondition } from '../../../electron/shared/filter';
import type { ApiRecord } from '../../../electron/shared/schema';
import { DataTable } from '../table/DataTable';

/** Where a list was left: its sort and scroll position, kept while the user looks at a customer. */
export interface ListPlace {
  sort?: string;
  filter: FilterCondition[];
  scrollTop: number;
}

export interface ListViewProps {
  resource: Resource;
  pageSize: number;
  place: ListPlace;
  onPlaceChange: (place: ListPlace) => void;
  onOpenCustomer?: (customer: ApiRecord) => void;
}

/** One of the three lists: customers, contacts or agreements across all customers. */
export function ListView({ resource, pageSize, place, onPlaceChange, onOpenCustomer }: ListViewProps) {
  const { t } = useTranslation();
  return (
    <DataTable
      view={{ resource, sort: place.sort }}
      label={t(`nav.${resource}`)}
      pageSize={pageSize}
      onSortChange={(sort) => onPlaceChange({ ...place, sort, scrollTop: 0 })}
      filter={place.filter}
      onFilterChange={(filter) => onPlaceChange({ ...place, filter, scrollTop: 0 })}
      onOpenRow={resource === 'customers' ? onOpenCustomer : undefined}
      initialScrollTop={place.scrollTop}
      onLeave={(scrollTop) => onPlaceChange({ ...place, scrollTop })}
    />
  );
}

/** A customer's own contacts and agreements, through the per-customer routes. */
export function CustomerDetail({
  customer,
  pageSize,
  onBack,
}: {
  customer: ApiRecord;
  pageSize: number;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const customerId = String(customer.id);
  return (
    <div className="customer-detail">
      <div className="detail-header">
        <button type="button" onClick={onBack} autoFocus>
          ← {t('nav.back')}
        </button>
        <h2>{t('nav.customer', { name: typeof customer.name === 'string' ? customer.name : customerId })}</h2>
      </div>
      {CUSTOMER_SCOPED_RESOURCES.map((resource) => (
        <CustomerTable key={resource} resource={resource} customerId={customerId} pageSize={pageSize} />
      ))}
    </div>
  );
}

/** One of a customer's own tables, with a sort and filter of its own. */
function CustomerTable({
  resource,
  customerId,
  pageSize,
}: {
  resource: CustomerScopedResource;
  customerId: string;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<string | undefined>();
  const [filter, setFilter] = useState<FilterCondition[]>([]);
  return (
    <DataTable
      view={{ resource, customerId, sort }}
      label={t(`detail.${resource}`)}
      pageSize={pageSize}
      onSortChange={setSort}
      filter={filter}
      onFilterChange={setFilter}
    />
  );
}
