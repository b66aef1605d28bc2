import { contextBridge, ipcRenderer } from 'electron';
import {
  isRequestName,
  type AppApi,
  type EventName,
  type RequestInput,
  type RequestName,
  type RequestOutputs,
  type Result,
} from '../shared/contract/contract.js';
import { EVENT_CHANNEL, requestChannel } from '../shared/contract/wire.js';

// The preload's one job (https://www.electronjs.org/docs/latest/tutorial/context-isolation): expose
// `window.api`, the contract and nothing else; no raw ipcRenderer crosses into the page.

const api: AppApi = {
  invoke: <N extends RequestName>(name: N, input: RequestInput<N>): Promise<Result<RequestOutputs[N]>> => {
    if (!isRequestName(name)) {
      const refused: Result<never> = {
        ok: false,
        error: { code: 'unknown-request', message: `there is no request called "${String(name)}"` },
      };
      return Promise.resolve(refused);
    }
    return ipcRenderer.invoke(requestChannel(name), input) as Promise<Result<RequestOutputs[N]>>;
  },
  on: (name, listener) => {
    const handler = (_event: Electron.IpcRendererEvent, eventName: EventName, payload: unknown) => {
      if (eventName === name) (listener as (value: unknown) => void)(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('api', api);
