import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../electron/shared/api-rules';
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
      scrollTop={place.scrollTop}
      onScrollTopChange={(scrollTop) => onPlaceChange({ ...place, scrollTop })}
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
  const [contactsSort, setContactsSort] = useState<string | undefined>();
  const [agreementsSort, setAgreementsSort] = useState<string | undefined>();
  const [contactsFilter, setContactsFilter] = useState<FilterCondition[]>([]);
  const [agreementsFilter, setAgreementsFilter] = useState<FilterCondition[]>([]);
  return (
    <div className="customer-detail">
      <div className="detail-header">
        <button type="button" onClick={onBack} autoFocus>
          ← {t('nav.back')}
        </button>
        <h2>{t('nav.customer', { name: typeof customer.name === 'string' ? customer.name : customerId })}</h2>
      </div>
      <DataTable
        view={{ resource: 'contacts', customerId, sort: contactsSort }}
        label={t('detail.contacts')}
        pageSize={pageSize}
        onSortChange={setContactsSort}
        filter={contactsFilter}
        onFilterChange={setContactsFilter}
      />
      <DataTable
        view={{ resource: 'agreements', customerId, sort: agreementsSort }}
        label={t('detail.agreements')}
        pageSize={pageSize}
        onSortChange={setAgreementsSort}
        filter={agreementsFilter}
        onFilterChange={setAgreementsFilter}
      />
    </div>
  );
}
