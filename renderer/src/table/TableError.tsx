import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { describeFailure } from '../app/describe-failure';
import { useRetry } from '../data/queries';
import type { ViewRows } from './useViewRows';

/**
 * Why the table could not load its rows, across the table's whole width where the user looks (not
 * squeezed into a row of the grid), in the language shown, with Retry.
 */
export function TableError({ rows }: { rows: ViewRows }) {
  const { t, i18n } = useTranslation();
  const retry = useRetry();
  const { error, pages } = rows;
  if (!error) return null;
  return (
    <div className="table-error" role="alert">
      <p>{t('table.error', { message: describeFailure(t, i18n.language as Language, error) })}</p>
      <button
        type="button"
        onClick={() => void retry(() => (rows.rows.length ? pages.fetchNextPage() : pages.refetch()))}
      >
        {t('table.retry')}
      </button>
    </div>
  );
}
