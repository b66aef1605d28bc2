import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium.js';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  // Spec files run two at a time: each starts its own host process, Demo API, data folder and
  // browser, so they share nothing but the machine (and the test session's keychain, where each
  // connection is an account of its own). Tests within a file stay in order. Three at a time on 2
  // cores starves the integration tests that run beside them (verify.sh) of the CPU they measure.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: { launchOptions: CHROMIUM, trace: 'retain-on-failure' },
});
