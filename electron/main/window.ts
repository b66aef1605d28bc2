import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { loadWindowState, rememberWindowState, type WindowState } from './window-state.js';

// electronegativity CSP_GLOBAL_CHECK: the renderer's CSP (default-src 'none') is the <meta> of
// renderer/index.html, which is outside the folder the scan reads (electron/).
export const RENDERER_INDEX = join(import.meta.dirname, '../renderer/index.html');
const RENDERER_URL = pathToFileURL(RENDERER_INDEX).href;
const PRELOAD = join(import.meta.dirname, '../preload/index.cjs');

/** Only the bundled renderer is ours: its index.html, loaded from the app's files. */
export const isOwnPage = (url: string): boolean => url.split('#')[0] === RENDERER_URL;

/**
 * The main window's options, each security setting with its reason
 * (https://www.electronjs.org/docs/latest/tutorial/security): the renderer is a page that shows
 * data from servers the app does not control, so it gets no more power than a web page.
 */
export function windowOptions(state: WindowState | undefined): BrowserWindowConstructorOptions {
  return {
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
      // Checklist #3: the page and the preload live in separate JavaScript worlds.
      contextIsolation: true,
      // Checklist #4: the renderer process runs in Chromium's sandbox.
      sandbox: true,
      // Checklist #2: no Node.js in the page or its workers.
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      // Checklist #6: the same-origin policy stays on.
      webSecurity: true,
      // Checklist #8: no http content in the file:// page.
      allowRunningInsecureContent: false,
      // Checklist #9: no experimental Chromium features.
      experimentalFeatures: false,
      spellcheck: false,
      // Checklist #10: a middle click must not open a link in a new window (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  };
}

/** Opens the main window where the user left it, shows it when painted, and remembers its place. */
export async function createMainWindow(userData: string): Promise<BrowserWindow> {
  const state = await loadWindowState(userData);
  // The scan cannot follow windowOptions (above); window.test.ts asserts each of these settings.
  // electronegativity CONTEXT_ISOLATION_JS_CHECK: contextIsolation is true in windowOptions.
  // electronegativity SANDBOX_JS_CHECK: sandbox is true in windowOptions.
  // electronegativity AUXCLICK_JS_CHECK: windowOptions disables the Auxclick Blink feature.
  const window = new BrowserWindow(windowOptions(state));
  if (state?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  rememberWindowState(window, userData);
  await window.loadFile(RENDERER_INDEX);
  return window;
}
