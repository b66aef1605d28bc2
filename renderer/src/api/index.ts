import type { AppApi } from '../../../electron/shared/contract';
import { SESSION_PATH } from '../../../electron/shared/wire';
import { createHostApi } from './host-client';

declare global {
  interface Window {
    /** The app's API: the preload's object in Electron, the browser host's client elsewhere. */
    api?: AppApi;
  }
}

const SESSION_KEY = 'cdb-session';

/** How the page got in, or why it could not. */
export type Installed = { api: AppApi } | { problem: 'no-key' | 'spent-key' };

/**
 * Makes sure `window.api` exists. In a browser, the address the host printed carries a one-time
 * key (#session=…): the page takes it out of the address bar at once, and exchanges it for a
 * session credential of its own, kept for the tab (a reload keeps it; the address in the history
 * is spent, so it lets nobody else in).
 */
export async function installApi(): Promise<Installed> {
  if (window.api) return { api: window.api };
  const key = new URLSearchParams(window.location.hash.slice(1)).get('session');
  if (key) {
    history.replaceState(null, '', window.location.pathname + window.location.search);
    const session = await exchange(key);
    if (session) sessionStorage.setItem(SESSION_KEY, session);
    else if (!sessionStorage.getItem(SESSION_KEY)) return { problem: 'spent-key' };
  }
  const session = sessionStorage.getItem(SESSION_KEY);
  if (!session) return { problem: 'no-key' };
  window.api = createHostApi(session);
  return { api: window.api };
}

/** The session the host gives for `key`, or undefined when the key was used already (or the host is gone). */
async function exchange(key: string): Promise<string | undefined> {
  try {
    const response = await fetch(SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    const answer = (await response.json()) as { session?: unknown };
    return response.ok && typeof answer.session === 'string' ? answer.session : undefined;
  } catch {
    return undefined;
  }
}
