import { defineConfig } from '@playwright/test';

/**
 * Playwright's own browser download fails on these machines: the specs drive Debian's Chromium
 * (shared/STACK.md, "Browser tests"). The flags keep it from calling out to the closed network.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: { launchOptions: CHROMIUM, trace: 'retain-on-failure' },
});
