import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ExportEvent, RequestInput } from '../../../electron/shared/contract';
import { call } from '../api/call';
import { useApi } from '../api/context';

/** An export of this session, as the tray and the Exports panel show it. */
export interface SessionExport extends Partial<ExportEvent> {
  exportId: string;
  fileName: string;
  path: string;
  state: ExportEvent['state'];
}

interface ExportsState {
  exports: SessionExport[];
  start: (request: RequestInput<'export.start'>) => Promise<void>;
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
  const [exports, setExports] = useState<SessionExport[]>([]);
  // Events can come before export.start has answered (a small export): kept until it has.
  const early = useRef(new Map<string, ExportEvent>());

  useEffect(
    () =>
      api.on('export.progress', (event) =>
        setExports((current) => {
          if (!current.some((item) => item.exportId === event.exportId))
            early.current.set(event.exportId, event);
          return current.map((item) => (item.exportId === event.exportId ? { ...item, ...event } : item));
        }),
      ),
    [api],
  );

  const start = useCallback(
    async (request: RequestInput<'export.start'>) => {
      const { exportId, path } = await call(api, 'export.start', request);
      const started: SessionExport = { exportId, path, fileName: request.fileName, state: 'running' };
      const seen = early.current.get(exportId);
      early.current.delete(exportId);
      setExports((current) => [{ ...started, ...seen }, ...current]);
    },
    [api],
  );
  const cancel = useCallback((exportId: string) => void api.invoke('export.cancel', { exportId }), [api]);
  const dismiss = useCallback(
    (exportId: string) => setExports((current) => current.filter((item) => item.exportId !== exportId)),
    [],
  );
  const value = useMemo(() => ({ exports, start, cancel, dismiss }), [exports, start, cancel, dismiss]);
  return <ExportsContext.Provider value={value}>{children}</ExportsContext.Provider>;
}

/** This session's exports and what can be done with them. */
export function useExports(): ExportsState {
  const state = useContext(ExportsContext);
  if (!state) throw new Error('useExports outside <ExportsProvider>');
  return state;
}
