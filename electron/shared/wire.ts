/**
 * Facts of the browser host's wire that both ends need (electron/host serves them, the renderer's
 * host client sends them): one place each.
 */

/** Carries the run's random session token on every request of the browser host. */
export const SESSION_HEADER = 'x-cdb-session';

/**
 * Names the page (a browser tab) a request comes from: a random id the page picks when it loads, so
 * the requests it may cancel are its own (AppCore's request registry).
 */
export const CALLER_HEADER = 'x-cdb-caller';
