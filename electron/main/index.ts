import { join } from 'node:path';
import { app, BrowserWindow, clipboard, ClipboardItem, dialog, safeStorage, session, shell } from 'electron';
import { AppCore } from '../core/service/app-core.js';
import { languageOfLocales } from '../shared/api-rules.js';
import { startDemoApi } from '../demo-api/index.js';
import { serveContract, sendEvent } from './ipc.js';
import { applyMenu } from './menu.js';
import { answerProxyLogins, chromiumCertificates, chromiumFetch, chromiumRouteOf } from './network.js';
import { listenForLinks, registerLinkScheme } from './system-links.js';
import { harden } from './security.js';
import { safeStorageSeal } from './typed-text-seal.js';
import { createMainWindow, isOwnPage } from './window.js';

let core: AppCore | undefined;
/** Links the system handed the app before its core was open, in order. */
const early: string[] = [];

async function start(): Promise<void> {
  harden(session.defaultSession, isOwnPage);
  const certificates = chromiumCertificates(session.defaultSession);
  core = await AppCore.open({
    dataDir: app.getPath('userData'),
    // Chromium's network: the OS proxy, PAC and trust store (network.ts).
    fetch: chromiumFetch(),
    // A connection's company root, for its hosts only (network.ts).
    trustCompanyRoot: certificates.trustCompanyRoot,
    // The connection Test says which proxy Chromium chose and whose certificate it met (network.ts).
    routeOf: chromiumRouteOf(session.defaultSession, certificates.issuerOf),
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
    // One entry: the text and its HTML table are committed together, so a paste gets one copy.
    writeClipboard: (text, html) =>
      clipboard.write([
        new ClipboardItem({ 'text/plain': text, ...(html !== undefined && { 'text/html': html }) }),
      ]),
    // What a person typed is sealed with the keychain's key the browser host and cdb share; what
    // safeStorage sealed before is still opened (typed-text-seal.ts).
    olderTypedTextSeal: safeStorageSeal(safeStorage),
  });
  const openedCore = core;
  for (const text of early.splice(0)) openedCore.links.receive(text);
  // A proxy asking for a login: the kept one, else the window asks the user (network.ts).
  answerProxyLogins((challenge) => openedCore.proxyLogins.loginFor(challenge));
  serveContract(openedCore, (frame) => frame !== null && isOwnPage(frame.url));
  // The menu's Refresh is the renderer's to carry out (it knows the views on screen).
  const refresh = () => {
    for (const open of BrowserWindow.getAllWindows()) sendEvent(open, 'view.refresh', {});
  };
  // Until the person picks a language, the menu speaks Chromium's, as the window does (start-app.tsx).
  applyMenu(
    (await openedCore.handlers['settings.get']({})).language ?? languageOfLocales([app.getLocale()]),
    refresh,
  );
  const window = await createMainWindow(app.getPath('userData'));
  openedCore.onEvent((name, payload) => {
    for (const open of BrowserWindow.getAllWindows()) sendEvent(open, name, payload);
    if (name === 'language.changed') applyMenu((payload as { language: 'en' | 'fr' }).language, refresh);
  });
  // A second launch (with a link or not) and a link opened on macOS bring the window forward.
  const bringForward = () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  };
  app.on('second-instance', bringForward);
  app.on('open-url', bringForward);
}

// One instance at a time: a second launch focuses the first window instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerLinkScheme();
  // At once, before ready: macOS may hand over the link that launched the app before then.
  listenForLinks((text) => (core ? core.links.receive(text) : early.push(text)));
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
