import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { counted } from '../i18n/translations';
import { numberFormat } from '../i18n/intl';
import { useNameLookup } from './useNameLookup';

/**
 * A customer's heading: its name and id when the name is known (given by the list it was opened
 * from, among the customers the tables read, or among those held for search), else its id, with a
 * way to look the name up: the customers read for search (docs/architecture.md, "Search": read
 * once, in the background, with progress and Cancel, then kept for every search), or, when they
 * are too many to keep, the customers' pages scanned until it is found.
 */
export function CustomerHeading({
  customerId,
  name,
  onNamed,
}: {
  customerId: string;
  name: string | undefined;
  onNamed?: (name: string, city?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language as Language);
  const { shownName, lookup, progress, start, cancel } = useNameLookup(customerId, name, onNamed);
  return (
    <>
      <h2>
        {shownName
          ? t('nav.customer', { name: shownName, id: customerId })
          : t('detail.customerId', { id: customerId })}
      </h2>
      {!shownName && !progress && (
        <button type="button" onClick={() => void start()}>
          {t('detail.lookUp')}
        </button>
      )}
      {progress && (
        // Not a live region: it changes with every page read.
        <span className="lookup">
          <progress
            aria-label={t('detail.lookUpProgress')}
            value={progress.scanned}
            max={progress.total ?? undefined}
          />
          {t(progress.total === undefined ? 'detail.lookingUnknown' : 'detail.looking', {
            scanned: numbers.format(progress.scanned),
            total: numbers.format(progress.total ?? 0),
            customers: counted(t, 'customers', progress.scanned, numbers),
            count: progress.scanned,
          })}
          <button type="button" onClick={cancel}>
            {t('detail.lookUpCancel')}
          </button>
        </span>
      )}
      {lookup.state === 'notFound' && (
        <span className="notice" role="status">
          {t('detail.notFound', {
            id: customerId,
            customers: counted(t, 'customers', lookup.scanned, numbers),
          })}
        </span>
      )}
      {lookup.state === 'failed' && (
        <span className="error" role="alert">
          {t('detail.lookUpFailed', { reason: lookup.reason })}
        </span>
      )}
    </>
  );
}
