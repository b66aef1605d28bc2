import type { Language } from '../../../electron/shared/api-rules';
import { heldListKey, type HeldListStatus, type HeldListView } from '../../../electron/shared/held-list';

// The lists held for search in the app (docs/architecture.md, "Search"), as it last told them: its
// lists.status events, and the status every search answer carries. Every table, the top bar's
// customer finder and the status bar read them from here (data/useHeldLists.ts for React).

/** By connection, list and language. */
const statuses = new Map<string, HeldListStatus>();
const listeners = new Set<() => void>();

/** Keeps what the app told of a list, and tells those who follow the lists. */
export function noteHeldList(status: HeldListStatus): void {
  const key = heldListKey(status.connectionId, status, status.lang);
  // Every search answer repeats the list's status: one that says nothing new renders nothing again.
  const known = statuses.get(key);
  if (known && JSON.stringify(known) === JSON.stringify(status)) return;
  if (status.state === 'dropped') statuses.delete(key);
  else statuses.set(key, status);
  for (const listener of listeners) listener();
}

/** The list as last told, if it was. */
export function heldListOf(
  connectionId: string | undefined,
  view: HeldListView,
  lang: Language,
): HeldListStatus | undefined {
  return statuses.get(heldListKey(connectionId, view, lang));
}

/** Calls `listener` whenever a list is told of; returns how to stop. */
export function onHeldLists(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The lists of the connection being read for the first time now. */
export function readingLists(connectionId: string | undefined): HeldListStatus[] {
  return [...statuses.values()].filter(
    (status) => status.connectionId === connectionId && status.state === 'reading',
  );
}
