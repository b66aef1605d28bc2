import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installApi } from './api';
import { ApiContext } from './api/context';
import { prefetchFirstView, retryUnlessRefused, sessionQuery, settingsQuery } from './data/queries';
import { App } from './App';
import { ExportsProvider } from './exports/exports-context';
import { startI18n } from './i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const installed = await installApi();

if (!('api' in installed)) {
  // No way to reach the app: the page was opened without the address the host printed, or with one already used.
  await startI18n(navigator.language.startsWith('fr') ? 'fr' : 'en');
  const { NoSession } = await import('./app/NoSession');
  createRoot(root).render(<NoSession problem={installed.problem} />);
} else {
  const { api } = installed;
  // Pages are kept as loaded: no refetch of every page when the window gets focus back.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessRefused } },
  });
  // The first screen's data is on its way while the settings come, the languages start and React renders.
  void queryClient.prefetchQuery(sessionQuery(api));
  // Through the query cache, so the components that show the settings do not ask for them again.
  const settings = await queryClient.fetchQuery(settingsQuery(api));
  void prefetchFirstView(api, queryClient, settings);
  await startI18n(settings.language);
  createRoot(root).render(
    <StrictMode>
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <ExportsProvider>
            <App pageSize={settings.pageSize} />
          </ExportsProvider>
        </QueryClientProvider>
      </ApiContext.Provider>
    </StrictMode>,
  );
}
