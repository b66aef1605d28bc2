import { useTranslation } from 'react-i18next';

/**
 * One field of the record panel: its label, its whole value (the customer it names as a button that
 * opens it), a copy button, and its value before it changed, if it did.
 */
export function RecordField({
  label,
  text,
  was,
  customerId,
  onOpenCustomer,
  onCopy,
}: {
  label: string;
  text: string;
  was: string | undefined;
  /** The customer this field names, when it names one (a contact's or an agreement's). */
  customerId: string | undefined;
  onOpenCustomer?: (customerId: string) => void;
  onCopy: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={was ? 'record-field changed' : 'record-field'}>
      <dt>{label}</dt>
      <dd>
        {customerId && onOpenCustomer ? (
          <button
            type="button"
            className="link-button"
            aria-label={t('record.openCustomer', { id: customerId })}
            onClick={() => onOpenCustomer(customerId)}
          >
            {text}
          </button>
        ) : (
          <span className="record-value">{text}</span>
        )}
        {text && (
          <button
            type="button"
            className="copy-value"
            aria-label={t('record.copy', { field: label })}
            onClick={() => onCopy(text)}
          >
            {t('record.copyShort')}
          </button>
        )}
        {was && <span className="record-was">{was}</span>}
      </dd>
    </div>
  );
}
