import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, Resource } from '../../electron/shared/api-rules';
import type { ApiRecord } from '../../electron/shared/schema';
import { ConnectionsPanel } from './app/ConnectionsPanel';
import { Header } from './app/Header';
import { describeFailure } from './app/describe-failure';
import { StatusBar } from './app/StatusBar';
import { useSession } from './data/queries';
import { ExportsPanel } from './exports/ExportsPanel';
import { ExportsTray } from './exports/ExportsTray';
import { CustomerDetail, ListView, type ListPlace } from './views/ListView';

type Screen =
  | { kind: 'list'; resource: Resource }
  | { kind: 'customer'; customer: ApiRecord }
  | { kind: 'connections' }
  | { kind: 'exports' };

const NEW_PLACE: ListPlace = { filter: [], scrollTop: 0 };

/** The application: the views, the customer detail, the status bar. */
export function App({ pageSize }: { pageSize: number }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [screen, setScreen] = useState<Screen>({ kind: 'list', resource: 'customers' });
  const [places, setPlaces] = useState<Partial<Record<Resource, ListPlace>>>({});
  const resource = screen.kind === 'list' ? screen.resource : undefined;

  return (
    <div className="app">
      <Header
        session={session.data}
        resource={resource}
        onResource={(next) => setScreen({ kind: 'list', resource: next })}
        onManageConnections={() => setScreen({ kind: 'connections' })}
        onShowExports={() => setScreen({ kind: 'exports' })}
      />
      <main>
        {session.error && <p role="alert">{describeFailure(t, i18n.language as Language, session.error)}</p>}
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
          />
        ) : (
          <CustomerDetail
            customer={screen.customer}
            pageSize={pageSize}
            onBack={() => setScreen({ kind: 'list', resource: 'customers' })}
          />
        )}
      </main>
      <ExportsTray canReveal={session.data?.canRevealFiles ?? false} />
      <StatusBar session={session.data} />
    </div>
  );
}
