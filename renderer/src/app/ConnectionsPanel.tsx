import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import type { ProfileSummary, SessionStatus } from '../../../electron/shared/contract';
import { profileInputSchema } from '../../../electron/shared/profile';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { describeFailure } from './describe-failure';
import { PanelHeader } from './PanelHeader';

interface Draft {
  name: string;
  baseUrl: string;
  authUrl: string;
  audience: string;
  clientId: string;
  apiPrefix: string;
  schemaPath: string;
  requestsPerSecond: string;
  burst: string;
}

const EMPTY: Draft = {
  name: '',
  baseUrl: '',
  authUrl: '',
  audience: '',
  clientId: '',
  apiPrefix: '/v1',
  schemaPath: '/v1/schemas',
  requestsPerSecond: '20',
  burst: '35',
};

const draftOf = (profile: ProfileSummary): Draft => ({
  name: profile.name,
  baseUrl: profile.baseUrl,
  authUrl: profile.authUrl,
  audience: profile.audience ?? '',
  clientId: profile.clientId,
  apiPrefix: profile.apiPrefix,
  schemaPath: profile.schemaPath,
  requestsPerSecond: String(profile.requestsPerSecond),
  burst: String(profile.burst),
});

const TEXT_FIELDS = ['name', 'baseUrl', 'authUrl', 'audience', 'clientId'] as const;
const URL_FIELDS = new Set(['baseUrl', 'authUrl']);
const ADVANCED_FIELDS = ['apiPrefix', 'schemaPath', 'requestsPerSecond', 'burst'] as const;
const LABEL_KEYS: Record<keyof Draft, string> = {
  name: 'connections.name',
  baseUrl: 'connections.baseUrl',
  authUrl: 'connections.authUrl',
  audience: 'connections.audience',
  clientId: 'connections.clientId',
  apiPrefix: 'connections.apiPrefix',
  schemaPath: 'connections.schemaPath',
  requestsPerSecond: 'connections.rate',
  burst: 'connections.burst',
};

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
  const api = useApi();
  const queryClient = useQueryClient();
  const profiles = useQuery({ queryKey: ['profiles'], queryFn: () => call(api, 'profiles.list', {}) });
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  const selected = profiles.data?.find((profile) => profile.id === selectedId);
  // Credentials belong to their address: moving a saved connection needs its secret typed again (the app refuses otherwise).
  const moved =
    selected !== undefined &&
    (['baseUrl', 'authUrl', 'audience', 'clientId'] as const).some(
      (name) => draft[name].trim().replace(/\/+$/, '') !== (draftOf(selected)[name] ?? ''),
    );
  const secretNeeded = !selected?.secretSaved || moved;

  const pick = (profile: ProfileSummary | undefined) => {
    setSelectedId(profile?.id);
    setDraft(profile ? draftOf(profile) : EMPTY);
    setSecret('');
    setMessage(undefined);
  };

  const attempt = async (action: () => Promise<string>) => {
    try {
      setMessage({ kind: 'ok', text: await action() });
    } catch (failure) {
      setMessage({ kind: 'error', text: describeFailure(t, language, failure) });
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const profile = {
        name: draft.name,
        baseUrl: draft.baseUrl,
        authUrl: draft.authUrl,
        ...(draft.audience.trim() && { audience: draft.audience }),
        clientId: draft.clientId,
        apiPrefix: draft.apiPrefix,
        schemaPath: draft.schemaPath,
        requestsPerSecond: Number(draft.requestsPerSecond),
        burst: Number(draft.burst),
      };
      // The app checks again; checking here first says what is wrong in the user's language, by field.
      const checked = profileInputSchema.safeParse(profile);
      if (!checked.success) {
        throw new Error(
          checked.error.issues
            .map((issue) => {
              const field = String(issue.path[0] ?? '');
              const rule = URL_FIELDS.has(field)
                ? t('connections.urlRule')
                : issue.code === 'too_small'
                  ? t('connections.required')
                  : t('connections.invalidValue', { detail: issue.message });
              const label = field in LABEL_KEYS ? t(LABEL_KEYS[field as keyof Draft]) : field;
              return t('connections.fieldProblem', { field: label, rule });
            })
            .join(' · '),
        );
      }
      const saved = await call(api, 'profiles.save', { id: selectedId, profile, ...(secret && { secret }) });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
      setSelectedId(saved.id);
      setSecret('');
      return t('connections.saved');
    });
  };

  const test = () =>
    attempt(async () => {
      const { customers } = await call(api, 'profiles.test', { id: selectedId ?? '' });
      return t('connections.testOk', { count: customers });
    });

  const remove = () =>
    attempt(async () => {
      await call(api, 'profiles.delete', { id: selectedId ?? '' });
      await queryClient.invalidateQueries();
      pick(undefined);
      return t('connections.deleted');
    });

  const use = () =>
    attempt(async () => {
      await call(api, 'connection.select', { id: selectedId ?? '' });
      await queryClient.resetQueries();
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
            <button type="submit">{t('connections.save')}</button>
            <button type="button" disabled={!selectedId} onClick={() => void test()}>
              {t('connections.test')}
            </button>
            <button type="button" disabled={!selectedId} onClick={() => void use()}>
              {t('connections.use')}
            </button>
            <button type="button" disabled={!selectedId} onClick={() => void remove()}>
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
