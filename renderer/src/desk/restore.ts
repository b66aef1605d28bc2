import type { QueryClient } from '@tanstack/react-query';
import type { AppApi, RequestOutputs } from '@shared/contract/contract';
import type { Desk } from '@shared/desk';
import type { SessionStatus } from '@shared/contract/status';
import { call } from '../api/call';
import { sessionQuery } from '../data/queries';

/** What the window reopens, and what the user is told about it. */
export interface Restored {
  desk?: Desk;
  /** The desk named a connection that is gone (deleted since): the window opens on the first list. */
  connectionGone?: boolean;
  /** Its search and filters were not kept (no keychain to encrypt them) or cannot be read: it reopens without them. */
  typedLeftOut?: boolean;
}

/**
 * The desk kept for this window (`kept`, from desk.get), on its connection
 * (docs/decisions/0009-session-restore.md): chosen again when the window was on another one than
 * the app opens on, nothing read yet (each table reads only what it shows). A desk whose connection
 * is gone is dropped, and the user told.
 */
export async function restoreDesk(
  api: AppApi,
  client: QueryClient,
  kept: RequestOutputs['desk.get'],
  session: SessionStatus | undefined,
): Promise<Restored> {
  if (!kept) return {};
  const { desk } = kept;
  const restored = { desk, ...(kept.typedLeftOut && { typedLeftOut: true }) };
  if (desk.connectionId === session?.connection?.id) return restored;
  try {
    const status = await call(api, 'connection.select', { id: desk.connectionId });
    client.setQueryData(sessionQuery(api).queryKey, status);
    return restored;
  } catch {
    return { connectionGone: true };
  }
}
