import { z } from 'zod';
import type { RequestName } from './contract.js';

/**
 * Facts of the app's wires that both ends need, one place each: Electron's IPC channels (main and
 * the preload), the browser host's headers and event framing (electron/host serves them, the
 * renderer's host client reads them), the renderer's Content-Security-Policy, and the locale each
 * language is shown in.
 */

/** The desktop window's desk key (it has one window; each tab of the browser host makes its own). */
export const WINDOW_DESK_KEY = 'window';

/** The IPC channel of a request. */
export const requestChannel = (name: RequestName): string => `cdb:${name}`;

/** The one IPC channel of every event main pushes to the window. */
export const EVENT_CHANNEL = 'cdb:event';

/** Carries a tab's session credential on every request of the browser host. */
export const SESSION_HEADER = 'x-cdb-session';

/**
 * Where a page of the browser host exchanges the one-time key of its address (`#session=…`) for a
 * session credential of its own: `POST` `{ key }`, answered `{ session, link? }` (the cdb:// link the
 * address was made for). The address left in the browser's history is then spent.
 */
export const SESSION_PATH = '/session';

/**
 * Where a tab with a session asks for a new one-time address (another tab, a test's next page, `cdb
 * open`): `POST` `{ link? }`, answered `{ url }`. A link given is kept with the address's key, never
 * written in the address: a filter's values (a person's name) would else reach the terminal and the
 * browser's history in clear.
 */
export const ADDRESS_PATH = '/session/address';

/**
 * Where the browser host proves it is the host a running-hosts file names, before `cdb open` sends
 * it the file's credential: `POST` `{ nonce }`, answered `{ proof }` (the nonce signed with the file's
 * proof key, which never travels). A program that took the port of a host gone learns nothing.
 */
export const PROOF_PATH = '/session/proof';

/** What asks for a new address: the cdb:// link it opens, if any (checked by the links' own parser). */
export const addressRequestSchema = z.object({ link: z.string().max(8_000).optional() }).strict();

/** What asks the host to prove itself: a random nonce. */
export const proofRequestSchema = z.object({ nonce: z.string().min(32).max(200) }).strict();

/**
 * Names the page (a browser tab) a request comes from: a random id the page picks when it loads, so
 * the requests it may cancel are its own (AppCore's request registry).
 */
export const CALLER_HEADER = 'x-cdb-caller';

/**
 * The renderer's Content-Security-Policy (README, "Security";
 * https://www.electronjs.org/docs/latest/tutorial/security#7-define-a-content-security-policy):
 * only the bundle's own scripts and styles, network calls only to the app itself (the browser
 * host's API; in Electron there are none: IPC). Written into index.html's <meta> at build
 * (electron.vite.config.ts).
 */
export const RENDERER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

/** The same, as the browser host's header, which can also refuse framing (a <meta> cannot). */
export const HOST_CSP = `${RENDERER_CSP}; frame-ancestors 'none'`;

/** The browser host's requests: POST `${API_PATH}<request name>`. */
export const API_PATH = '/api/';

/** The browser host's event stream (server-sent events, read with fetch so the session token travels in a header). */
export const EVENTS_PATH = '/api/events';

/** Ends each block of the event stream (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
const BLOCK_END = '\n\n';

/** One event of the stream: its name, and its payload as one line of JSON. */
export const sseEvent = (name: string, payload: unknown): string =>
  `event: ${name}\ndata: ${JSON.stringify(payload)}${BLOCK_END}`;

/** A comment line of the stream (what the stream carries, keep-alives): readers skip it. */
export const sseComment = (text: string): string => `: ${text}${BLOCK_END}`;

/** The complete blocks in what the stream sent so far, and the unfinished rest to keep for later. */
export function sseBlocks(buffer: string): { blocks: string[]; rest: string } {
  const blocks = buffer.split(BLOCK_END);
  return { rest: blocks.pop() ?? '', blocks };
}

/** An event block's name and payload; undefined for a comment or an incomplete block. */
export function sseEventOf(block: string): { name: string; payload: unknown } | undefined {
  const name = /^event: (.+)$/m.exec(block)?.[1];
  const data = /^data: (.*)$/m.exec(block)?.[1];
  return name === undefined || data === undefined
    ? undefined
    : { name, payload: JSON.parse(data) as unknown };
}
