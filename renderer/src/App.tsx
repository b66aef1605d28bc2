import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterCondition } from '../../electron/shared/filter';
import type { View } from '../../electron/shared/view';
import type { SavedView } from '../../electron/shared/saved-view';
import type { CustomerTables, Desk } from '../../electron/shared/desk';
import { layoutKeyOf, usePutLayout } from './table/columns/useColumnLayout';
import type { Resource } from '../../electron/shared/api-rules';
import { ConnectionsPanel } from './connections/ConnectionsPanel';
import { Header } from './shell/Header';
import { FailureMessage } from './ui/FailureMessage';
import { StatusBar } from './shell/StatusBar';
import { ProxyLoginDialog } from './connections/ProxyLoginDialog';
import { useRefreshCommands } from './shell/useRefreshCommands';
import { useAppCommands } from './shell/useAppCommands';
import { useScreenNotice } from './screens/useScreenNotice';
import { useScreenTrail } from './shell/useScreenTrail';
import { ConfirmLeave, LeaveGuardProvider } from './ui/leave-guard';
import { useCommand } from './keyboard/commands';
import { CommandBox } from './keyboard/CommandBox';
import { ShortcutsSheet } from './keyboard/ShortcutsSheet';
import { ApiContext, useApi } from './api/context';
import { onConnection } from './api/on-connection';
import { useRefreshViews, useSession, useSessionEvents } from './data/queries';
import { FIRST_VIEW } from './rows';
import { useLinkOpening } from './links/useLinkOpening';
import { useHeldListEvents } from './data/useHeldLists';
import { ExportsPanel } from './exports/ExportsPanel';
import { ExportsTray } from './exports/ExportsTray';
import { CustomerDetail } from './screens/CustomerDetail';
import { useHostReachable } from './api/host-link';
import { withName, withOpened, type RecentCustomer } from './finder/recent-customers';
import { pointedAt, type FoundThrough } from './finder/found-through';
import type { Restored } from './desk/restore';
import { useDeskKeeping } from './desk/useDeskKeeping';
import { deskOf, movedCustomer, type TableMoves } from './desk/desk-of';
import { nameOf } from './customer/CustomerHeading';
import { ListView, type ListPlace } from './screens/ListView';

export type Screen =
  /** `returning`: back from a customer, to the list it was opened from. */
  /** `opened`: a saved view was opened (counted: each opening is a new table). */
  | { kind: 'list'; resource: Resource; returning?: boolean; opened?: number; savedView?: string }
  /** `name`: when the list it was opened from gave it (opened by its id alone, it is looked up). */
  /** `found`: what the finder matched, when it was one of its contacts or agreements (its page points to it). */
  | { kind: 'customer'; customerId: string; name?: string; tables?: CustomerTables; found?: FoundThrough }
  | { kind: 'connections' }
  | { kind: 'exports' };

/** A message of the window's own, by its locale key. */
const NEW_PLACE: ListPlace = { filter: [] };

/** Whether two screens show the same thing (a list shown again is no new step of the trail). */
function sameScreen(a: Screen, b: Screen): boolean {
  if (a.kind === 'list' && b.kind === 'list') return a.resource === b.resource && a.opened === b.opened;
  if (a.kind === 'customer' && b.kind === 'customer') return a.customerId === b.customerId && !b.tables;
  return a.kind === b.kind && a.kind !== 'list' && a.kind !== 'customer';
}

/** The screen a desk kept shows, or the first list. */
function screenOf(desk: Desk | undefined): Screen {
  const kept = desk?.screen;
  if (kept?.kind === 'customer')
    return { kind: 'customer', customerId: kept.customerId, tables: kept.tables };
  return { kind: 'list', resource: kept?.resource ?? FIRST_VIEW.resource };
}

/**
 * The application: the views, the customer detail, the status bar. It opens where the window was
 * (`restored`, main.tsx) and keeps where it is under `deskKey`.
 */
export function App({
  pageSize,
  deskKey,
  restored,
  link,
}: {
  pageSize: number;
  deskKey: string;
  restored: Restored;
  /** A cdb:// link to open first (the browser host's address carried it). */
  link?: string;
}) {
  useSessionEvents();
  const session = useSession();
  const { t } = useTranslation();
  const reachable = useHostReachable();
  // The tab's title says the app's name in the language shown, and that it stopped (seen from another tab).
  useEffect(() => {
    document.title = t(reachable ? 'app.title' : 'app.hostGoneTitle');
  }, [t, reachable]);
  const trail = useScreenTrail<Screen>(screenOf(restored.desk), sameScreen);
  const { previous } = trail;
  /** Whether the screen shown holds unsaved input (the connection form): leaving asks first. */
  const unsavedRef = useRef(false);
  /** A move asked while input is unsaved: carried out if the person discards it. */
  const [leaving, setLeaving] = useState<(() => void) | undefined>();
  const guarded = (move: () => void) => {
    if (unsavedRef.current) setLeaving(() => move);
    else move();
  };
  const setScreen = (next: Screen) => guarded(() => trail.go(next));
  // Back on a list: the row it was left on has the keyboard again.
  const screen: Screen =
    trail.wentBack && trail.screen.kind === 'list' ? { ...trail.screen, returning: true } : trail.screen;
  /** Back where the user came from (the browser's history): the list a customer was opened from, with its search and row. */
  const backNow = () =>
    previous ? trail.back() : trail.go({ kind: 'list', resource: 'customers', returning: true });
  const goBack = () => guarded(backNow);
  useCommand('app.back', goBack, { enabled: previous !== undefined || screen.kind !== 'list' });
  const [places, setPlaces] = useState<Partial<Record<Resource, ListPlace>>>(
    () => restored.desk?.places ?? {},
  );
  const [notice, setNotice] = useScreenNotice(restored, trail.screen);
  const resource = screen.kind === 'list' ? screen.resource : undefined;
  // Where the user is in the tables, as they move: kept out of state (a scroll renders nothing).
  const moves = useRef<TableMoves>({ lists: {} });
  /** Customers opened this session, the latest first: offered again by "Open customer" (never saved). */
  const [recentCustomers, setRecentCustomers] = useState<RecentCustomer[]>([]);
  const openCustomer = (customerId: string, name?: string, tables?: CustomerTables, found?: FoundThrough) => {
    setRecentCustomers((recent) => withOpened(recent, customerId, name));
    // Its tables start as given: the moves in another opening of it are not theirs.
    moves.current.customer = undefined;
    setScreen({
      kind: 'customer',
      customerId,
      ...(name !== undefined && { name }),
      ...(tables && { tables }),
      ...(found && { found }),
    });
  };
  const putLayout = usePutLayout();
  const openings = useRef(0);
  /** A list (or a customer's table) with its sort and filter, from its top. */
  const showList = (view: View, filter: FilterCondition[], savedView?: string) => {
    const state = { filter, ...(view.sort !== undefined && { sort: view.sort }) };
    if (view.customerId !== undefined && view.resource !== 'customers') {
      openCustomer(view.customerId, undefined, { [view.resource]: state });
      return;
    }
    delete moves.current.lists[view.resource];
    setPlaces((current) => ({ ...current, [view.resource]: state }));
    setScreen({
      kind: 'list',
      resource: view.resource,
      opened: ++openings.current,
      ...(savedView !== undefined && { savedView }),
    });
  };
  /** A saved view, restored exactly: its columns' layout, then its list (or customer) with its sort and filter. */
  const openView = (view: SavedView) => {
    putLayout(layoutKeyOf(view), view.layout);
    showList(view, view.filter, view.name);
  };
  const api = useApi();
  const connectionId = session.data?.connection?.id;
  useLinkOpening({
    initial: link,
    connectionId,
    open: (opened) =>
      opened.action === 'customer' ? openCustomer(opened.customerId) : showList(opened.view, opened.filter),
    tell: setNotice,
  });
  const deskChanged = useDeskKeeping(deskKey, () => deskOf(connectionId, screen, places, moves.current));
  useEffect(deskChanged, [deskChanged, connectionId, screen, places]);
  // Below here every request that acts on a connection names the one this window shows.
  const connectionApi = useMemo(() => onConnection(api, connectionId), [api, connectionId]);
  useHeldListEvents(api, connectionId);
  const refresh = useRefreshViews();
  const showsData = screen.kind === 'list' || screen.kind === 'customer';
  useRefreshCommands(showsData ? refresh : undefined);
  const showConnections = () => setScreen({ kind: 'connections' });
  const showExports = () => setScreen({ kind: 'exports' });
  /** The keyboard's own dialogs: the command box (Ctrl+K) and the shortcuts sheet (`?`, F1). */
  const [keyboardDialog, setKeyboardDialog] = useState<'commands' | 'shortcuts'>();
  useCommand('app.commands', () => setKeyboardDialog('commands'));
  useCommand('app.shortcuts', () => setKeyboardDialog('shortcuts'));
  useAppCommands({
    onShowConnections: showConnections,
    onShowExports: showExports,
    recentCustomers,
    onOpenCustomer: openCustomer,
    onOpenView: openView,
  });

  return (
    <ApiContext.Provider value={connectionApi}>
      <LeaveGuardProvider value={unsavedRef}>
        <div className="app">
          <Header
            session={session.data}
            resource={resource}
            onResource={(next) => setScreen({ kind: 'list', resource: next })}
            onManageConnections={showConnections}
            onShowExports={showExports}
            onRefresh={showsData ? refresh : undefined}
            recentCustomers={recentCustomers}
            onOpenCustomer={(customerId, name, found) =>
              openCustomer(customerId, name, pointedAt(found)?.tables, pointedAt(found) && found)
            }
            onOpenView={openView}
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
            {screen.kind === 'exports' ? (
              <ExportsPanel canReveal={session.data?.canRevealFiles ?? false} onClose={goBack} />
            ) : screen.kind === 'connections' ? (
              <ConnectionsPanel session={session.data} onClose={goBack} onDone={backNow} />
            ) : screen.kind === 'list' ? (
              <ListView
                key={`${screen.resource}:${screen.opened ?? 0}`}
                resource={screen.resource}
                pageSize={pageSize}
                place={places[screen.resource] ?? NEW_PLACE}
                // A list left because a saved view replaced its place must not write its old place back.
                onPlaceChange={(place, from) => {
                  // The place the list now holds is the newest (a new sort or filter starts at the top).
                  delete moves.current.lists[screen.resource];
                  setPlaces((current) =>
                    (current[screen.resource] ?? NEW_PLACE) === from
                      ? { ...current, [screen.resource]: place }
                      : current,
                  );
                }}
                onOpenCustomer={(customer) => openCustomer(String(customer.id), nameOf(customer))}
                onOpenCustomerId={(customerId) => openCustomer(customerId)}
                returning={screen.returning}
                savedView={screen.savedView}
                onMove={(table) => {
                  moves.current.lists[screen.resource] = table;
                  deskChanged();
                }}
              />
            ) : (
              <CustomerDetail
                key={screen.customerId}
                customerId={screen.customerId}
                name={screen.name}
                onNamed={(name) => setRecentCustomers((recent) => withName(recent, screen.customerId, name))}
                tables={screen.tables}
                found={screen.found}
                pageSize={pageSize}
                backTo={previous ?? { kind: 'list', resource: 'customers' }}
                onBack={goBack}
                onTableChange={(table, place) => {
                  moves.current.customer = movedCustomer(moves.current.customer, screen, table, place);
                  deskChanged();
                }}
              />
            )}
          </main>
          <ExportsTray canReveal={session.data?.canRevealFiles ?? false} />
          <ProxyLoginDialog />
          {keyboardDialog === 'commands' && <CommandBox onClose={() => setKeyboardDialog(undefined)} />}
          {keyboardDialog === 'shortcuts' && <ShortcutsSheet onClose={() => setKeyboardDialog(undefined)} />}
          <StatusBar session={session.data} />
          {leaving && (
            <ConfirmLeave
              onKeep={() => setLeaving(undefined)}
              onDiscard={() => {
                setLeaving(undefined);
                unsavedRef.current = false;
                leaving();
              }}
            />
          )}
        </div>
      </LeaveGuardProvider>
    </ApiContext.Provider>
  );
}
