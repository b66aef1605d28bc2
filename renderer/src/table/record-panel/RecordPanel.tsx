import { useId, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '@shared/api-rules';
import type { ApiRecord } from '@shared/schema';
import { CopyLinkButton } from '../../links/CopyLinkButton';
import { useDetailsOf } from '../../data/clipboard';
import { useRecordPanelWidth } from './useRecordPanelWidth';
import { RecordField } from './RecordField';

/** The field of a record that names its customer: shown as a way to open that customer. */
const CUSTOMER_FIELD = 'customerId';

interface RecordPanelProps {
  /** The list the record is one of. */
  resource: Resource;
  /** Undefined while the row is being read. */
  record: ApiRecord | undefined;
  fields: readonly { key: string; label: string }[];
  textOf: (key: string, record: ApiRecord) => string;
  /** A field's value before it changed, in words, if it changed since the person last looked. */
  wasOf: (key: string) => string | undefined;
  /** Puts text on the clipboard, with an HTML table beside it when there is one. */
  onCopy: (text: string, html?: string) => void;
  onOpenCustomer?: (customerId: string) => void;
  onClose: () => void;
}

/**
 * Every field of the active row's record, beside the table (Beekeeper Studio's and DBeaver's record
 * panel): its label, its whole value (wrapped, where a cell cuts it), a copy button per value, and
 * the customer a contact or an agreement belongs to as a button that opens it. It follows the
 * active row (the arrow keys move both); screen readers read it as a region named after the record.
 */
export function RecordPanel({
  resource,
  record,
  fields,
  textOf,
  wasOf,
  onCopy,
  onOpenCustomer,
  onClose,
}: RecordPanelProps) {
  const { t } = useTranslation();
  const detailsOf = useDetailsOf();
  const panel = useRef<HTMLElement>(null);
  const panelId = useId();
  // The width the user gives it is kept in the settings, for every table and the next start.
  const { width, edge, problem } = useRecordPanelWidth(panel);
  const id = typeof record?.id === 'string' || typeof record?.id === 'number' ? String(record.id) : '';
  const customerId = typeof record?.[CUSTOMER_FIELD] === 'string' ? record[CUSTOMER_FIELD] : undefined;
  const linkedCustomer = resource === 'customers' ? id || undefined : customerId;
  return (
    <div
      className="record-side"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div
        className="panel-edge"
        {...edge}
        aria-controls={panelId}
        aria-label={t('record.resize')}
        title={t('record.resizeHint')}
      />
      <section
        ref={panel}
        id={panelId}
        className="record-panel"
        aria-label={record ? t('record.title', { id }) : t('table.loading')}
        style={{ '--record-panel-width': `${width}px` } as CSSProperties}
      >
        <div className="record-panel-header">
          <h2>{record ? t('record.title', { id }) : t('table.loading')}</h2>
          {/* The row's link: the customer it is, or the one it belongs to (only customers open on their own). */}
          {record && (
            <button
              type="button"
              aria-label={t('copy.detailsOf', { id })}
              onClick={() => {
                const copied = detailsOf(
                  fields.map(({ label, key }) => ({ label, text: textOf(key, record) })),
                );
                onCopy(copied.text, copied.html);
              }}
            >
              {t('copy.details')}
            </button>
          )}
          {linkedCustomer && <CopyLinkButton target={{ action: 'customer', customerId: linkedCustomer }} />}
          <button type="button" onClick={onClose} aria-keyshortcuts="Escape">
            {t('record.close')}
          </button>
        </div>
        {record && (
          <dl>
            {fields.map(({ key, label }) => (
              <RecordField
                key={key}
                label={label}
                text={textOf(key, record)}
                was={wasOf(key)}
                customerId={key === CUSTOMER_FIELD ? customerId : undefined}
                onOpenCustomer={onOpenCustomer}
                onCopy={onCopy}
              />
            ))}
          </dl>
        )}
        {problem && (
          <p className="notice" role="status">
            {t('record.widthNotKept', { reason: problem })}
          </p>
        )}
      </section>
    </div>
  );
}
