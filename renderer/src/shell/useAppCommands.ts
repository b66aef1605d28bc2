import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/api-rules';
import { DEMO_CONNECTION_ID } from '@shared/demo-connection';
import type { SavedView } from '@shared/saved-view';
import { useChooseLanguage, useSelectConnection } from '../data/mutations';
import { useProfiles, useSession } from '../data/queries';
import { useSetting } from '../data/useSetting';
import type { OfferedCustomer } from '../data/useMarks';
import { useCommandList } from '../keyboard/commands';
import { useSavedViews } from '../saved-views/saved-views';

/**
 * The actions the command box offers beside those with keys: the panels, the other language,
 * Compact rows, each saved view of the connection, each customer opened this session, and each
 * other connection.
 */
export function useAppCommands({
  onShowConnections,
  onShowExports,
  offeredCustomers,
  onOpenCustomer,
  onOpenView,
}: {
  onShowConnections: () => void;
  onShowExports: () => void;
  offeredCustomers: readonly OfferedCustomer[];
  onOpenCustomer: (customerId: string, name?: string) => void;
  onOpenView: (view: SavedView) => void;
}) {
  const { t, i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  const density = useSetting('density');
  const compact = density.value === 'compact';
  const views = useSavedViews();
  const profiles = useProfiles().data ?? [];
  const chosen = useSession().data?.connection?.id;
  const selectConnection = useSelectConnection();
  const otherLanguage = LANGUAGES.find((language) => language !== i18n.language) ?? LANGUAGES[0];
  const connections = [{ id: DEMO_CONNECTION_ID, name: t('connection.demo') }, ...profiles];
  useCommandList([
    { key: 'app.connections', label: t('shortcuts.names.app.connections'), run: onShowConnections },
    { key: 'app.exports', label: t('shortcuts.names.app.exports'), run: onShowExports },
    {
      key: 'app.language',
      label: t('shortcuts.names.app.language'),
      run: () => void chooseLanguage(otherLanguage),
    },
    {
      key: 'app.density',
      label: t(compact ? 'shortcuts.names.app.standard' : 'shortcuts.names.app.compact'),
      run: () => void density.choose(compact ? 'standard' : 'compact'),
    },
    ...views.map((view) => ({
      key: `view:${view.name}`,
      label: t('commands.savedView', { name: view.name }),
      run: () => onOpenView(view),
    })),
    // By name too: a favourite or recent customer is found by what the agent remembers of it.
    ...offeredCustomers.map(({ customerId, name, favourite }) => ({
      key: `customer:${customerId}`,
      label:
        name === undefined
          ? t(favourite ? 'commands.favourite' : 'commands.customer', { id: customerId })
          : t(favourite ? 'commands.favouriteNamed' : 'commands.customerNamed', { id: customerId, name }),
      run: () => onOpenCustomer(customerId, name),
    })),
    ...connections
      .filter((connection) => connection.id !== chosen)
      .map((connection) => ({
        key: `connection:${connection.id}`,
        label: t('commands.connection', { name: connection.name }),
        run: () => void selectConnection.mutateAsync(connection.id),
      })),
  ]);
}
