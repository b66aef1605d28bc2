import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { exportCommandLine, type CommandShell } from '@shared/command-line';
import type { ExportOptions, ExportView } from '@shared/export';
import { failureLine } from '../ui/describe-failure';
import { useCopyText } from '../data/clipboard';
import { useSession } from '../data/queries';

/** The port the Demo's command line suggests for `cdb serve-demo`. */
const DEMO_PORT = 8080;

/** The shell of this computer's terminal: PowerShell on Windows, a POSIX shell elsewhere. */
const SHELL: CommandShell = /Windows/.test(navigator.userAgent) ? 'powershell' : 'posix';

/**
 * The export as a `cdb export` command line — the same view and file options, the saved
 * connection by name — shown and copied for an administrator's script; for the Demo, which runs
 * inside the app, how to start one `cdb` can reach (same data).
 */
export function ExportCommand({
  view,
  options,
  fileName,
}: {
  view: ExportView;
  options: Pick<ExportOptions, 'format' | 'delimiter' | 'bom' | 'decimalComma'>;
  fileName: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const copyText = useCopyText();
  const connection = useSession().data?.connection;
  const [said, setSaid] = useState<string | undefined>();
  if (!connection) return null;
  const written = exportCommandLine(
    view,
    options,
    fileName,
    connection.demo ? { demoPort: DEMO_PORT } : { profile: connection.name },
    SHELL,
  );
  if (!('line' in written)) {
    return (
      <details className="export-command">
        <summary>{t('export.command')}</summary>
        <p className="hint" role="note">
          {t(written.problem === 'control' ? 'export.commandUnshown' : 'export.commandUnnamed', {
            subject: written.subject,
          })}
        </p>
      </details>
    );
  }
  const command = written.line;
  const copy = () =>
    copyText(command).then(
      () => setSaid(t('export.commandCopied')),
      (failure: unknown) =>
        setSaid(t('table.copyFailed', { reason: failureLine(t, i18n.language as Language, failure) })),
    );
  return (
    <details className="export-command">
      <summary>{t('export.command')}</summary>
      <p id={`${id}-hint`} className="hint">
        {connection.demo
          ? t('export.commandDemo', { start: `npx cdb serve-demo --port ${DEMO_PORT}` })
          : t('export.commandProfile', { profile: connection.name })}{' '}
        {t(SHELL === 'powershell' ? 'export.commandForPowerShell' : 'export.commandForPosix')}
      </p>
      <pre aria-describedby={`${id}-hint`} data-testid="export-command">
        <code>{command}</code>
      </pre>
      <button type="button" onClick={() => void copy()}>
        {t('export.commandCopy')}
      </button>
      {said && <span role="status">{said}</span>}
    </details>
  );
}
