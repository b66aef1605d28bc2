import type { AppCoreOptions } from './app-core-options.js';
import { AppError } from '../engine-errors.js';
import type { Handlers } from './handlers.js';

/**
 * The clipboard.* request: text written to the system clipboard by the app, where it has one of its
 * own (Electron: the window's own clipboard permission is denied). The browser host has none: the
 * page writes it.
 */
export function clipboardHandlers(
  writeClipboard: () => AppCoreOptions['writeClipboard'],
): Pick<Handlers, 'clipboard.write'> {
  return {
    'clipboard.write': async ({ text, html }) => {
      const write = writeClipboard();
      if (!write) throw new AppError('not-found', 'this app has no clipboard of its own: the page writes it');
      await write(text, html);
      return { written: true };
    },
  };
}
