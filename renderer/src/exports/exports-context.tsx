import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import type { RequestInput } from '@shared/contract/contract';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { NO_EXPORTS, sessionExports, type SessionExport } from './session-exports';

interface ExportsState {
  exports: SessionExport[];
  /** Starts an export; its id, to follow it among `exports`. */
  start: (request: RequestInput<'export.start'>) => Promise<string>;
  /** A customer's record as a PDF, followed as an export is. */
  startRecord: (request: RequestInput<'export.record'>) => Promise<string>;
  cancel: (exportId: string) => void;
  dismiss: (exportId: string) => void;
}

const ExportsContext = createContext<ExportsState | undefined>(undefined);

/**
 * This session's exports, fed by the app's export.progress events, so their progress stays
 * visible whatever view the user goes to. Several can run at once.
 */
export function ExportsProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [{ exports }, dispatch] = useReducer(sessionExports, NO_EXPORTS);

  useEffect(() => api.on('export.progress', (event) => dispatch({ type: 'event', event })), [api]);

  const begin = useCallback(
    async (fileName: string, ask: () => Promise<{ exportId: string; path: string }>) => {
      dispatch({ type: 'starting' });
      let answer;
      try {
        answer = await ask();
      } catch (error) {
        dispatch({ type: 'start-failed' });
        throw error;
      }
      const { exportId, path } = answer;
      dispatch({ type: 'started', started: { exportId, path, fileName, state: 'running' } });
      return exportId;
    },
    [],
  );
  const start = useCallback(
    (request: RequestInput<'export.start'>) =>
      begin(request.fileName, () => call(api, 'export.start', request)),
    [api, begin],
  );
  const startRecord = useCallback(
    (request: RequestInput<'export.record'>) =>
      begin(request.fileName, () => call(api, 'export.record', request)),
    [api, begin],
  );
  const cancel = useCallback((exportId: string) => void api.invoke('export.cancel', { exportId }), [api]);
  const dismiss = useCallback((exportId: string) => dispatch({ type: 'dismissed', exportId }), []);
  const value = useMemo(
    () => ({ exports, start, startRecord, cancel, dismiss }),
    [exports, start, startRecord, cancel, dismiss],
  );
  return <ExportsContext.Provider value={value}>{children}</ExportsContext.Provider>;
}

/** This session's exports and what can be done with them. */
export function useExports(): ExportsState {
  const state = useContext(ExportsContext);
  if (!state) throw new Error('useExports outside <ExportsProvider>');
  return state;
}
