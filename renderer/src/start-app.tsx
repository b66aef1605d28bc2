import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Installed } from './api';
import { ApiContext } from './api/context';
import { prefetchFirstView, retryUnlessRefused, sessionQuery, settingsQuery } from './data/queries';
import { restoreDesk } from './desk/restore';
import { RowsStore, showsFirstView, type EarlyPage } from './rows';
import { RowsContext } from './data/rows-context';
import { App } from './App';
import { ExportsProvider } from './exports/exports-context';
import { KeyboardProvider } from './keyboard/KeyboardProvider';
import { startI18n } from './i18n/translations';
import { browserLanguage, type ShownSettings } from './i18n/shown-language';
import type { RequestOutputs } from '@shared/contract/contract';

/** The window's first requests, asked before the app's code is in (main.tsx). */
export interface FirstAnswers {
  session: Promise<RequestOutputs['connection.status']>;
  desk: Promise<RequestOutputs['desk.get']>;
  settings: Promise<ShownSettings>;
  /** The first view's first page, when those three said it is what the window shows first. */
  page: Promise<EarlyPage | undefined>;
}

/** How the page got in, with the first answers when it did. */
export type Started =
  Exclude<Installed, { api: unknown }> | (Extract<Installed, { api: unknown }> & { first: FirstAnswers });

/**
 * Starts the app in `root` once its code is in (main.tsx loads it while the window's first requests
 * are out), from the answers to those requests.
 */
export async function startApp(root: HTMLElement, installed: Started) {
  if (!('api' in installed)) {
    // No way to reach the app: the page was opened without the address the host printed, or with one already used.
    await startI18n(browserLanguage());
    const { NoSession } = await import('./shell/NoSession');
    createRoot(root).render(<NoSession problem={installed.problem} />);
  } else {
    const { api, first } = installed;
    // Pages are kept as loaded: no refetch of every page when the window gets focus back.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessRefused } },
    });
    // The session, the settings, the desk and the first view's first page were asked for by
    // main.tsx. The session and the settings go into the query cache, so that the components showing
    // them do not ask again. The first view's count and schema are asked for before React renders:
    // the first render holds the main thread for tens of milliseconds, and a request started during
    // it would wait for it.
    const session = queryClient
      .fetchQuery({ ...sessionQuery(api), queryFn: () => first.session })
      .catch(() => undefined);
    const { deskKey } = installed;
    const kept = first.desk.catch(() => null);
    const settings = await queryClient.fetchQuery({ ...settingsQuery(api), queryFn: () => first.settings });
    const restored = await restoreDesk(api, queryClient, await kept, await session);
    const early = await first.page.catch(() => undefined);
    // The window's rows, read and told: made with it, dropped with it.
    const rows = new RowsStore();
    if (showsFirstView(restored.desk))
      prefetchFirstView(
        api,
        rows,
        queryClient,
        queryClient.getQueryData(sessionQuery(api).queryKey),
        settings,
        early,
      );
    else early?.cancel();
    await startI18n(settings.language);
    createRoot(root).render(
      <StrictMode>
        <ApiContext.Provider value={api}>
          <RowsContext.Provider value={rows}>
            <QueryClientProvider client={queryClient}>
              <ExportsProvider>
                <KeyboardProvider>
                  <App
                    pageSize={settings.pageSize}
                    deskKey={deskKey}
                    restored={restored}
                    link={installed.link}
                  />
                </KeyboardProvider>
              </ExportsProvider>
            </QueryClientProvider>
          </RowsContext.Provider>
        </ApiContext.Provider>
      </StrictMode>,
    );
  }
}
