import { ipcMain, type BrowserWindow, type WebFrameMain } from 'electron';
import {
  requestSchemas,
  type EventName,
  type EventPayloads,
  type RequestName,
} from '../shared/contract/contract.js';
import type { AppCore } from '../core/service/app-core.js';
import { dispatch } from '../core/service/dispatch.js';
import { EVENT_CHANNEL, requestChannel } from '../shared/contract/wire.js';

/**
 * The main side of the contract, and the only place main talks IPC: a handler per request that
 * first checks the sender is our own renderer (https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages),
 * then validates the argument and calls core (dispatch).
 */
export function serveContract(core: AppCore, isOwnRenderer: (frame: WebFrameMain | null) => boolean): void {
  for (const name of Object.keys(requestSchemas) as RequestName[]) {
    ipcMain.handle(requestChannel(name), (event, argument: unknown) => {
      if (!isOwnRenderer(event.senderFrame)) {
        return { ok: false, error: { code: 'forbidden', message: 'this window may not call the app' } };
      }
      return dispatch(core, name, argument, `window-${event.sender.id}`);
    });
  }
}

/** Pushes an event to a window, if it is still there. */
export function sendEvent<E extends EventName>(
  window: BrowserWindow,
  name: E,
  payload: EventPayloads[E],
): void {
  if (!window.isDestroyed() && !window.webContents.isDestroyed())
    window.webContents.send(EVENT_CHANNEL, name, payload);
}
