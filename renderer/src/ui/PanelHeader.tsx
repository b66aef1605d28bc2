import { useTranslation } from 'react-i18next';

/** The title of a panel that replaces the tables (Connections, Exports), with its Close button. */
export function PanelHeader({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="panel-header">
      <h2 id={id}>{title}</h2>
      <button type="button" onClick={onClose}>
        {t('connections.close')}
      </button>
    </div>
  );
}
