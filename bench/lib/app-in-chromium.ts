import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../../e2e/chromium.js';
import { AppCore } from '../../electron/core/service/app-core.js';
import { startDemoApi, type DemoApi, type DemoApiOptions } from '../../electron/demo-api/testing/faults.js';
import { startHost } from '../../electron/host/host-server.js';
import { rendererOf } from './renderer-of.js';

/** The window size the benches open the app at. */
export const VIEWPORT = { width: 1400, height: 900 };

/** The app as a person sees it, for a bench: the built renderer in Chromium, on the Demo connection. */
export interface AppInChromium {
  core: AppCore;
  /** The Demo API behind the app's Demo connection (its counters and the calls it answered). */
  demo: DemoApi;
  browser: Browser;
  page: Page;
  /** A new one-time address to open another tab of the app at. */
  newAddress: () => string;
  /**
   * A new one-time address of the same app core serving the renderer of the commit `before` (built
   * apart, a bench's `--before REV`), to time both in one run; undefined without one.
   */
  newBeforeAddress?: () => string;
  close: () => Promise<void>;
}

/** Builds the renderer, opens the app core with a Demo API of `demo`, serves it and opens it in Chromium. */
export async function openAppInChromium(
  demo: DemoApiOptions,
  pageSize?: number,
  before?: string,
): Promise<AppInChromium> {
  if (spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' }).status !== 0)
    throw new Error('the build failed');
  const dir = await mkdtemp(join(tmpdir(), 'cdb-bench-'));
  let started: DemoApi | undefined;
  const core = await AppCore.open({
    dataDir: join(dir, 'data'),
    exportDir: join(dir, 'exports'),
    startDemo: async () => (started = await startDemoApi(demo)),
  });
  if (pageSize !== undefined) await core.handlers['settings.set']({ pageSize });
  const host = await startHost({ core, rendererDir: 'out/renderer' });
  const beforeBuild = before === undefined ? undefined : await rendererOf(before);
  const beforeHost = beforeBuild && (await startHost({ core, rendererDir: beforeBuild.dir }));
  const browser = await chromium.launch(CHROMIUM);
  // A context of its own, where a bench can open more tabs (browser.newPage's context takes one).
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(host.newAddress());
  // The page is ready when its first table row is there (the page's CSP forbids evaluating strings).
  await page.getByTestId('row').first().waitFor();
  if (!started) throw new Error('the app did not start its Demo API');
  return {
    core,
    demo: started,
    browser,
    page,
    newAddress: () => host.newAddress(),
    ...(beforeHost && { newBeforeAddress: () => beforeHost.newAddress() }),
    close: async () => {
      await browser.close();
      await host.close();
      await beforeHost?.close();
      await beforeBuild?.remove();
      await core.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `address` in `tab` and resolves with page load → the first Customers row in the DOM, in the
 * page's own clock from the start of its navigation. The page tells when (a promise its observer
 * settles); the driver does not poll the DOM meanwhile, which took the page's main thread for a tenth
 * of the load. A row drawn as a placeholder first gets its text in place: text changes are watched too.
 */
export async function loadUntilFirstRows(tab: Page, address: string): Promise<number> {
  await tab.addInitScript(`
    globalThis.firstRows = new Promise((resolve) =>
      new MutationObserver((changes, observer) => {
        const row = document.querySelector('[data-testid="row"]');
        if (!row || !row.textContent.startsWith('CUS-')) return;
        resolve(performance.now());
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true }),
    );
  `);
  await tab.goto(address, { waitUntil: 'commit' });
  return tab.evaluate<number>('globalThis.firstRows');
}
