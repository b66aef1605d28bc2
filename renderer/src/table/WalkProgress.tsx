import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { numberFormat } from '../i18n/intl';
import type { WalkProgress as Progress } from '../rows';

/**
 * A far jump walked page by page (the API does not read that deep by position): where it is
 * going, how far it got, the time left, and Cancel (or Escape in the grid). The sentence is
 * announced once when the walk starts; the progress is a progress bar screen readers read when
 * asked, not a live region that speaks at every page.
 */
export function WalkProgress({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language as Language);
  const { screenRow, targetRow, startRow, reachedRow, rowsPerSecond } = progress;
  const secondsLeft = rowsPerSecond ? Math.ceil((targetRow - reachedRow) / rowsPerSecond) : undefined;
  const reached = numbers.format(reachedRow + 1);
  const state =
    secondsLeft === undefined
      ? t('table.walkReached', { row: reached })
      : t('table.walkLeft', { row: reached, seconds: numbers.format(secondsLeft) });
  return (
    <div className="walk-progress" data-testid="walk-progress">
      <p role="status">{t('table.walking', { row: numbers.format(screenRow + 1) })}</p>
      <div
        className="walk-bar"
        role="progressbar"
        aria-label={t('table.walkProgress')}
        aria-valuemin={startRow}
        aria-valuemax={targetRow}
        aria-valuenow={reachedRow}
        aria-valuetext={state}
      >
        <div style={{ width: `${(100 * (reachedRow - startRow)) / Math.max(1, targetRow - startRow)}%` }} />
      </div>
      <span>{state}</span>
      <button type="button" onClick={onCancel}>
        {t('table.walkCancel')}
      </button>
    </div>
  );
}
