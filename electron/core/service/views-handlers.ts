import { SAVED_VIEWS_MAX, type SavedView } from '../../shared/saved-view.js';
import { AppError } from '../engine-errors.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';
import type { SettingsStore } from '../store/settings-store.js';

/**
 * Drops a deleted connection's saved views (the app's Delete and `cdb profile remove`): their filter
 * values may be personal data, and nothing would read them again.
 */
export async function forgetSavedViews(settings: SettingsStore, connectionId: string): Promise<void> {
  // Decided on the file as it is on disk (update's), not on this process's copy: another process
  // (the browser host, the desktop app) may have saved views for it meanwhile (L7).
  await settings.update(({ views = {} }) => ({
    views: Object.fromEntries(Object.entries(views).filter(([owner]) => owner !== connectionId)),
  }));
}

/**
 * The views.* requests: a connection's saved views, kept in the settings file (changed under its
 * lock from what the file holds, so another window's or process's change is kept). Names are
 * unique per connection; saving under a taken name replaces that view (the dialog says so first).
 */
export function viewsHandlers(
  settings: () => SettingsStore,
  chosenConnection: (caller: string) => string | undefined,
): Pick<Handlers, 'views.save' | 'views.rename' | 'views.delete'> {
  /** Applies `change` to the views of the connection `caller` chose, and returns them after it. */
  const change = async (caller: string, edit: (views: SavedView[]) => SavedView[]): Promise<SavedView[]> => {
    const connectionId = chosenConnection(caller);
    if (connectionId === undefined) throw new AppError('no-connection', 'no connection is chosen');
    const saved = await settings().update(({ views = {} }) => ({
      views: { ...views, [connectionId]: edit(views[connectionId] ?? []) },
    }));
    return saved.views?.[connectionId] ?? [];
  };
  const named = (views: SavedView[], name: string) => {
    const view = views.find((candidate) => candidate.name === name);
    if (!view) throw new AppError('not-found', `no saved view is called "${name}"`);
    return view;
  };
  return {
    'views.save': ({ view }, caller = DIRECT_CALLER) =>
      change(caller, (views) => {
        const others = views.filter((other) => other.name !== view.name);
        if (others.length >= SAVED_VIEWS_MAX) {
          throw new AppError(
            'invalid-argument',
            `a connection keeps at most ${SAVED_VIEWS_MAX} saved views: delete one before saving "${view.name}"`,
          );
        }
        return [...others, view];
      }),
    'views.rename': ({ name, newName }, caller = DIRECT_CALLER) =>
      change(caller, (views) => {
        const view = named(views, name);
        if (newName !== name && views.some((other) => other.name === newName)) {
          throw new AppError('invalid-argument', `a saved view is already called "${newName}"`);
        }
        return views.map((other) => (other === view ? { ...view, name: newName } : other));
      }),
    'views.delete': ({ name }, caller = DIRECT_CALLER) =>
      change(caller, (views) => {
        named(views, name);
        return views.filter((other) => other.name !== name);
      }),
  };
}
