import type { Desk } from '@shared/desk';
import type { SessionStatus } from '@shared/contract/status';

/** A session on connection `id` (its name the same), with nothing else to say. */
export const sessionOn = (id: string): SessionStatus => ({
  connection: { id, name: id, demo: false },
  token: null,
  keychainProblem: null,
  notices: [],
  listsKept: 'kept',
  canRevealFiles: false,
  writesClipboard: false,
});

/** A desk on connection `connectionId` showing `screen` (the Agreements list unless said), with no place kept. */
export const deskOn = (
  connectionId: string,
  screen: Desk['screen'] = { kind: 'list', resource: 'agreements' },
): Desk => ({
  connectionId,
  screen,
  places: {},
});
