import { useTranslation } from 'react-i18next';
import { useSetting } from '../data/useSetting';

/**
 * "Start with a clean window": the app opens on the first list and keeps no desk (where each window
 * was is forgotten at once). In the Views menu, beside the views it restores.
 */
export function StartCleanSetting() {
  const { t } = useTranslation();
  const { value, choose, problem } = useSetting('startClean');
  return (
    <div className="menu-setting">
      <label>
        <input
          type="checkbox"
          checked={value === true}
          onChange={(event) => void choose(event.target.checked)}
        />{' '}
        {t('desk.startClean')}
      </label>
      <p className="hint">{t('desk.startCleanHint')}</p>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
