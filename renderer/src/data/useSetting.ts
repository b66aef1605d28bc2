import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { Settings } from '@shared/settings';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { failureLine } from '../ui/describe-failure';
import { settingsQuery } from './queries';
import { withShownLanguage } from '../i18n/shown-language';

/** The settings a control of the window changes one at a time. */
type ChosenSetting =
  'startClean' | 'prepareSearch' | 'keepLists' | 'density' | 'recordPanelWidth' | 'tableTextSize';

/**
 * A setting as a control shows it: the user's choice at once (as a checkbox or a toggle shows it),
 * then the value the app kept; `choose` saves it, and `problem` says why it could not.
 */
export function useSetting<K extends ChosenSetting>(key: K) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const client = useQueryClient();
  const saved = useQuery(settingsQuery(api)).data?.[key];
  const [choice, setChoice] = useState<{ value: Settings[K] }>();
  const [problem, setProblem] = useState<string>();
  // Choices made one after another (a key held on an edge) are saved in that order, one at a time,
  // and only the last one's answer is shown: answers of requests sent at once may come in any order,
  // and an older one would take back a newer choice.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(0);
  const choose = (value: Settings[K]) => {
    const mine = ++latest.current;
    setChoice({ value });
    const save = saving.current.then(async () => {
      try {
        const saved = await call(api, 'settings.set', { [key]: value });
        if (mine !== latest.current) return;
        client.setQueryData(settingsQuery(api).queryKey, withShownLanguage(saved));
        setProblem(undefined);
      } catch (failure) {
        if (mine !== latest.current) return;
        setProblem(failureLine(t, i18n.language as Language, failure));
      }
      setChoice(undefined);
    });
    saving.current = save;
    return save;
  };
  return { value: choice ? choice.value : saved, choose, problem };
}
