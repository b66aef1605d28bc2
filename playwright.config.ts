import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium.js';

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
