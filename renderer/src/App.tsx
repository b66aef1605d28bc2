import { useEffect, useState } from 'react';
import type { Resource } from '../../electron/shared/api-rules';
import type { ApiRecord } from '../../electron/shared/schema';
import { ConnectionsPanel } from './app/ConnectionsPanel';
import { Header } from './app/Header';
import { FailureMessage } from './app/FailureMessage';
import { StatusBar } from './app/StatusBar';
import { useApi } from './api/context';
import { FIRST_VIEW, useRefreshViews, useSession } from './data/queries';
import { ExportsPanel } from './exports/ExportsPanel';
import { ExportsTray } from './exports/ExportsTray';
import { CustomerDetail } from './customer/CustomerDetail';
import { ListView, type ListPlace } from './views/ListView';

type Screen =
  /** `returning`: back from a customer, to the list it was opened from. */
  | { kind: 'list'; resource: Resource; returning?: boolean }
  | { kind: 'customer'; customer: ApiRecord }
  | { kind: 'connections' }
  | { kind: 'exports' };

const NEW_PLACE: ListPlace = { filter: [] };

/** The application: the views, the customer detail, the status bar. */
export function App({ pageSize }: { pageSize: number }) {
  const session = useSession();
  const [screen, setScreen] = useState<Screen>({ kind: 'list', resource: FIRST_VIEW.resource });
  const [places, setPlaces] = useState<Partial<Record<Resource, ListPlace>>>({});
  const resource = screen.kind === 'list' ? screen.resource : undefined;
  const refresh = useRefreshViews();
  const showsData = screen.kind === 'list' || screen.kind === 'customer';
  useRefreshCommands(showsData ? refresh : undefined);

  return (
    <div className="app">
      <Header
        session={session.data}
        resource={resource}
        onResource={(next) => setScreen({ kind: 'list', resource: next })}
        onManageConnections={() => setScreen({ kind: 'connections' })}
        onShowExports={() => setScreen({ kind: 'exports' })}
        onRefresh={showsData ? refresh : undefined}
      />
      <main>
        {session.error && <FailureMessage failure={session.error} />}
        {screen.kind === 'exports' ? (
          <ExportsPanel
            canReveal={session.data?.canRevealFiles ?? false}
            onClose={() => setScreen({ kind: 'list', resource: 'customers' })}
          />
        ) : screen.kind === 'connections' ? (
          <ConnectionsPanel
            session={session.data}
            onClose={() => setScreen({ kind: 'list', resource: 'customers' })}
          />
        ) : screen.kind === 'list' ? (
          <ListView
            key={screen.resource}
            resource={screen.resource}
            pageSize={pageSize}
            place={places[screen.resource] ?? NEW_PLACE}
            onPlaceChange={(place) => setPlaces((current) => ({ ...current, [screen.resource]: place }))}
            onOpenCustomer={(customer) => setScreen({ kind: 'customer', customer })}
            returning={screen.returning}
          />
        ) : (
          <CustomerDetail
            customer={screen.customer}
            pageSize={pageSize}
            onBack={() => setScreen({ kind: 'list', resource: 'customers', returning: true })}
          />
        )}
      </main>
      <ExportsTray canReveal={session.data?.canRevealFiles ?? false} />
      <StatusBar session={session.data} />
    </div>
  );
}

/**
 * F5 and Ctrl+R (⌘R) read the data on screen again, as in a browser or a file manager, instead of
 * reloading the page (which would lose the views and where the user was in them); so does the
 * desktop menu's View › Refresh, which main announces as an event.
 */
function useRefreshCommands(refresh: (() => void) | undefined) {
  const api = useApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const asked =
        event.key === 'F5' || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'r');
      if (!asked) return;
      event.preventDefault();
      refresh?.();
    };
    window.addEventListener('keydown', onKeyDown);
    const stopListening = api.on('view.refresh', () => refresh?.());
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      stopListening();
    };
  }, [api, refresh]);
}
