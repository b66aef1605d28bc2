import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { useCommand } from '../keyboard/commands';
import { failureLine } from '../ui/describe-failure';
import { CheckSetting } from './CheckSetting';

/**
 * Whether the lists held for search are kept on this computer between sessions (encrypted by the
 * keychain's key), and the person's way to delete them now, from this menu and the command box.
 * From the command box the menu is opened (`reveal`): what the deletion did is said here, and a
 * closed menu would show it to no one.
 */
export function KeptListsSetting({ reveal }: { reveal: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [said, setSaid] = useState<{ done: boolean; text: string }>();
  const forget = () =>
    void call(api, 'lists.forgetKept', {}).then(
      () => setSaid({ done: true, text: t('search.forgotKept') }),
      (failure: unknown) =>
        setSaid({ done: false, text: failureLine(t, i18n.language as Language, failure) }),
    );
  useCommand(
    'search.forgetKept',
    () => {
      reveal();
      forget();
    },
    { label: t('search.forgetKept') },
  );
  return (
    <>
      <CheckSetting setting="keepLists" label={t('search.keep')} hint={t('search.keepHint')} onUnlessOff />
      <div className="menu-setting">
        <button type="button" onClick={forget}>
          {t('search.forgetKept')}
        </button>
        {said && (
          <p className={said.done ? 'hint' : 'field-problem'} role={said.done ? 'status' : 'alert'}>
            {said.text}
          </p>
        )}
      </div>
    </>
  );
}
