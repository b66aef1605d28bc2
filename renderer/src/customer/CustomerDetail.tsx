import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_SCOPED_RESOURCES,
  type CustomerScopedResource,
  type Language,
} from '../../../electron/shared/api-rules';
import type { FilterCondition } from '../../../electron/shared/filter';
import type { ApiRecord } from '../../../electron/shared/schema';
import { localeOf } from '../../../electron/shared/wire';
import { useCount, useSession } from '../data/queries';
import { DataTable } from '../table/DataTable';
import { CustomerSummary } from './CustomerSummary';

/**
 * A customer: its name and id in the heading (names repeat: three customers may be called
 * `"Guillemets" & Cie`), its agreements at a glance, then its own contacts and agreements through
 * the per-customer routes, each titled with its count.
 */
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
  const name = typeof customer.name === 'string' && customer.name ? customer.name : customerId;
  return (
    <div className="customer-detail">
      <div className="detail-header">
        <button type="button" onClick={onBack} autoFocus>
          ← {t('nav.back')}
        </button>
        <h2>{t('nav.customer', { name, id: customerId })}</h2>
      </div>
      <CustomerSummary customerId={customerId} pageSize={pageSize} />
      {CUSTOMER_SCOPED_RESOURCES.map((resource) => (
        <CustomerTable key={resource} resource={resource} customerId={customerId} pageSize={pageSize} />
      ))}
    </div>
  );
}

/** One of a customer's own tables, titled with its count, with a sort and filter of its own. */
function CustomerTable({
  resource,
  customerId,
  pageSize,
}: {
  resource: CustomerScopedResource;
  customerId: string;
  pageSize: number;
}) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<string | undefined>();
  const [filter, setFilter] = useState<FilterCondition[]>([]);
  const total = useCount(useSession().data, { resource, customerId }).data?.total;
  const n =
    total === undefined ? '…' : new Intl.NumberFormat(localeOf(i18n.language as Language)).format(total);
  return (
    <DataTable
      view={{ resource, customerId, sort }}
      label={t(`detail.${resource}`)}
      title={t(`detail.${resource}Title`, { n })}
      pageSize={pageSize}
      onSortChange={setSort}
      filter={filter}
      onFilterChange={setFilter}
    />
  );
}
