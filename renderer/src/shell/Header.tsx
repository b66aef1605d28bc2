import type { OfferedCustomer } from '../data/useMarks';
import { FavouritesDialog } from '../finder/FavouritesDialog';
import type { FoundThrough } from '../finder/found-through';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, RESOURCES, type Resource } from '@shared/api-rules';
import { DEMO_CONNECTION_ID } from '@shared/demo-connection';
import type { SavedView } from '@shared/saved-view';
import type { SessionStatus } from '@shared/contract/status';
import { SavedViewsMenu } from '../saved-views/SavedViewsMenu';
import { useChooseLanguage, useSelectConnection } from '../data/mutations';
import { useProfiles } from '../data/queries';
import { useCommand, useShortcutHint } from '../keyboard/commands';
import { OpenCustomer } from '../finder/OpenCustomer';

export interface HeaderProps {
  session: SessionStatus | undefined;
  resource: Resource | undefined;
  onResource: (resource: Resource) => void;
  onManageConnections: () => void;
  onShowExports: () => void;
  /** Reads the data on screen again (shown where there is data: a list or a customer). */
  onRefresh?: () => void;
  /** Customers opened this session, offered again by "Open customer". */
  offeredCustomers: OfferedCustomer[];
  onOpenCustomer: (customerId: string, name?: string, found?: FoundThrough) => void;
  onOpenView: (view: SavedView) => void;
}

/** The app's top bar: the three views, saved views, Refresh, Open customer, the connection picker and the fr/en switch. */
export function Header({
  session,
  resource,
  onResource,
  onManageConnections,
  onShowExports,
  onRefresh,
  offeredCustomers,
  onOpenCustomer,
  onOpenView,
}: HeaderProps) {
  const { t, i18n } = useTranslation();
  const profiles = useProfiles().data ?? [];
  const selectConnection = useSelectConnection();
  const chooseConnection = (id: string) => selectConnection.mutateAsync(id);
  const chooseLanguage = useChooseLanguage();
  // Opened from the finder's list and the command box: the bar has no room for another button.
  const [favourites, setFavourites] = useState(false);
  useCommand('app.favourites', () => setFavourites(true), { label: t('favourites.command') });

  return (
    <header className="app-header">
      <h1>{t('app.title')}</h1>
      <nav aria-label={t('nav.views')}>
        {RESOURCES.map((name) => (
          <ListButton key={name} resource={name} current={resource === name} onResource={onResource} />
        ))}
      </nav>
      {session?.connection && <SavedViewsMenu onOpen={onOpenView} />}
      {onRefresh && <RefreshButton onRefresh={onRefresh} disabled={!session?.connection} />}
      <OpenCustomer
        offered={offeredCustomers}
        onOpen={onOpenCustomer}
        onManageFavourites={() => setFavourites(true)}
      />
      {favourites && <FavouritesDialog onOpen={onOpenCustomer} onClose={() => setFavourites(false)} />}
      {/* Kept together at the end of the bar, on a line of their own when the window is narrow. */}
      <div className="header-end">
        <label className="picker">
          {/* Named for screen readers; on screen the chosen connection speaks for itself (and the status bar names it). */}
          <span className="visually-hidden">{t('connection.label')}</span>
          <select
            value={session?.connection?.id ?? ''}
            onChange={(event) => void chooseConnection(event.target.value)}
          >
            {!session?.connection && <option value="">{t('connection.none')}</option>}
            <option value={DEMO_CONNECTION_ID}>{t('connection.demo')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={onManageConnections}>
          {t('connections.manage')}
        </button>
        <button type="button" onClick={onShowExports}>
          {t('export.panel')}
        </button>
        <div className="language-switch" role="group" aria-label={t('app.language')}>
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={i18n.language === language}
              title={t(`app.languageName.${language}`)}
              onClick={() => void chooseLanguage(language)}
            >
              {language.toUpperCase()}
            </button>
          ))}
        </div>
      </div>
    </header>
  );
}

/** One of the three lists, by its button or its keys (Alt+1, Alt+2, Alt+3; ⌃1… on macOS). */
function ListButton({
  resource,
  current,
  onResource,
}: {
  resource: Resource;
  current: boolean;
  onResource: (resource: Resource) => void;
}) {
  const { t } = useTranslation();
  const shortcut = `list.${resource}` as const;
  useCommand(shortcut, () => onResource(resource));
  return (
    <button
      type="button"
      aria-current={current ? 'page' : undefined}
      {...useShortcutHint(shortcut, t(`shortcuts.names.${shortcut}`))}
      onClick={() => onResource(resource)}
    >
      {t(`nav.${resource}`)}
    </button>
  );
}

/** Refresh: the data on screen read again (its keys: useRefreshCommands). */
function RefreshButton({ onRefresh, disabled }: { onRefresh: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      {...useShortcutHint('app.refresh', t('nav.refreshHint'))}
      disabled={disabled}
      onClick={onRefresh}
    >
      {t('nav.refresh')}
    </button>
  );
}
