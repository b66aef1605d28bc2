import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium.js';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  // Spec files run two at a time: each starts its own host process, Demo API, data folder and
  // browser, so they share nothing but the machine (and the test session's keychain, where each
  // connection is an account of its own). Tests within a file stay in order. Two keep both cores of
  // a 2-core machine busy (93 %); three were no faster.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    launchOptions: CHROMIUM,
    // The app speaks the browser's language until one is picked: specs read English unless they
    // say otherwise (a French agent's spec runs in fr-FR), whatever this machine's own locale.
    locale: 'en-US',
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot of its end.
    // The trace's screencast is left out: it was recorded for every test, passed or not, and cost
    // the suite a seventh of its CPU (152 s instead of 177 s for the whole run on 2 cores).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});
