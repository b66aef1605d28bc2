import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import type { Settings } from '../../../electron/shared/contract';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { failureLine } from '../app/describe-failure';
import { settingsQuery } from './queries';

/** The settings a control of the window changes one at a time. */
type ChosenSetting = 'startClean' | 'density' | 'recordPanelWidth';

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
  const choose = async (value: Settings[K]) => {
    setChoice({ value });
    try {
      client.setQueryData(settingsQuery(api).queryKey, await call(api, 'settings.set', { [key]: value }));
      setProblem(undefined);
    } catch (failure) {
      setProblem(failureLine(t, i18n.language as Language, failure));
    }
    setChoice(undefined);
  };
  return { value: choice ? choice.value : saved, choose, problem };
}
