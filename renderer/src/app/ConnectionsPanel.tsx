import { useState, type FormEvent } from 'react';
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
} from './connection-draft';
import { failureLine } from './describe-failure';
import { PanelHeader } from './PanelHeader';

/**
 * Add, edit, test, use and delete connection profiles. The secret field is write-only: it says
 * whether a secret is saved, never shows one, and is sent only when the user types a new one.
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
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  const selected = profiles.data?.find((profile) => profile.id === selectedId);
  // Credentials belong to their address: moving a saved connection needs its secret typed again (the app refuses otherwise).
  const moved = selected !== undefined && movesCredentials(draft, selected);
  const secretNeeded = !selected?.secretSaved || moved;

  const pick = (profile: ProfileSummary | undefined) => {
    setSelectedId(profile?.id);
    setDraft(profile ? draftOf(profile) : EMPTY_DRAFT);
    setSecret('');
    setMessage(undefined);
  };

  const attempt = async (action: () => Promise<string>) => {
    try {
      setMessage({ kind: 'ok', text: await action() });
    } catch (failure) {
      setMessage({ kind: 'error', text: failureLine(t, language, failure) });
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const checked = profileOf(draft, t);
      if ('problem' in checked) throw new Error(checked.problem);
      const saved = await saveProfile.mutateAsync({
        id: selectedId,
        profile: checked.profile,
        ...(secret && { secret }),
      });
      setSelectedId(saved.id);
      setSecret('');
      return t('connections.saved');
    });
  };

  const test = () =>
    attempt(async () => {
      const { customers } = await testProfile.mutateAsync(selectedId ?? '');
      return t('connections.testOk', { count: customers });
    });

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
    <label key={name} className="form-field">
      {t(LABEL_KEYS[name])}
      <input
        type={type}
        value={draft[name]}
        required={name !== 'audience'}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
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
        <form className="connection-form" aria-labelledby="connections-title" onSubmit={save}>
          {TEXT_FIELDS.map((name) => field(name, name.endsWith('Url') ? 'url' : 'text'))}
          <label className="form-field">
            {t('connections.secret')}
            <input
              type="password"
              autoComplete="new-password"
              value={secret}
              required={secretNeeded}
              aria-describedby={moved ? 'secret-again' : undefined}
              placeholder={
                selected?.secretSaved && !moved
                  ? t('connections.secretSaved')
                  : t('connections.secretMissing')
              }
              onChange={(event) => setSecret(event.target.value)}
            />
          </label>
          {moved && (
            <p id="secret-again" className="hint">
              {t('connections.secretAgain')}
            </p>
          )}
          {session?.keychainProblem && <p className="hint">{t('connections.secretSessionOnly')}</p>}
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
            <button type="button" disabled={!selectedId || busy} onClick={() => void test()}>
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
