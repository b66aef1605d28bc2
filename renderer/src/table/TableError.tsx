import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../ui/FailureMessage';
import { useRetry } from '../data/queries';
import type { ViewRows } from './view/useViewRows';

/**
 * Why the table could not load its rows, across the table's whole width where the user looks (not
 * squeezed into a row of the grid), in the language shown, with Retry.
 */
export function TableError({ rows }: { rows: ViewRows }) {
  const { t } = useTranslation();
  const retry = useRetry();
  const { error } = rows;
  if (!error) return null;
  return (
    <FailureMessage
      failure={error}
      context={t('table.error')}
      onRetry={() => void retry(() => Promise.resolve(rows.retry()))}
    />
  );
}
