import { useEffect } from 'react';
import { useApi } from '../api/context';

/**
 * F5 and Ctrl+R (⌘R) read the data on screen again, as in a browser or a file manager, instead of
 * reloading the page (which would lose the views and where the user was in them); so does the
 * desktop menu's View › Refresh, which main announces as an event.
 */
export function useRefreshCommands(refresh: (() => void) | undefined) {
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
