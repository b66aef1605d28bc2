import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { failureLine } from '../app/describe-failure';
import { settingsQuery } from '../data/queries';

/**
 * "Start with a clean window": the app opens on the first list and keeps no desk (where each window
 * was is forgotten at once). In the Views menu, beside the views it restores.
 */
export function StartCleanSetting() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const client = useQueryClient();
  const saved = useQuery(settingsQuery(api)).data?.startClean === true;
  // The box shows the user's choice at once, as a checkbox does, until the app has kept it (or not).
  const [choice, setChoice] = useState<boolean>();
  const [problem, setProblem] = useState<string>();
  const choose = async (next: boolean) => {
    setChoice(next);
    try {
      client.setQueryData(settingsQuery(api).queryKey, await call(api, 'settings.set', { startClean: next }));
      setProblem(undefined);
    } catch (failure) {
      setProblem(failureLine(t, i18n.language as Language, failure));
    }
    setChoice(undefined);
  };
  return (
    <div className="menu-setting">
      <label>
        <input
          type="checkbox"
          checked={choice ?? saved}
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
