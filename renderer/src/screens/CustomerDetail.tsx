import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerScopedResource } from '@shared/api-rules';
import type { CustomerTables, ListPlace } from '@shared/desk';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { useShortcutHint } from '../keyboard/commands';
import { CustomerCard } from '../customer/CustomerCard';
import { CustomerHeading } from '../customer/CustomerHeading';
import { FavouriteButton } from '../customer/FavouriteButton';
import { RecordPdfButton } from '../exports/RecordPdfButton';
import { pointedAt, type FoundThrough } from '../finder/found-through';
import { MatchText } from '../finder/SuggestionParts';
import { CustomerSummary } from '../customer/CustomerSummary';
import { backText, type BackTarget } from './navigation';
import { CustomerTabs } from './CustomerTabs';
import { CustomerTable } from './CustomerTable';
import { UnknownCustomer } from './UnknownCustomer';

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
  onNamed?: (name: string, city?: string) => void;
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
        <FavouriteButton customerId={customerId} name={name} scope={header} />
        <RecordPdfButton customerId={customerId} scope={header} />
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
