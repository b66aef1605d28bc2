import type { EventPayloads } from '../../shared/contract/contract.js';
import type { KeptLists } from '../search/lists/kept-lists.js';
import type { DeskStore } from '../store/desks.js';
import type { SettingsStore } from '../store/settings-store.js';
import type { Handlers } from './handlers.js';

/**
 * The settings.* requests: the settings file read and changed, and what a change means beyond it:
 * a clean start drops where the windows were, lists no longer kept are deleted (not only no longer
 * written), a new language is told to every window.
 */
export function settingsHandlers(
  parts: () => {
    settings: SettingsStore;
    desks: DeskStore;
    kept: Pick<KeptLists, 'forget'>;
    languageChanged: (payload: EventPayloads['language.changed']) => void;
  },
): Pick<Handlers, 'settings.get' | 'settings.set'> {
  return {
    'settings.get': () => Promise.resolve(parts().settings.get()),
    'settings.set': async (changes) => {
      const { settings, desks, kept, languageChanged } = parts();
      const before = settings.get().language;
      const changed = await settings.set(changes);
      if (changes.startClean) await desks.clear();
      if (changes.keepLists === false) await kept.forget();
      if (changed.language && changed.language !== before) languageChanged({ language: changed.language });
      return changed;
    },
  };
}
