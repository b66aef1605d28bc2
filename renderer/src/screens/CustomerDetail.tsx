import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_SCOPED_RESOURCES,
  type CustomerScopedResource,
  type Language,
  type Resource,
} from '../../../electron/shared/api-rules';
import type { TFunction } from 'i18next';
import type { CustomerTables, ListPlace } from '../../../electron/shared/desk';
import type { FilterCondition } from '../../../electron/shared/filter';
import { numberFormat } from '../i18n/intl';
import { AppFailure } from '../api/call';
import { failureLine } from '../ui/describe-failure';
import { useCount, useSession } from '../data/queries';
import { DataTable } from '../table/DataTable';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { useShortcutHint } from '../keyboard/commands';
import { CustomerCard } from '../customer/CustomerCard';
import { CustomerHeading } from '../customer/CustomerHeading';
import { pointedAt, type FoundThrough } from '../finder/found-through';
import { MatchText } from '../finder/SuggestionParts';
import { CustomerSummary } from '../customer/CustomerSummary';

/**
 * A customer: its name and id in the heading (names repeat: three customers may be called
 * `"Guillemets" & Cie`), its agreements at a glance, then its own contacts and agreements through
 * the per-customer routes, each titled with its count. Opened from the list or by its id alone:
 * nothing here reads the customers' list (only a name look-up the user asks for does).
 */
export function CustomerDetail({
  customerId,
  name,
  onNamed,
  tables,
  found,
  pageSize,
  backTo,
  onBack,
  onTableChange,
}: {
  customerId: string;
  /** Its name, when whoever opened it knows it. */
  name?: string;
  /** Told its name once known (the recents offer it by name). */
  onNamed?: (name: string) => void;
  /** How its tables start (a saved view of it opened, a restart): sort, filter and place. */
  tables?: CustomerTables;
  /** The contact or agreement the finder found it by: its table shown first, filtered to it. */
  found?: FoundThrough;
  pageSize: number;
  /** Where Back goes: the screen the customer was opened from. */
  backTo: BackTarget;
  onBack: () => void;
  /** Told each change of a table's sort, filter or place (to reopen there after a restart). */
  onTableChange?: (resource: CustomerScopedResource, place: ListPlace) => void;
}) {
  const { t } = useTranslation();
  const header = useRef<HTMLDivElement>(null);
  const backHint = useShortcutHint('app.back', t('shortcuts.names.app.back'));
  return (
    <div className="customer-detail">
      <div className="detail-header" ref={header}>
        <button type="button" onClick={onBack} {...backHint} autoFocus>
          ← {backText(t, backTo)}
        </button>
        <CustomerHeading key={customerId} customerId={customerId} name={name} onNamed={onNamed} />
        <CopyLinkButton
          target={{ action: 'customer', customerId }}
          shortcut="customer.copyLink"
          scope={header}
        />
      </div>
      <UnknownCustomer customerId={customerId} />
      <div className="customer-band">
        <CustomerCard key={customerId} customerId={customerId} />
        <CustomerSummary key={customerId} customerId={customerId} />
      </div>
      {pointedAt(found) && found && (
        <p className="found-through" data-testid="found-through">
          {t('detail.foundThrough')} <MatchText matched={found} />
        </p>
      )}
      <CustomerTabs customerId={customerId} first={pointedAt(found)?.tab}>
        {(resource) => (
          <CustomerTable
            resource={resource}
            customerId={customerId}
            pageSize={pageSize}
            initial={tables?.[resource]}
            onChange={(place) => onTableChange?.(resource, place)}
          />
        )}
      </CustomerTabs>
    </div>
  );
}

/**
 * A customer's contacts and agreements as two tabs, each titled with its count: the one shown takes
 * the page's height (at 1280×720 a dozen rows), where two tables one above the other had three rows
 * each. Both stay mounted, so each keeps its sort, filter and place when the other is shown; the
 * arrows move between the tabs (the WAI-ARIA tabs pattern).
 */
function CustomerTabs({
  customerId,
  first = 'agreements',
  children,
}: {
  customerId: string;
  /** The tab shown first (the contact the customer was found by). */
  first?: CustomerScopedResource;
  children: (resource: CustomerScopedResource) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Agreements first (what a customer's summary is about, and most tickets), unless it was found by a contact.
  const [shown, show] = useState<CustomerScopedResource>(first);
  const session = useSession().data;
  const totals = {
    contacts: useCount(session, { resource: 'contacts', customerId }).data?.total,
    agreements: useCount(session, { resource: 'agreements', customerId }).data?.total,
  };
  const numbers = numberFormat(i18n.language as Language);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = CUSTOMER_SCOPED_RESOURCES.find((resource) => resource !== shown) ?? shown;
    show(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <>
      <div role="tablist" className="customer-tabs" aria-label={t('detail.tables')} onKeyDown={onKeyDown}>
        {CUSTOMER_SCOPED_RESOURCES.map((resource) => (
          <button
            key={resource}
            type="button"
            role="tab"
            id={`${id}-${resource}-tab`}
            aria-selected={resource === shown}
            aria-controls={`${id}-${resource}`}
            tabIndex={resource === shown ? 0 : -1}
            onClick={() => show(resource)}
          >
            {t(`detail.${resource}Title`, {
              n: totals[resource] === undefined ? '…' : numbers.format(totals[resource]),
            })}
          </button>
        ))}
      </div>
      {CUSTOMER_SCOPED_RESOURCES.map((resource) => (
        <div
          key={resource}
          role="tabpanel"
          id={`${id}-${resource}`}
          className="customer-tab"
          aria-labelledby={`${id}-${resource}-tab`}
          hidden={resource !== shown}
        >
          {children(resource)}
        </div>
      ))}
    </>
  );
}

/** What Back goes to, as the button names it. */
export type BackTarget =
  | { kind: 'list'; resource: Resource }
  | { kind: 'customer'; customerId: string; name?: string }
  | { kind: 'connections' }
  | { kind: 'exports' };

/** "Back to contacts", "Back to customer Dupont SA", "Back to connections". */
function backText(t: TFunction, target: BackTarget): string {
  switch (target.kind) {
    case 'list':
      return t(`nav.backTo.${target.resource}`);
    case 'customer':
      return t('nav.backTo.customer', { customer: target.name ?? target.customerId });
    default:
      return t(`nav.backTo.${target.kind}`);
  }
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

/** One of a customer's own tables (its tab titles it with its count), with a sort and filter of its own. */
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
