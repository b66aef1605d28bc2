import { useTranslation } from 'react-i18next';

/** Shown when the page was opened without the browser host's session key. */
export function NoSession() {
  const { t } = useTranslation();
  return (
    <main className="no-session">
      <h1>{t('app.title')}</h1>
      <p role="alert">{t('app.noSession')}</p>
    </main>
  );
}
