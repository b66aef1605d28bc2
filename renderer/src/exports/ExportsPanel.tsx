import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEMO_CONNECTION_NAME } from '@shared/demo-connection';
import { counted } from '../i18n/translations';
import type { Language } from '@shared/api-rules';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { queryKeys } from '../data/queries';
import { useExports } from './exports-context';
import { PanelHeader } from '../ui/PanelHeader';
import { ExportLine } from './ExportsTray';
import { numberFormat, dateTimeFormat } from '../i18n/intl';

/** The Exports panel: this session's exports, and the newest entries of the export audit log. */
export function ExportsPanel({ canReveal, onClose }: { canReveal: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { exports } = useExports();
  // Read again whenever an export of this session changes state, and each time the panel opens
  // (no stale time: a `cdb` run may have added to the log meanwhile).
  const history = useQuery({
    queryKey: queryKeys.recentExports(exports.map((item) => item.state).join()),
    queryFn: () => call(api, 'export.recent', {}),
    staleTime: 0,
  });
  const language = i18n.language as Language;
  const numbers = numberFormat(language);
  const time = dateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <section className="exports-panel" aria-labelledby="exports-title">
      <PanelHeader id="exports-title" title={t('export.panel')} onClose={onClose} />
      <h3>{t('export.session')}</h3>
      {exports.length ? (
        <ul>
          {exports.map((item) => (
            <ExportLine key={item.exportId} item={item} canReveal={canReveal} />
          ))}
        </ul>
      ) : (
        <p className="hint">{t('export.nothing')}</p>
      )}
      <h3>{t('export.history')}</h3>
      <ul data-testid="audit-entries">
        {history.data?.entries.map((entry) => (
          <li key={entry.id}>
            {t('export.historyEntry', {
              time: time.format(new Date(entry.time)),
              // The Demo by its one name in the language shown.
              profile: entry.profile === DEMO_CONNECTION_NAME ? t('connection.demo') : entry.profile,
              resource: t(`nav.${entry.view.resource}`),
              format: t(`export.formats.${entry.format}`),
              rows: counted(t, 'rows', entry.rows, numbers),
              outcome: t(`export.outcomes.${entry.outcome}`),
              path: entry.path,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
