import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, session, shell } from 'electron';
import { AppCore } from '../core/app/app-core.js';
import { startDemoApi } from '../demo-api/index.js';
import { serveContract, sendEvent } from './ipc.js';
import { applyMenu } from './menu.js';
import { harden } from './security.js';
import { loadWindowState, rememberWindowState } from './window-state.js';

// electronegativity CSP_GLOBAL_CHECK: the renderer's CSP (default-src 'none') is the <meta> of
// renderer/index.html, which is outside the folder the scan reads (electron/).
const RENDERER_INDEX = join(import.meta.dirname, '../renderer/index.html');
const RENDERER_URL = pathToFileURL(RENDERER_INDEX).href;
const PRELOAD = join(import.meta.dirname, '../preload/index.cjs');

/** Only the bundled renderer is ours: its index.html, loaded from the app's files. */
const isOwnPage = (url: string): boolean => url.split('#')[0] === RENDERER_URL;

let core: AppCore | undefined;

async function createMainWindow(): Promise<BrowserWindow> {
  const userData = app.getPath('userData');
  const state = await loadWindowState(userData);
  const window = new BrowserWindow({
    width: state?.width ?? 1280,
    height: state?.height ?? 800,
    x: state?.x,
    y: state?.y,
    minWidth: 800,
    minHeight: 500,
    title: 'Customer Data Browser',
    show: false,
    webPreferences: {
      // electronegativity PRELOAD_JS_CHECK: reviewed; the preload only exposes the contract's
      // invoke/on through contextBridge (electron/preload/index.ts), no Node API and no raw ipcRenderer.
      preload: PRELOAD,
      // https://www.electronjs.org/docs/latest/tutorial/security #2 #3 #4: isolated, sandboxed, no Node.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
      // A middle click must not open a link in a new window (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (state?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  rememberWindowState(window, userData);
  await window.loadFile(RENDERER_INDEX);
  return window;
}

async function start(): Promise<void> {
  harden(session.defaultSession, isOwnPage);
  core = await AppCore.open({
    dataDir: app.getPath('userData'),
    exportDir: app.getPath('downloads'),
    // The built-in Demo connection, started in this process the first time it is chosen.
    startDemo: () => startDemoApi(),
    // The native save dialog decides where an export goes (the renderer only proposes a name).
    chooseExportTarget: async (fileName) => {
      const owner = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      // The app never replaces a file silently: Windows and macOS ask in their dialog; on Linux, ask for it.
      const options: Electron.SaveDialogOptions = {
        defaultPath: join(app.getPath('downloads'), fileName),
        properties: ['showOverwriteConfirmation'],
      };
      const choice = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options);
      return choice.canceled ? undefined : choice.filePath;
    },
    revealFile: (path) => shell.showItemInFolder(path),
    // The window's clipboard permission is denied (security.ts): copying is main's to do.
    writeClipboard: (text) => clipboard.writeText(text),
  });
  const openedCore = core;
  serveContract(openedCore, (frame) => frame !== null && isOwnPage(frame.url));
  applyMenu((await openedCore.handlers['settings.get']({})).language);
  const window = await createMainWindow();
  openedCore.onEvent((name, payload) => {
    for (const open of BrowserWindow.getAllWindows()) sendEvent(open, name, payload);
    if (name === 'language.changed') applyMenu((payload as { language: 'en' | 'fr' }).language);
  });
  app.on('second-instance', () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
}

// One instance at a time: a second launch focuses the first window instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.whenReady().then(start, (error: unknown) => {
    console.error('the app could not start:', error);
    app.exit(1);
  });
  app.on('window-all-closed', () => app.quit());
  // Graceful quit: running exports are cancelled (their temporary files removed) before the app ends.
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing || !core) return;
    closing = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
  });
}
