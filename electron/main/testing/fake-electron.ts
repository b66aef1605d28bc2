import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * A fake of the parts of the `electron` module main and the preload use, for unit tests that load
 * them where Electron cannot run (as VS Code and Signal test their main-process code apart from the
 * runtime): each test file mocks `electron` with this module and reads what was asked of it.
 * `reset()` between tests.
 */

/** A webContents as the `web-contents-created` event hands it over. */
export class FakeContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  /** Emits `name` with a cancellable event; returns whether a listener prevented it. */
  prevented(name: string, ...args: unknown[]): boolean {
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    this.emit(name, event, ...args);
    return event.defaultPrevented;
  }
}

/** What the fake recorded. */
export const fake = {
  permissionRequest: undefined as
    ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined,
  permissionCheck: undefined as ((...args: unknown[]) => boolean) | undefined,
  handlers: new Map<string, (event: unknown, argument: unknown) => unknown>(),
  menu: undefined as unknown[] | undefined,
  windows: [] as { options: Record<string, any> }[],
  exposed: new Map<string, unknown>(),
  invoked: [] as { channel: string; argument: unknown }[],
  reset() {
    this.permissionRequest = undefined;
    this.permissionCheck = undefined;
    this.handlers.clear();
    this.menu = undefined;
    this.windows.length = 0;
    this.exposed.clear();
    this.invoked.length = 0;
    app.removeAllListeners();
    shell.openExternal.mockClear();
  },
};

export const app = Object.assign(new EventEmitter(), {
  getPath: () => '/nonexistent',
  setAsDefaultProtocolClient: vi.fn((_scheme: string, _path?: string, _args?: string[]) => true),
});

/** Chromium's network: records what it was asked, answers what a test gives it. */
export const net = {
  fetch: vi.fn((_input: string, _init?: RequestInit) => Promise.resolve(new Response('{}', { status: 200 }))),
};

export const shell = { openExternal: vi.fn(() => Promise.resolve()), showItemInFolder: vi.fn() };

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: typeof fake.permissionRequest) =>
      (fake.permissionRequest = handler),
    setPermissionCheckHandler: (handler: typeof fake.permissionCheck) => (fake.permissionCheck = handler),
    setCertificateVerifyProc: vi.fn(),
    resolveProxy: vi.fn((_url: string) => Promise.resolve('DIRECT')),
  },
};

export const ipcMain = {
  handle: (channel: string, handler: (event: unknown, argument: unknown) => unknown) =>
    fake.handlers.set(channel, handler),
};

export const Menu = {
  buildFromTemplate: (template: unknown[]) => template,
  setApplicationMenu: (menu: unknown[]) => (fake.menu = menu),
};

export class BrowserWindow extends EventEmitter {
  loaded: string | undefined;
  constructor(readonly options: Record<string, any>) {
    super();
    fake.windows.push({ options });
  }
  maximize() {}
  isDestroyed() {
    return false;
  }
  loadFile(path: string) {
    this.loaded = path;
    return Promise.resolve();
  }
  static getAllWindows() {
    return [];
  }
}

export const contextBridge = {
  exposeInMainWorld: (key: string, value: unknown) => fake.exposed.set(key, value),
};

export const ipcRenderer = {
  invoke: (channel: string, argument: unknown) => {
    fake.invoked.push({ channel, argument });
    return Promise.resolve({ ok: true, value: 'answered' });
  },
  on: vi.fn(),
  removeListener: vi.fn(),
};

export const clipboard = { write: vi.fn() };
export class ClipboardItem {
  constructor(readonly items: Record<string, string>) {}
}
export const dialog = { showSaveDialog: vi.fn() };
