import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './shell/Header';
import { FailureMessage } from './ui/FailureMessage';
import { StatusBar } from './shell/StatusBar';
import { ProxyLoginDialog } from './connections/ProxyLoginDialog';
import { useRefreshCommands } from './shell/useRefreshCommands';
import { useTextSizeCommands } from './shell/useTextSizeCommands';
import { useAppCommands } from './shell/useAppCommands';
import { useScreenNotice } from './screens/useScreenNotice';
import { ConfirmLeave, LeaveGuardProvider } from './ui/leave-guard';
import { useCommand } from './keyboard/commands';
import { CommandBox } from './keyboard/CommandBox';
import { ShortcutsSheet } from './keyboard/ShortcutsSheet';
import { ApiContext, useApi } from './api/context';
import { onConnection } from './api/on-connection';
import { useRefreshViews, useSession, useSessionEvents } from './data/queries';
import { useLinkOpening } from './links/useLinkOpening';
import { useHeldListEvents } from './data/useHeldLists';
import { ExportsTray } from './exports/ExportsTray';
import { useHostReachable } from './api/host-link';
import { pointedAt } from './finder/found-through';
import type { Restored } from './desk/restore';
import { useDeskKeeping } from './desk/useDeskKeeping';
import { deskOf } from './desk/desk-of';
import { useNavigation } from './screens/useNavigation';
import { ShownScreen } from './screens/ShownScreen';

interface AppProps {
  pageSize: number;
  deskKey: string;
  restored: Restored;
  /** A cdb:// link to open first (the browser host's address carried it). */
  link?: string;
}

/**
 * The application: the views, the customer detail, the status bar. It opens where the window was
 * (`restored`, main.tsx) and keeps where it is under `deskKey`.
 */
export function App({ pageSize, deskKey, restored, link }: AppProps) {
  useSessionEvents();
  const session = useSession();
  const { t } = useTranslation();
  const reachable = useHostReachable();
  // The tab's title says the app's name in the language shown, and that it stopped (seen from another tab).
  useEffect(() => {
    document.title = t(reachable ? 'app.title' : 'app.hostGoneTitle');
  }, [t, reachable]);
  const nav = useNavigation(restored);
  const { screen, places, leaving } = nav;
  useCommand('app.back', nav.goBack, { enabled: nav.previous !== undefined || screen.kind !== 'list' });
  useCommand('app.forward', nav.goForward, { enabled: nav.next !== undefined });
  // Esc on a list closes what is open there (a menu, the record), never the list itself.
  useCommand('app.leave', nav.goBack, { enabled: screen.kind !== 'list' });
  const [notice, setNotice] = useScreenNotice(restored, nav.trailScreen);
  const api = useApi();
  const connectionId = session.data?.connection?.id;
  useLinkOpening({
    initial: link,
    connectionId,
    open: (opened) =>
      opened.action === 'customer'
        ? nav.openCustomer(opened.customerId)
        : nav.showList(opened.view, opened.filter),
    tell: setNotice,
  });
  const deskChanged = useDeskKeeping(deskKey, () => deskOf(connectionId, screen, places, nav.moves.current));
  useEffect(deskChanged, [deskChanged, connectionId, screen, places]);
  // Below here every request that acts on a connection names the one this window shows.
  const connectionApi = useMemo(() => onConnection(api, connectionId), [api, connectionId]);
  useHeldListEvents(api, connectionId);
  const refresh = useRefreshViews();
  const showsData = screen.kind === 'list' || screen.kind === 'customer';
  useRefreshCommands(showsData ? refresh : undefined);
  const showConnections = () => nav.setScreen({ kind: 'connections' });
  const showExports = () => nav.setScreen({ kind: 'exports' });
  /** The keyboard's own dialogs: the command box (Ctrl+K) and the shortcuts sheet (`?`, F1). */
  const [keyboardDialog, setKeyboardDialog] = useState<'commands' | 'shortcuts'>();
  useCommand('app.commands', () => setKeyboardDialog('commands'));
  useCommand('app.shortcuts', () => setKeyboardDialog('shortcuts'));
  useAppCommands({
    onShowConnections: showConnections,
    onShowExports: showExports,
    offeredCustomers: nav.marks.offered(),
    onOpenCustomer: nav.openCustomer,
    onOpenView: nav.openView,
  });
  useTextSizeCommands();

  return (
    <ApiContext.Provider value={connectionApi}>
      <LeaveGuardProvider value={nav.unsavedRef}>
        <div className="app">
          <Header
            session={session.data}
            resource={screen.kind === 'list' ? screen.resource : undefined}
            onResource={(next) => nav.setScreen({ kind: 'list', resource: next })}
            onManageConnections={showConnections}
            onShowExports={showExports}
            onRefresh={showsData ? refresh : undefined}
            offeredCustomers={nav.marks.offered()}
            onOpenCustomer={(customerId, name, found) =>
              nav.openCustomer(customerId, name, pointedAt(found)?.tables, pointedAt(found) && found)
            }
            onOpenView={nav.openView}
          />
          <main>
            {!reachable && (
              <p className="host-gone" role="alert">
                {t('app.hostGone')}
              </p>
            )}
            {session.error && <FailureMessage failure={session.error} />}
            {notice && (
              <p className="notice" role="status">
                {t(notice.key, notice.values ?? {})}{' '}
                <button type="button" onClick={() => setNotice(undefined)}>
                  {t('desk.dismiss')}
                </button>
              </p>
            )}
            <ShownScreen nav={nav} session={session.data} pageSize={pageSize} onMoved={deskChanged} />
          </main>
          <ExportsTray canReveal={session.data?.canRevealFiles ?? false} />
          <ProxyLoginDialog />
          {keyboardDialog === 'commands' && <CommandBox onClose={() => setKeyboardDialog(undefined)} />}
          {keyboardDialog === 'shortcuts' && <ShortcutsSheet onClose={() => setKeyboardDialog(undefined)} />}
          <StatusBar session={session.data} />
          {leaving && (
            <ConfirmLeave onKeep={() => nav.setLeaving(undefined)} onDiscard={nav.discardAndLeave} />
          )}
        </div>
      </LeaveGuardProvider>
    </ApiContext.Provider>
  );
}
