import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import type { ProfileSummary, SessionStatus } from '../../../electron/shared/contract';
import { useDeleteProfile, useSaveProfile, useSelectConnection, useTestProfile } from '../data/mutations';
import { useProfiles } from '../data/queries';
import {
  ADVANCED_FIELDS,
  draftOf,
  EMPTY_DRAFT,
  LABEL_KEYS,
  movesCredentials,
  profileOf,
  TEXT_FIELDS,
  type Draft,
  type FieldProblems,
} from './connection-draft';
import { failureLine } from './describe-failure';
import { FormField } from './FormField';
import { PanelHeader } from './PanelHeader';

/**
 * Add, edit, test, use and delete connection profiles. The secret field is write-only: it says
 * whether a secret is saved, never shows one, and is sent only when the user types a new one. A
 * connection can be tested as typed, before it is saved; every mistake is shown by its field.
 */
export function ConnectionsPanel({
  session,
  onClose,
}: {
  session: SessionStatus | undefined;
  onClose: () => void;
}) {
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
  const testCostId = useId();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  const [problems, setProblems] = useState<FieldProblems>({});
  const selected = profiles.data?.find((profile) => profile.id === selectedId);
  // Credentials belong to their address: moving a saved connection needs its secret typed again (the app refuses otherwise).
  const moved = selected !== undefined && movesCredentials(draft, selected);
  const secretNeeded = !selected?.secretSaved || moved;
  // What Test tries: the saved connection as it is, or the form as typed (unsaved changes, a new secret).
  const unchanged =
    selected !== undefined && !secret && JSON.stringify(draftOf(selected)) === JSON.stringify(draft);

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
    if (needsSecret && !secret)
      found.secret = t('connections.fieldProblem', {
        field: t('connections.secret'),
        rule: t('connections.required'),
      });
    setProblems(found);
    setMessage(undefined);
    return 'profile' in checked && !found.secret ? checked.profile : undefined;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const profile = checkedProfile(secretNeeded);
    if (!profile) return;
    void attempt(async () => {
      const saved = await saveProfile.mutateAsync({
        id: selectedId,
        profile,
        ...(secret && { secret }),
      });
      setSelectedId(saved.id);
      setSecret('');
      return t('connections.saved');
    });
  };

  const test = () => {
    const profile = unchanged ? undefined : checkedProfile(secretNeeded);
    if (!unchanged && !profile) return;
    void attempt(async () => {
      const { customers } = await testProfile.mutateAsync(
        profile ? { id: selectedId, profile, ...(secret && { secret }) } : { id: selectedId ?? '' },
      );
      return t('connections.testOk', { count: customers });
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

  const field = (name: keyof Draft, type = 'text') => (
    <FormField
      key={name}
      label={t(LABEL_KEYS[name])}
      problem={problems[name]}
      type={type}
      value={draft[name]}
      aria-required={name !== 'audience'}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
    />
  );

  return (
    <section className="connections" aria-labelledby="connections-title">
      <PanelHeader id="connections-title" title={t('connections.title')} onClose={onClose} />
      <div className="connections-body">
        <ul className="connection-list">
          <li>
            <button type="button" aria-pressed={selectedId === undefined} onClick={() => pick(undefined)}>
              {t('connections.new')}
            </button>
          </li>
          {profiles.data?.map((profile) => (
            <li key={profile.id}>
              <button type="button" aria-pressed={selectedId === profile.id} onClick={() => pick(profile)}>
                {profile.name}
                {session?.connection?.id === profile.id && ` · ${t('connections.inUse')}`}
              </button>
            </li>
          ))}
          <li className="demo-note">{t('connections.demoNote')}</li>
        </ul>
        <form className="connection-form" aria-labelledby="connections-title" onSubmit={save} noValidate>
          {TEXT_FIELDS.map((name) => field(name, name.endsWith('Url') ? 'url' : 'text'))}
          <FormField
            label={t('connections.secret')}
            problem={problems.secret}
            hint={moved ? t('connections.secretAgain') : undefined}
            type="password"
            autoComplete="new-password"
            value={secret}
            aria-required={secretNeeded}
            placeholder={
              selected?.secretSaved && !moved ? t('connections.secretSaved') : t('connections.secretMissing')
            }
            onChange={(event) => setSecret(event.target.value)}
          />
          {session?.keychainProblem && <p className="hint">{t('connections.secretSessionOnly')}</p>}
          {secret && (
            // Said before Test is pressed: a typed secret is checked for real, and that costs a token.
            <p id={testCostId} className="hint">
              {t('connections.testCost')}
            </p>
          )}
          <details>
            <summary>{t('connections.advanced')}</summary>
            {ADVANCED_FIELDS.map((name) =>
              field(name, ['requestsPerSecond', 'burst'].includes(name) ? 'number' : 'text'),
            )}
          </details>
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {t('connections.save')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={test}
              aria-describedby={secret ? testCostId : undefined}
            >
              {t('connections.test')}
            </button>
            <button type="button" disabled={!selectedId || busy} onClick={() => void use()}>
              {t('connections.use')}
            </button>
            <button type="button" disabled={!selectedId || busy} onClick={() => void remove()}>
              {t('connections.delete')}
            </button>
          </div>
          {message && (
            <p
              role={message.kind === 'error' ? 'alert' : 'status'}
              className={message.kind === 'error' ? 'error' : 'ok'}
            >
              {message.text}
            </p>
          )}
        </form>
      </div>
    </section>
  );
}
