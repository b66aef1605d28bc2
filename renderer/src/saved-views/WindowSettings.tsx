import { useTranslation } from 'react-i18next';
import { CheckSetting } from './CheckSetting';
import { KeptListsSetting } from './KeptListsSetting';

/**
 * The window's settings, under the saved views' menu and apart from them, under their own heading:
 * a clean start, search prepared at start, the lists kept between sessions. `reveal` opens the menu
 * (a setting that asks to be seen).
 */
export function WindowSettings({ reveal }: { reveal: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {/* In the top bar, under its h1: the next level. */}
      <h2 className="menu-settings">{t('views.settings')}</h2>
      <CheckSetting setting="startClean" label={t('desk.startClean')} hint={t('desk.startCleanHint')} />
      <CheckSetting
        setting="prepareSearch"
        label={t('search.prepare')}
        hint={t('search.prepareHint')}
        onUnlessOff
      />
      <KeptListsSetting reveal={reveal} />
    </>
  );
}
