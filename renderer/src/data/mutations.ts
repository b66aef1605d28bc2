import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { RequestInput } from '@shared/contract/contract';
import type { ProfileSummary } from '@shared/contract/connection-requests';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { queryKeys } from './queries';

// What changes the app's state, as mutations: a control can say it is busy (isPending) and stay
// disabled until the answer, and what the change makes stale is refreshed in one place.

/** Saves a connection profile (its secret only when typed); the profile list follows. */
export function useSaveProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestInput<'connection.save'>) => call(api, 'connection.save', input),
    onSuccess: (saved) => {
      // The list holds the connection as saved at once (not after its refetch): a form compared with
      // it meanwhile found its own fields unsaved, and asked to discard what was saved.
      queryClient.setQueryData<ProfileSummary[]>(queryKeys.profiles, (list) =>
        list?.some((profile) => profile.id === saved.id)
          ? list.map((profile) => (profile.id === saved.id ? saved : profile))
          : list && [...list, saved],
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}

/** Deletes a profile; everything may have changed (it may have been the chosen connection). */
export function useDeleteProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'connection.delete', { id }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Tests a connection, saved or as typed: asks the API how many customers it has. */
export function useTestProfile() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: RequestInput<'connection.test'>) => call(api, 'connection.test', input),
  });
}

/** Chooses the connection to browse; every query of the previous one starts over. */
export function useSelectConnection() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'connection.select', { id }),
    onSuccess: () => queryClient.resetQueries(),
  });
}

/** Shows every label in `language` and keeps the choice in the settings (for every window and the next start). */
export function useChooseLanguage(): (language: Language) => Promise<void> {
  const api = useApi();
  const { i18n } = useTranslation();
  return async (language) => {
    await call(api, 'settings.set', { language });
    await i18n.changeLanguage(language);
  };
}
