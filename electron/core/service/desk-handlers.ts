import type { DeskStore } from '../store/desks.js';
import type { Handlers } from './handlers.js';
import type { SettingsStore } from '../store/settings-store.js';

/**
 * The desk.* requests (docs/decisions/0009-session-restore.md): where each window or tab was, kept
 * in the data folder unless the user asked to start with a clean window, in which case nothing is
 * read or written.
 */
export function deskHandlers(
  desks: () => DeskStore,
  settings: () => SettingsStore,
): Pick<Handlers, 'desk.get' | 'desk.put'> {
  const clean = () => settings().get().startClean === true;
  return {
    'desk.get': async ({ key }) => (clean() ? null : ((await desks().get(key)) ?? null)),
    'desk.put': async ({ key, desk }) => {
      if (clean()) return { kept: false };
      await desks().put(key, desk);
      return { kept: true };
    },
  };
}
