import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SCOPED_RESOURCES, type CustomerScopedResource, type Language } from '@shared/api-rules';
import { numberFormat } from '../i18n/intl';
import { useCount, useSession } from '../data/queries';

/**
 * A customer's contacts and agreements as two tabs, each titled with its count: the one shown takes
 * the page's height (at 1280×720 a dozen rows), where two tables one above the other had three rows
 * each. Both stay mounted, so each keeps its sort, filter and place when the other is shown; the
 * arrows move between the tabs (the WAI-ARIA tabs pattern).
 */
export function CustomerTabs({
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
