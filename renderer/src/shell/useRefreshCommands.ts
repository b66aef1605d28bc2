import { useEffect } from 'react';
import { useApi } from '../api/context';
import { useCommand } from '../keyboard/commands';

/**
 * F5 and Ctrl+R (⌘R) read the data on screen again, as in a browser or a file manager, instead of
 * reloading the page (which would lose the views and where the user was in them: the keys are taken
 * on every screen, with nothing to read again too); so does the desktop menu's View › Refresh,
 * which main announces as an event.
 */
export function useRefreshCommands(refresh: (() => void) | undefined) {
  const api = useApi();
  useCommand('app.refresh', () => refresh?.());
  useEffect(() => api.on('view.refresh', () => refresh?.()), [api, refresh]);
}
