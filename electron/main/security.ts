import { app, shell, type Session, type WebContents } from 'electron';

/** The only addresses a link in the app may open, in the system browser. */
const EXTERNAL_ALLOW_LIST = [/^https:\/\/github\.com\//, /^mailto:/];

/**
 * Electron's security checklist for everything the app loads
 * (https://www.electronjs.org/docs/latest/tutorial/security): no permission is ever granted, no
 * navigation away from the bundled renderer, no new window; allow-listed links open outside.
 */
export function harden(session: Session, isOwnPage: (url: string) => boolean): void {
  // #5: the app needs no camera, notifications, geolocation… so nothing is granted. Not even the
  // clipboard: copying is the contract's clipboard.write, which main carries out (index.ts).
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents: WebContents) => {
    // #13: navigation only within the bundled renderer.
    contents.on('will-navigate', (event, url) => {
      if (!isOwnPage(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isOwnPage(url)) event.preventDefault();
    });
    // #14: no new windows; an allow-listed link goes to the system browser (#15: never shell.openExternal untrusted).
    contents.setWindowOpenHandler(({ url }) => {
      // electronegativity OPEN_EXTERNAL_JS_CHECK: only URLs of the allow-list above reach openExternal.
      if (EXTERNAL_ALLOW_LIST.some((allowed) => allowed.test(url))) void shell.openExternal(url);
      return { action: 'deny' };
    });
    // #12: no <webview>.
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
