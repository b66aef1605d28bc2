import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '@shared/contract/status';
import { ADVANCED_FIELDS, LABEL_KEYS, TEXT_FIELDS, type Draft } from './connection-draft';
import { CompanyRootField } from './CompanyRootField';
import { FormField } from '../ui/FormField';
import { useConnectionForm } from './useConnectionForm';
import { ConnectionList } from './ConnectionList';
import { PanelHeader } from '../ui/PanelHeader';
import { useLeaveGuard } from '../ui/leave-guard';

interface ConnectionsPanelProps {
  session: SessionStatus | undefined;
  onClose: () => void;
  /** Leaves once a connection was chosen: what was typed is saved, nothing to ask. */
  onDone: () => void;
}

/**
 * Add, edit, test, use and delete connection profiles. The secret field is write-only: it says
 * whether a secret is saved, never shows one, and is sent only when the user types a new one. A
 * connection can be tested as typed, before it is saved; every mistake is shown by its field.
 */
export function ConnectionsPanel({ session, onClose, onDone }: ConnectionsPanelProps) {
  const { t } = useTranslation();
  const form = useConnectionForm(onDone);
  useLeaveGuard(form.unsaved);
  const { profiles, selectedId, selected, draft, setDraft, secret, setSecret, problems, message, busy } =
    form;
  const { moved, secretNeeded, pick, save, test, remove, use } = form;
  const testCostId = useId();
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
        <ConnectionList
          profiles={profiles.data ?? []}
          selectedId={selectedId}
          inUseId={session?.connection?.id}
          onPick={pick}
        />
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
          {selected?.secretDiffersFrom && !moved && (
            <p className="hint" role="note">
              {t('connections.secretDiffers', { names: selected.secretDiffersFrom.join(', ') })}
            </p>
          )}
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
            <CompanyRootField
              value={draft.caCertificates}
              problem={problems.caCertificates}
              onChange={(caCertificates) => setDraft({ ...draft, caCertificates })}
            />
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
