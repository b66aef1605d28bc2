import type { AppApi } from '@shared/contract/contract';
import { SESSION_PATH, WINDOW_DESK_KEY } from '@shared/contract/wire';
import { createHostApi } from './host-client';

declare global {
  interface Window {
    /** The app's API: the preload's object in Electron, the browser host's client elsewhere. */
    api?: AppApi;
  }
}

const SESSION_KEY = 'cdb-session';
/** The tab's desk key: a reload finds where the tab was, another tab has its own. */
const DESK_KEY = 'cdb-desk';

/**
 * How the page got in (the key its desk is kept under, and the cdb:// link its address carried, if
 * any), or why it could not.
 */
export type Installed = { api: AppApi; deskKey: string; link?: string } | { problem: 'no-key' | 'spent-key' };

/**
 * Makes sure `window.api` exists. In a browser, the address the host printed carries a one-time
 * key (#session=…): the page takes it out of the address bar at once, and exchanges it for a
 * session credential of its own, kept for the tab (a reload keeps it; the address in the history
 * is spent, so it lets nobody else in).
 */
export async function installApi(): Promise<Installed> {
  if (window.api) return { api: window.api, deskKey: WINDOW_DESK_KEY };
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const key = fragment.get('session');
  // The cdb:// link the address was made for (`cdb open`), which the host kept with its key.
  let link: string | undefined;
  if (key) {
    history.replaceState(null, '', window.location.pathname + window.location.search);
    const exchanged = await exchange(key);
    if (exchanged) {
      sessionStorage.setItem(SESSION_KEY, exchanged.session);
      link = exchanged.link;
    } else if (!sessionStorage.getItem(SESSION_KEY)) return { problem: 'spent-key' };
  }
  // An address the host printed, opened in this tab while it shows the app: the browser only
  // changes the fragment (same site: the host listens on its port of last time), so the page loads
  // again to take the new key.
  window.addEventListener('hashchange', () => {
    const changed = new URLSearchParams(window.location.hash.slice(1));
    if (changed.has('session')) window.location.reload();
  });
  const session = sessionStorage.getItem(SESSION_KEY);
  if (!session) return { problem: 'no-key' };
  window.api = createHostApi(session);
  return { api: window.api, deskKey: tabDeskKey(), ...(link !== undefined && { link }) };
}

/** This tab's desk key, made the first time the tab opens the app (the browser keeps it per site). */
function tabDeskKey(): string {
  const kept = sessionStorage.getItem(DESK_KEY);
  if (kept) return kept;
  const key = crypto.randomUUID();
  sessionStorage.setItem(DESK_KEY, key);
  return key;
}

/**
 * The session the host gives for `key`, and the cdb:// link the address was made for (`cdb open`);
 * undefined when the key was used already (or the host is gone).
 */
async function exchange(key: string): Promise<{ session: string; link?: string } | undefined> {
  try {
    const response = await fetch(SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    const answer = (await response.json()) as { session?: unknown; link?: unknown };
    if (!response.ok || typeof answer.session !== 'string') return undefined;
    return { session: answer.session, ...(typeof answer.link === 'string' && { link: answer.link }) };
  } catch {
    return undefined;
  }
}
