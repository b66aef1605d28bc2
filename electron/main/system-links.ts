import { resolve } from 'node:path';
import { app } from 'electron';
import { LINK_SCHEME } from '../shared/links.js';

/**
 * The words of a command line that may be links: only those after "--", which is where the app
 * registers its scheme to put them (`registerLinkScheme`), so a link can never be read as a
 * Chromium or Electron switch (CVE-2018-1000006: a URL crafted to carry `--gpu-launcher`).
 */
export function linksInArgv(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return end === -1 ? [] : argv.slice(end + 1);
}

/**
 * Hands `receive` every link the system gives the app, as text (parsed by the core's link inbox):
 * this launch's command line, a second launch's (the single-instance lock sends it here), and
 * macOS's `open-url`, which may come before the app is ready. Call it at once when main starts.
 */
export function listenForLinks(
  receive: (text: string) => void,
  argv: readonly string[] = process.argv,
): void {
  for (const text of linksInArgv(argv)) receive(text);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    receive(url);
  });
  app.on('second-instance', (_event, secondArgv) => {
    for (const text of linksInArgv(secondArgv)) receive(text);
  });
}

/**
 * Makes this app the one that opens cdb:// links, with the link after "--" (Windows and the
 * development run; a packaged app's installer registers it too: electron-builder's `protocols`).
 */
export function registerLinkScheme(): void {
  const script = process.defaultApp && process.argv[1] ? [resolve(process.argv[1])] : [];
  // electronegativity PROTOCOL_HANDLER_JS_CHECK: the link comes after "--" (never a switch) and is
  // opened only through shared/links.ts's allow-list of actions and checked parameters.
  app.setAsDefaultProtocolClient(LINK_SCHEME, process.execPath, [...script, '--']);
}
