import type { EventName, EventPayloads } from '../../shared/contract.js';
import { credentialsOf } from '../credentials.js';
import type { ConnectionTrials } from '../connections/connection-trials.js';
import type { Connections } from '../connections/connections.js';
import type { ProfileEditor } from '../connections/profile-editor.js';
import type { HeldLists } from '../search/held-lists.js';
import type { DeskStore } from '../store/desks.js';
import type { SettingsStore } from '../store/settings-store.js';
import type { Handlers } from './handlers.js';
import { forgetSavedViews } from './saved-view-handlers.js';

type ProfileRequests = 'profiles.list' | 'profiles.save' | 'profiles.delete' | 'profiles.test';

/** What saving, deleting and testing a connection touches. */
export interface ProfileParts {
  editor: ProfileEditor;
  trials: ConnectionTrials;
  connections: Connections;
  heldLists: HeldLists;
  settings: SettingsStore;
  desks: DeskStore;
  emit: <E extends EventName>(name: E, payload: EventPayloads[E]) => void;
}

/**
 * The profiles.* requests: saved connections listed, saved (a secret tried before, never handed
 * back), deleted with everything kept for them, and tested. A connection edited or deleted is one
 * whose rows may be another API's now: what was held for it is forgotten, and every window told.
 */
export function profileHandlers(parts: () => ProfileParts): Pick<Handlers, ProfileRequests> {
  return {
    'profiles.list': () => parts().editor.list(),
    'profiles.save': async ({ id, profile, secret }) => {
      const { editor, trials, heldLists, connections, emit } = parts();
      const saved = await editor.save(id, profile, secret);
      if (secret !== undefined) await trials.saved(credentialsOf(saved), secret);
      // Its address or credentials may have changed: what was held for it may be another API's.
      heldLists.forget(saved.id);
      // Windows and tabs on the edited connection connect again with what was saved.
      await connections.reopen(saved.id);
      if (id !== undefined) emit('connection.changed', { connectionId: saved.id });
      return saved;
    },
    'profiles.delete': async ({ id }) => {
      const { editor, connections, settings, desks, heldLists, emit } = parts();
      const deleted = await editor.delete(id);
      if (deleted) {
        connections.forget(id);
        await forgetSavedViews(settings, id);
        await desks.forgetConnection(id);
        heldLists.forget(id);
        emit('connection.changed', { connectionId: id });
      }
      return { deleted };
    },
    'profiles.test': (input) =>
      'profile' in input ? parts().trials.test(input) : parts().trials.testSaved(input.id),
  };
}
