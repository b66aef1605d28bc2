import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { describeFailure } from './describe-failure';

/**
 * A failure where the user looks, announced to screen readers: what happened and what to do in the
 * language shown, then the server's own words as a quotation (or the app's specifics), and Retry
 * when there is something to retry.
 */
export function FailureMessage({
  failure,
  context,
  onRetry,
}: {
  failure: unknown;
  /** What could not be done ("The rows could not be loaded."), said before why. */
  context?: string;
  onRetry?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { summary, detail } = describeFailure(t, i18n.language as Language, failure);
  return (
    <div className="failure" role="alert">
      <div className="failure-text">
        <p>
          {context && <strong>{context} </strong>}
          {summary}
        </p>
        {detail?.from === 'server' && (
          <p className="failure-detail">
            {t('errors.serverSaidLabel')} <q>{detail.text}</q>
          </p>
        )}
        {detail?.from === 'app' && (
          // The app's specifics (an address, a path) are technical and in English: asked for, not read first.
          <details className="failure-detail">
            <summary>{t('errors.detailsLabel')}</summary>
            <code>{detail.text}</code>
          </details>
        )}
      </div>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('table.retry')}
        </button>
      )}
    </div>
  );
}
