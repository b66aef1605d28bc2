import type { EventName, EventPayloads } from '../../shared/contract/contract.js';
import { credentialsOf } from '../credentials.js';
import type { ConnectionTrials } from '../connections/connection-trials.js';
import type { Connections } from '../connections/connections.js';
import type { ProfileEditor } from '../connections/profile-editor.js';
import type { HeldLists } from '../search/lists/held-lists.js';
import type { DeskStore } from '../store/desks.js';
import type { SettingsStore } from '../store/settings-store.js';
import type { SessionStatus } from '../../shared/contract/status.js';
import type { ProxyLogins } from '../connections/proxy-logins.js';
import type { MarkedCustomerStore } from '../store/marks-store.js';
import type { Handlers } from './handlers.js';
import { DIRECT_CALLER } from './request-registry.js';
import { forgetSavedViews } from './views-handlers.js';

type ConnectionRequests =
  | 'connection.list'
  | 'connection.save'
  | 'connection.delete'
  | 'connection.test'
  | 'connection.select'
  | 'connection.retry'
  | 'connection.status'
  | 'connection.proxyAnswer';

/** What choosing, saving, deleting and testing a connection touches. */
export interface ConnectionParts {
  editor: ProfileEditor;
  trials: ConnectionTrials;
  connections: Connections;
  heldLists: HeldLists;
  settings: SettingsStore;
  desks: DeskStore;
  marks: Pick<MarkedCustomerStore, 'forgetConnection'>;
  proxyLogins: ProxyLogins;
  emit: <E extends EventName>(name: E, payload: EventPayloads[E]) => void;
  /** Makes a connection the caller's (and the next start's), and says the session then. */
  select: (caller: string, id: string) => Promise<SessionStatus>;
  /** The caller's session: its connection, its token, what the app has to say. */
  status: (caller: string) => Promise<SessionStatus>;
}

/**
 * The connection's requests: saved connections listed, saved (a secret tried before, never handed
 * back), deleted with everything kept for them, and tested; the caller's connection chosen, its
 * session said, its token asked again; a proxy's login answered. A connection edited or deleted is
 * one whose rows may be another API's now: what was held for it is forgotten, and every window told.
 */
export function connectionHandlers(parts: () => ConnectionParts): Pick<Handlers, ConnectionRequests> {
  return {
    'connection.list': () => parts().editor.list(),
    'connection.save': async ({ id, profile, secret }) => {
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
    'connection.delete': async ({ id }) => {
      const { editor, connections, settings, desks, marks, heldLists, emit } = parts();
      const deleted = await editor.delete(id);
      if (deleted) {
        connections.forget(id);
        await forgetSavedViews(settings, id);
        await desks.forgetConnection(id);
        await marks.forgetConnection(id);
        heldLists.forget(id);
        emit('connection.changed', { connectionId: id });
      }
      return { deleted };
    },
    'connection.test': (input) =>
      'profile' in input ? parts().trials.test(input) : parts().trials.testSaved(input.id),
    'connection.select': ({ id }, caller = DIRECT_CALLER) => parts().select(caller, id),
    'connection.retry': async (_input, caller = DIRECT_CALLER) => {
      await parts().connections.active(caller)?.connection.tokens.retry();
      return parts().status(caller);
    },
    'connection.status': (_input, caller = DIRECT_CALLER) => parts().status(caller),
    'connection.proxyAnswer': (answer) => parts().proxyLogins.answer(answer),
  };
}
