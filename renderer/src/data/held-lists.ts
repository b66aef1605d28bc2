import { useEffect, useSyncExternalStore } from 'react';
import type { Language } from '../../../electron/shared/api-rules';
import type { AppApi } from '../../../electron/shared/contract';
import type { HeldListStatus, HeldListView } from '../../../electron/shared/held-list';
import { call } from '../api/call';

// The lists held for search in the app (docs/architecture.md, "Search"), as it last told them: its
// lists.status events, and the status every search answer carries. Every table, the top bar's
// customer finder and the status bar read them from here.

/** By connection, list and language. */
const statuses = new Map<string, HeldListStatus>();
const listeners = new Set<() => void>();

function keyOf(connectionId: string | undefined, view: HeldListView, lang: Language): string {
  return JSON.stringify([connectionId ?? null, view.resource, view.customerId ?? null, lang]);
}

/** Keeps what the app told of a list, and tells those who follow the lists. */
export function noteHeldList(status: HeldListStatus): void {
  const key = keyOf(status.connectionId, status, status.lang);
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
  return statuses.get(keyOf(connectionId, view, lang));
}

/** Calls `listener` whenever a list is told of; returns how to stop. */
export function onHeldLists(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Follows the app's lists held for search (mounted once, at the root): their events, and those read before. */
export function useHeldListEvents(api: AppApi, connectionId: string | undefined): void {
  useEffect(() => {
    const stop = api.on('lists.status', noteHeldList);
    // Lists another window started reading, or read before this one opened.
    if (connectionId)
      void call(api, 'lists.status', {}).then(
        (lists) => lists.forEach(noteHeldList),
        () => undefined,
      );
    return stop;
  }, [api, connectionId]);
}

/** The status of one list, kept current: what uses it renders when that list changes, not another. */
export function useHeldList(
  connectionId: string | undefined,
  view: HeldListView,
  lang: Language,
): HeldListStatus | undefined {
  return useSyncExternalStore(onHeldLists, () => heldListOf(connectionId, view, lang));
}

/** The lists of the connection being read for the first time now (the status bar shows them). */
export function useReadingLists(connectionId: string | undefined): HeldListStatus[] {
  const reading = () =>
    [...statuses.values()].filter(
      (status) => status.connectionId === connectionId && status.state === 'reading',
    );
  // Rendered again when one of them moved, or one started or ended (the status objects are new then).
  const told = useSyncExternalStore(onHeldLists, () =>
    reading()
      .map((status) => `${keyOf(status.connectionId, status, status.lang)}:${status.read}`)
      .join('\n'),
  );
  return told ? reading() : [];
}
