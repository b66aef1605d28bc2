import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, fake, FakeContents, session, shell } from './testing/fake-electron.js';
import { harden } from './security.js';

vi.mock('electron', () => import('./testing/fake-electron.js'));

// The hardening of everything the app loads (electron/main/security.ts), against a fake of the
// electron module: each setting of Electron's security checklist is asserted, so flipping one fails here.

const OWN = 'file:///app/out/renderer/index.html';
const isOwnPage = (url: string) => url.split('#')[0] === OWN;

/** A page's webContents, as Electron announces one to the hardened app. */
function newContents(): FakeContents {
  const contents = new FakeContents();
  app.emit('web-contents-created', {}, contents);
  return contents;
}

beforeEach(() => {
  fake.reset();
  harden(session.defaultSession as never, isOwnPage);
});

describe('the app’s hardening', () => {
  it('grants no permission, asked or checked, not even the clipboard', () => {
    for (const permission of [
      'clipboard-read',
      'clipboard-sanitized-write',
      'media',
      'geolocation',
      'notifications',
      'openExternal',
    ]) {
      const callback = vi.fn();
      fake.permissionRequest?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(fake.permissionRequest).toBeDefined();
    expect(fake.permissionCheck?.({}, 'clipboard-read', OWN, {})).toBe(false);
  });

  it('navigates and redirects only within the bundled renderer', () => {
    const contents = newContents();
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(contents.prevented(event, 'https://evil.example/')).toBe(true);
      expect(contents.prevented(event, 'file:///etc/passwd')).toBe(true);
      expect(contents.prevented(event, `${OWN}#customers`)).toBe(false);
    }
  });

  it('opens no new window; only allow-listed links go to the system browser', () => {
    const contents = newContents();
    const open = (url: string) => contents.windowOpenHandler?.({ url });
    for (const url of ['https://github.com/org/repo', 'mailto:support@example.com']) {
      expect(open(url)).toEqual({ action: 'deny' });
      expect(shell.openExternal).toHaveBeenLastCalledWith(url);
    }
    shell.openExternal.mockClear();
    for (const url of [
      'https://evil.example/',
      'http://github.com/org',
      'javascript:alert(1)',
      'file:///etc/passwd',
      OWN,
    ]) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('attaches no webview', () => {
    expect(newContents().prevented('will-attach-webview', {}, {})).toBe(true);
  });
});
