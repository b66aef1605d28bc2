import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDERER_CSP } from '../shared/contract/wire.js';
import { fake } from './testing/fake-electron.js';
import { createMainWindow, isOwnPage, RENDERER_INDEX, windowOptions } from './window.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// The main window (electron/main/window.ts): created with every security setting of Electron's
// checklist, loading only the bundled renderer, whose page declares the app's CSP.

beforeEach(() => fake.reset());

describe('the main window', () => {
  it('is created isolated, sandboxed, without Node, with the web’s protections on', async () => {
    await createMainWindow('/nonexistent');
    const created = fake.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(created).toEqual(windowOptions(undefined).webPreferences);
    expect(created).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(created.webviewTag).toBeUndefined();
    expect(String(created.preload)).toMatch(/preload[/\\]index\.cjs$/);
  });

  it('counts only the bundled renderer as its own page', () => {
    const own = pathToFileURL(RENDERER_INDEX).href;
    expect(isOwnPage(own)).toBe(true);
    expect(isOwnPage(`${own}#customers`)).toBe(true);
    for (const other of [
      `${own}.html`,
      'file:///etc/passwd',
      'https://evil.example/',
      own.replace('file:', 'http:'),
    ])
      expect(isOwnPage(other)).toBe(false);
  });

  it('loads a page that declares the app’s CSP: nothing but its own scripts and styles', async () => {
    const page = await readFile(join(import.meta.dirname, '../../renderer/index.html'), 'utf8');
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="%RENDERER_CSP%"/);
    expect(RENDERER_CSP).toContain("default-src 'none'");
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).not.toMatch(/unsafe-(inline|eval)/);
  });
});
