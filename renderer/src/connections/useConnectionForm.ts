import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { ProfileSummary } from '@shared/contract/connection-requests';
import { useDeleteProfile, useSaveProfile, useSelectConnection, useTestProfile } from '../data/mutations';
import { useProfiles } from '../data/queries';
import {
  draftOf,
  EMPTY_DRAFT,
  movesCredentials,
  profileOf,
  type Draft,
  type FieldProblems,
} from './connection-draft';
import { failureLine } from '../ui/describe-failure';
import { testResultText } from './test-result';

/**
 * What the connections form does (ConnectionsPanel shows it): the profile picked and its draft,
 * the secret typed (write-only), each field's problem, and Save, Test, Use and Delete with the
 * message each leaves. Test tries the saved connection as it is, or the form as typed.
 */
export function useConnectionForm(onClose: () => void) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const profiles = useProfiles();
  const saveProfile = useSaveProfile();
  const testProfile = useTestProfile();
  const selectConnection = useSelectConnection();
  const deleteProfile = useDeleteProfile();
  const busy = [saveProfile, testProfile, selectConnection, deleteProfile].some((action) => action.isPending);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  const [problems, setProblems] = useState<FieldProblems>({});
  const selected = profiles.data?.find((profile) => profile.id === selectedId);
  // Credentials belong to their address: moving a saved connection needs its secret typed again (the app refuses otherwise).
  const moved = selected !== undefined && movesCredentials(draft, selected);
  const secretNeeded = !selected?.secretSaved || moved;
  // What Test tries: the saved connection as it is, or the form as typed (unsaved changes, a new secret).
  const unchanged =
    selected !== undefined && !secret && JSON.stringify(draftOf(selected)) === JSON.stringify(draft);
  /** Typed and not saved: a secret, or a field changed from the connection picked (or from empty). */
  const unsaved =
    secret !== '' || JSON.stringify(draft) !== JSON.stringify(selected ? draftOf(selected) : EMPTY_DRAFT);

  const pick = (profile: ProfileSummary | undefined) => {
    setSelectedId(profile?.id);
    setDraft(profile ? draftOf(profile) : EMPTY_DRAFT);
    setSecret('');
    setMessage(undefined);
    setProblems({});
  };

  const attempt = async (action: () => Promise<string>) => {
    try {
      setMessage({ kind: 'ok', text: await action() });
    } catch (failure) {
      setMessage({ kind: 'error', text: failureLine(t, language, failure) });
    }
  };

  /** The profile as typed, or undefined after showing what is wrong by each field. */
  const checkedProfile = (needsSecret: boolean) => {
    const checked = profileOf(draft, t);
    const found: FieldProblems = 'problems' in checked ? { ...checked.problems } : {};
    const rule = t('connections.required');
    if (needsSecret && !secret)
      found.secret = t('connections.fieldProblem', { field: t('connections.secret'), rule });
    setProblems(found);
    setMessage(undefined);
    return 'profile' in checked && !found.secret ? checked.profile : undefined;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const profile = checkedProfile(secretNeeded);
    if (!profile) return;
    void attempt(async () => {
      const saved = await saveProfile.mutateAsync({ id: selectedId, profile, ...(secret && { secret }) });
      setSelectedId(saved.id);
      // The form shows the connection as the app keeps it (addresses without their last slash, an
      // empty audience left out), so that it reads as saved.
      setDraft(draftOf(saved));
      setSecret('');
      return t('connections.saved');
    });
  };

  const test = () => {
    const profile = unchanged ? undefined : checkedProfile(secretNeeded);
    if (!unchanged && !profile) return;
    void attempt(async () => {
      const answer = await testProfile.mutateAsync(
        profile ? { id: selectedId, profile, ...(secret && { secret }) } : { id: selectedId ?? '' },
      );
      return testResultText(t, language, answer);
    });
  };

  const remove = () =>
    attempt(async () => {
      await deleteProfile.mutateAsync(selectedId ?? '');
      pick(undefined);
      return t('connections.deleted');
    });

  const use = () =>
    attempt(async () => {
      await selectConnection.mutateAsync(selectedId ?? '');
      onClose();
      return t('connections.saved');
    });

  return {
    profiles,
    selectedId,
    selected,
    draft,
    setDraft,
    secret,
    setSecret,
    problems,
    message,
    busy,
    unsaved,
    moved,
    secretNeeded,
    pick,
    save,
    test,
    remove,
    use,
  };
}
