import { useTranslation } from 'react-i18next';
import { counted } from '../i18n/translations';
import type { Language } from '@shared/api-rules';
import { useApi } from '../api/context';
import { failureLine } from '../ui/describe-failure';
import { AppFailure } from '../api/call';
import { useExports } from './exports-context';
import type { SessionExport } from './session-exports';
import { dateTimeFormat, numberFormat } from '../i18n/intl';

/** One export's line: progress while it runs, then where the file is, or why there is none. */
export function ExportLine({ item, canReveal }: { item: SessionExport; canReveal: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const api = useApi();
  const { cancel, dismiss } = useExports();
  const numbers = numberFormat(language, { maximumFractionDigits: 0 });
  const progress = item.progress;
  const rows = counted(t, 'rows', progress?.records ?? 0, numbers);
  const file = item.fileName;
  let text: string;
  if (item.state === 'running') {
    const total = progress?.total;
    const eta = progress?.etaSeconds;
    text =
      total && progress
        ? t('export.running', {
            file,
            rows,
            percent: numberFormat(language, {
              style: 'percent',
            }).format(Math.min(1, progress.scanned / total)),
            rate: numbers.format(progress.recordsPerSecond),
            eta:
              eta === undefined
                ? '…'
                : `${Math.floor(eta / 60)}:${String(Math.round(eta % 60)).padStart(2, '0')}`,
          })
        : t('export.runningNoTotal', {
            file,
            rows,
            rate: numbers.format(progress?.recordsPerSecond ?? 0),
          });
  } else if (item.state === 'completed') {
    // Named as written: a name taken already was written under another ("… (2).csv").
    text = t('export.completed', { file: item.path.split(/[\\/]/).pop() ?? file, rows, path: item.path });
    // Rows written from the list on screen: said, with when it was last up to date.
    if (progress?.heldAsOf !== undefined)
      text += ` ${t('export.fromHeld', { time: dateTimeFormat(language, { timeStyle: 'short' }).format(progress.heldAsOf) })}`;
    // Excel's cell limit: the user must know some cells do not hold the whole value.
    if (progress?.cutCells) text += ` ${t('export.cutCells', { count: progress.cutCells })}`;
  } else if (item.state === 'failed') {
    text = t('export.failed', {
      file,
      reason: item.error ? failureLine(t, language, new AppFailure(item.error)) : '',
    });
  } else {
    text = t('export.cancelled', { file });
  }
  return (
    <li className={`export-line ${item.state}`} data-testid="export-line" data-state={item.state}>
      {item.state === 'running' && (
        <progress
          max={1}
          value={progress?.total ? Math.min(1, progress.scanned / progress.total) : undefined}
          aria-label={file}
        />
      )}
      <span role={item.state === 'failed' ? 'alert' : undefined}>{text}</span>
      {item.state === 'running' ? (
        <button type="button" aria-label={t('export.stop', { file })} onClick={() => cancel(item.exportId)}>
          {t('export.cancel')}
        </button>
      ) : (
        <>
          {item.state === 'completed' && canReveal && (
            <button
              type="button"
              onClick={() => void api.invoke('export.reveal', { exportId: item.exportId })}
            >
              {t('export.show')}
            </button>
          )}
          {!item.dismissed && (
            <button type="button" onClick={() => dismiss(item.exportId)}>
              {t('export.dismiss')}
            </button>
          )}
        </>
      )}
    </li>
  );
}

/**
 * This session's exports above the status bar, visible whatever the user browses meanwhile: the
 * latest on one line, the others behind "N more" (they piled up over the rows, the fourth under the
 * status bar). The Exports panel lists them all.
 */
export function ExportsTray({ canReveal }: { canReveal: boolean }) {
  const { t } = useTranslation();
  const shown = useExports().exports.filter((item) => !item.dismissed);
  const latest = shown.at(-1);
  if (!latest) return null;
  const others = shown.slice(0, -1).reverse();
  return (
    <section className="exports-tray" aria-label={t('export.panel')}>
      <ul>
        <ExportLine item={latest} canReveal={canReveal} />
      </ul>
      {others.length > 0 && (
        <details>
          <summary>{t('export.more', { count: others.length })}</summary>
          <ul>
            {others.map((item) => (
              <ExportLine key={item.exportId} item={item} canReveal={canReveal} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
