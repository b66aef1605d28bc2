import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';

/** Opens the main window on the bundled renderer, with Electron's security checklist defaults made explicit. */
function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Customer Data Browser',
    webPreferences: {
      // https://www.electronjs.org/docs/latest/tutorial/security: isolate the renderer from Node and Electron.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

void app.whenReady().then(createMainWindow);
app.on('window-all-closed', () => app.quit());
