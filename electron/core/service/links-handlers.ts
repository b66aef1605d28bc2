import type { Handlers } from './handlers.js';
import type { LinkInbox } from './link-inbox.js';

/** The links.* requests: the cdb:// links the system handed the app before the window was ready. */
export function linksHandlers(links: () => LinkInbox): Pick<Handlers, 'links.take'> {
  return { 'links.take': () => Promise.resolve(links().take()) };
}
