import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium.js';

/** The specs that hold a desk's lists at their real size, alone on the machine. */
const REAL_SIZE = /desk-size\.spec\.ts$/;

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
  // The desk at its real size (three lists of 100,000 to 300,000 rows held together) takes most of
  // a core and its memory for minutes: beside another spec it starved it into timeouts. It runs in
  // a step of its own once the others are done (`--project=app`, then `--project=real-size`; a bare
  // `playwright test` runs them in that order too).
  projects: [
    { name: 'app', testIgnore: REAL_SIZE },
    { name: 'real-size', testMatch: REAL_SIZE, dependencies: ['app'] },
  ],
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
