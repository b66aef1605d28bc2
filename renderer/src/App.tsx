import { useEffect, useState } from 'react';
import type { AppApi, SessionStatus } from '../../electron/shared/contract';

/** The application frame: for now the connection and its token; views and tables come with the renderer. */
export function App({ api }: { api: AppApi | undefined }) {
  const [status, setStatus] = useState<SessionStatus | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (!api) return;
    const refresh = () =>
      void api.invoke('session.status', {}).then((result) => {
        if (result.ok) setStatus(result.value);
        else setProblem(result.error.message);
      });
    refresh();
    return api.on('token.state', refresh);
  }, [api]);

  if (!api) {
    return (
      <main>
        <h1>Customer Data Browser</h1>
        <p role="alert">Open the address the app printed when it started: it carries this session's key.</p>
      </main>
    );
  }
  return (
    <main>
      <h1>Customer Data Browser</h1>
      {problem && <p role="alert">{problem}</p>}
      <p data-testid="connection">
        {status?.connection ? `Connection: ${status.connection.name}` : 'No connection'}
      </p>
      {status?.token && (
        <p data-testid="token">
          Tokens used today: {status.token.used} / {status.token.limit}
        </p>
      )}
      {status?.keychainProblem && <p role="status">{status.keychainProblem}</p>}
    </main>
  );
}
