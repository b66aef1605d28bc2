import type { SessionStatus } from '@shared/contract/status';
import { ConnectionsPanel } from '../connections/ConnectionsPanel';
import { ExportsPanel } from '../exports/ExportsPanel';
import { CustomerDetail } from './CustomerDetail';
import { ListView } from './ListView';
import { NEW_PLACE, rowOpening } from './navigation';
import type { Navigation } from './useNavigation';

/** The screen the window shows now, under its bars: a list, a customer's page, or a panel. */
export function ShownScreen({
  nav,
  session,
  pageSize,
  onMoved,
}: {
  nav: Navigation;
  session: SessionStatus | undefined;
  pageSize: number;
  /** Told when the person moved in a table (the desk keeps where). */
  onMoved: () => void;
}) {
  const { screen } = nav;
  switch (screen.kind) {
    case 'exports':
      return <ExportsPanel canReveal={session?.canRevealFiles ?? false} onClose={nav.goBack} />;
    case 'connections':
      return (
        <ConnectionsPanel session={session} onClose={nav.goBack} onDone={() => nav.backFrom('connections')} />
      );
    case 'list':
      return (
        <ListView
          key={`${screen.resource}:${screen.opened ?? 0}`}
          resource={screen.resource}
          pageSize={pageSize}
          place={nav.places[screen.resource] ?? NEW_PLACE}
          // A list left because a saved view replaced its place must not write its old place back.
          onPlaceChange={(place, from) => nav.placeList(screen.resource, place, from)}
          onOpenRow={(record) => {
            const opening = rowOpening(screen.resource, record);
            if (opening) nav.openCustomer(opening.customerId, opening.name, opening.tables, opening.found);
          }}
          onOpenCustomerId={(customerId) => nav.openCustomer(customerId)}
          // Any list but the window's first screen was moved to: its grid has the keyboard.
          takesKeyboard={screen.returning || nav.previous !== undefined}
          savedView={screen.savedView}
          onMove={(table) => {
            nav.movedInList(screen.resource, table);
            onMoved();
          }}
        />
      );
    case 'customer':
      return (
        <CustomerDetail
          key={screen.customerId}
          customerId={screen.customerId}
          name={screen.name ?? nav.marks.nameOf(screen.customerId)}
          onNamed={(name, city) => nav.marks.named(screen.customerId, name, city)}
          tables={screen.tables}
          found={screen.found}
          pageSize={pageSize}
          backTo={nav.previous ?? { kind: 'list', resource: 'customers' }}
          onBack={nav.goBack}
          onTableChange={(table, place) => {
            nav.movedInCustomer(screen, table, place);
            onMoved();
          }}
        />
      );
  }
}
