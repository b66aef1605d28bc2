import type { AppApi } from '../../../electron/shared/contract';
import { createHostApi } from './host-client';

declare global {
  interface Window {
    /** The app's API: the preload's object in Electron, the browser host's client elsewhere. */
    api?: AppApi;
  }
}

const TOKEN_KEY = 'cdb-session';

/**
 * Makes sure `window.api` exists and returns it. In a browser, the host hands its session token
 * over once in the address fragment (#session=…); it is kept for the tab and removed from the
 * address bar, so it is not bookmarked or shared by accident. Undefined when there is no way in.
 */
export function installApi(): AppApi | undefined {
  if (window.api) return window.api;
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('session');
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) return undefined;
  window.api = createHostApi(token);
  return window.api;
}
