import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProxyChallenge } from '@shared/contract/connection-requests';
import { useApi } from '../api/context';
import { call } from '../api/call';
import { FormField } from '../ui/FormField';
import { ModalDialog } from '../ui/ModalDialog';

/**
 * The office proxy asks for a login (the desktop app only: main's `login` event, through core): the
 * user types it, may keep it in the keychain for that proxy, or cancels (the request fails with the
 * proxy's refusal, in words). Questions come one proxy at a time; the password never leaves core again.
 */
export function ProxyLoginDialog() {
  const api = useApi();
  const [questions, setQuestions] = useState<ProxyChallenge[]>([]);
  useEffect(
    () =>
      api.on('proxy.login', (challenge) =>
        setQuestions((waiting) => [
          ...waiting.filter((other) => other.host !== challenge.host || other.port !== challenge.port),
          challenge,
        ]),
      ),
    [api],
  );
  const [current] = questions;
  if (!current) return null;
  const done = () => setQuestions((waiting) => waiting.slice(1));
  return <ProxyLoginForm key={`${current.host}:${current.port}`} challenge={current} onDone={done} />;
}

function ProxyLoginForm({ challenge, onDone }: { challenge: ProxyChallenge; onDone: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const answered = useRef(false);
  const { host, port } = challenge;
  const answer = (login?: { username: string; password: string; remember: boolean }) => {
    answered.current = true;
    void call(api, 'connection.proxyAnswer', { host, port, ...(login && { login }) }).finally(onDone);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) {
      setProblem(t('proxyLogin.usernameEmpty'));
      return;
    }
    answer({ username: username.trim(), password, remember });
    dialog.current?.close();
  };

  return (
    <ModalDialog
      dialog={dialog}
      className="form-dialog"
      title={t('proxyLogin.title')}
      describedBy="proxy-login-intro"
      // Esc, Cancel, or the dialog closed any other way without a login: the proxy is told no.
      onClose={() => answered.current || answer()}
    >
      <form method="dialog" onSubmit={submit} noValidate>
        <p id="proxy-login-intro">
          {t('proxyLogin.intro', { proxy: `${host}:${port}` })}
          {challenge.realm && ` ${t('proxyLogin.realm', { realm: challenge.realm })}`}
        </p>
        {challenge.refused && (
          <p className="field-problem" role="alert">
            {t('proxyLogin.refused')}
          </p>
        )}
        <FormField
          label={t('proxyLogin.username')}
          problem={problem}
          value={username}
          maxLength={256}
          autoComplete="username"
          autoFocus
          onChange={(event) => {
            setUsername(event.target.value);
            setProblem(undefined);
          }}
        />
        <FormField
          label={t('proxyLogin.password')}
          type="password"
          value={password}
          maxLength={4_096}
          autoComplete="current-password"
          onChange={(event) => setPassword(event.target.value)}
        />
        <label className="checkbox-field">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {t('proxyLogin.remember')}
        </label>
        <div className="form-actions">
          <button type="submit">{t('proxyLogin.signIn')}</button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('proxyLogin.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
