import { useSyncExternalStore } from 'react';

/**
 * Whether the app behind this page answers (the browser host: its event stream is open, its last
 * request was answered). In Electron the app is the window's own process: always true.
 */
let reachable = true;
const listeners = new Set<() => void>();

/** Told by the browser host's client as its stream opens and closes, and as requests fail to reach it. */
export function setHostReachable(now: boolean): void {
  if (now === reachable) return;
  reachable = now;
  for (const listener of listeners) listener();
}

/** Whether the app answers, re-rendered when that changes. */
export function useHostReachable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reachable,
  );
}
