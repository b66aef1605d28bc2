import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_SCOPED_RESOURCES,
  type CustomerScopedResource,
  type Language,
} from '../../../electron/shared/api-rules';
import type { CustomerTables, ListPlace } from '../../../electron/shared/desk';
import type { FilterCondition } from '../../../electron/shared/filter';
import { numberFormat } from '../intl';
import { AppFailure } from '../api/call';
import { failureLine } from '../app/describe-failure';
import { useCount, useSession } from '../data/queries';
import { DataTable } from '../table/DataTable';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { useCommand, useShortcutHint } from '../keyboard/commands';
import { CustomerHeading } from './CustomerHeading';
import { CustomerSummary } from './CustomerSummary';

/**
 * A customer: its name and id in the heading (names repeat: three customers may be called
 * `"Guillemets" & Cie`), its agreements at a glance, then its own contacts and agreements through
 * the per-customer routes, each titled with its count. Opened from the list or by its id alone:
 * nothing here reads the customers' list (only a name look-up the user asks for does).
 */
export function CustomerDetail({
  customerId,
  name,
  tables,
  pageSize,
  onBack,
  onTableChange,
}: {
  customerId: string;
  /** Its name, when whoever opened it knows it. */
  name?: string;
  /** How its tables start (a saved view of it opened, a restart): sort, filter and place. */
  tables?: CustomerTables;
  pageSize: number;
  onBack: () => void;
  /** Told each change of a table's sort, filter or place (to reopen there after a restart). */
  onTableChange?: (resource: CustomerScopedResource, place: ListPlace) => void;
}) {
  const { t } = useTranslation();
  const header = useRef<HTMLDivElement>(null);
  useCommand('customer.back', onBack);
  const backHint = useShortcutHint('customer.back', t('shortcuts.names.customer.back'));
  return (
    <div className="customer-detail">
      <div className="detail-header" ref={header}>
        <button type="button" onClick={onBack} {...backHint} autoFocus>
          ← {t('nav.back')}
        </button>
        <CustomerHeading key={customerId} customerId={customerId} name={name} />
        <CopyLinkButton
          target={{ action: 'customer', customerId }}
          shortcut="customer.copyLink"
          scope={header}
        />
      </div>
      <UnknownCustomer customerId={customerId} />
      <CustomerSummary key={customerId} customerId={customerId} />
      {CUSTOMER_SCOPED_RESOURCES.map((resource) => (
        <CustomerTable
          key={resource}
          resource={resource}
          customerId={customerId}
          pageSize={pageSize}
          initial={tables?.[resource]}
          onChange={(place) => onTableChange?.(resource, place)}
        />
      ))}
    </div>
  );
}

/**
 * Says so, naming the id, when the API knows no such customer (it answers 404 on its routes, or
 * refuses the id), or when the customer has neither contacts nor agreements (an API may answer
 * empty lists for an id it does not know): the user pasted an id and should know it led nowhere.
 */
function UnknownCustomer({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession().data;
  const counts = [
    useCount(session, { resource: 'contacts', customerId }),
    useCount(session, { resource: 'agreements', customerId }),
  ];
  const refused = counts.find((count) => count.error)?.error;
  const id = customerId;
  const message = refused
    ? refused instanceof AppFailure && refused.payload.status === 404
      ? t('detail.unknownId', { id })
      : t('detail.refusedId', { id, reason: failureLine(t, i18n.language as Language, refused) })
    : counts.every((count) => count.data?.total === 0)
      ? t('detail.nothingFor', { id })
      : undefined;
  return message ? (
    <p className="notice" role="alert" data-testid="unknown-customer">
      {message}
    </p>
  ) : null;
}

/** One of a customer's own tables, titled with its count, with a sort and filter of its own. */
function CustomerTable({
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
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<string | undefined>(initial?.sort);
  const [filter, setFilter] = useState<FilterCondition[]>(initial?.filter ?? []);
  const total = useCount(useSession().data, { resource, customerId }).data?.total;
  const n = total === undefined ? '…' : numberFormat(i18n.language as Language).format(total);
  return (
    <DataTable
      view={{ resource, customerId, sort }}
      label={t(`detail.${resource}`)}
      title={t(`detail.${resource}Title`, { n })}
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
