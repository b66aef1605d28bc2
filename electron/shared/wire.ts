import type { RequestName } from './contract.js';

/**
 * Facts of the app's wires that both ends need, one place each: Electron's IPC channels (main and
 * the preload) and the browser host's headers (electron/host serves them, the renderer's host
 * client sends them).
 */

/** The IPC channel of a request. */
export const requestChannel = (name: RequestName): string => `cdb:${name}`;

/** The one IPC channel of every event main pushes to the window. */
export const EVENT_CHANNEL = 'cdb:event';

/** Carries the run's random session token on every request of the browser host. */
export const SESSION_HEADER = 'x-cdb-session';

/**
 * Names the page (a browser tab) a request comes from: a random id the page picks when it loads, so
 * the requests it may cancel are its own (AppCore's request registry).
 */
export const CALLER_HEADER = 'x-cdb-caller';
