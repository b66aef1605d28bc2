import { useTranslation } from 'react-i18next';

/** Shown when the page was opened without the browser host's one-time key, or with one already used. */
export function NoSession({ problem }: { problem: 'no-key' | 'spent-key' }) {
  const { t } = useTranslation();
  return (
    <main className="no-session">
      <h1>{t('app.title')}</h1>
      <p role="alert">{t(problem === 'spent-key' ? 'app.spentKey' : 'app.noSession')}</p>
    </main>
  );
}
