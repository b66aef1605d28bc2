import { defineConfig } from 'vitest/config';
import { RENDERER_ALIASES } from './aliases.config.js';

// The unit suite (docs/architecture.md, "Layers"): `npm test`, or `npx vitest run PATH` for one
// folder's, runs anywhere in seconds (no D-Bus, no Chromium, no child process, no wait on the real
// clock). The tests named *.integration.test.ts, against the real parts (the system keychain of the
// test session, other processes, Python's readers, the rate limits on the real clock), are
// vitest.integration.config.ts's: `npm run test:integration [PATH]`. The checks on the project
// itself (scripts/*.test.ts) are `npm run lint`'s: vitest.checks.config.ts.
export const INTEGRATION = ['**/*.integration.test.{ts,tsx}'];

export default defineConfig({
  resolve: { alias: RENDERER_ALIASES },
  test: {
    name: 'unit',
    environment: 'node',
    include: ['electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', ...INTEGRATION],
    // Worker threads start faster than processes, and the unit suite loads no native module (the
    // keychain's is the integration suite's).
    pool: 'threads',
    // Each worker loads the engine's modules once (isolate: false below), some 4.5 CPU-seconds
    // each: four workers on a 2-core machine took 43 CPU-s for the 21 s two take in 34 (same run,
    // `/usr/bin/time npx vitest run --maxWorkers=N`). The files wait on their servers and timers
    // often enough that two keep both cores busy.
    maxWorkers: 2,
    // Each worker loads the modules once for all its files (a third of the suite's time went to
    // loading them again per file); the unit tests keep no state between files: each starts its
    // own servers, folders and engines.
    isolate: false,
    // A bound for a test that hangs, not a figure: with a second suite beside it on 2 cores, a file
    // that takes a second alone took over ten (saved views, a dozen locked writes of one file).
    testTimeout: 30_000,
    // `expect.poll` waits for what the code under test does in the background (an export's end, a
    // limiter's news), and returns as soon as it holds: its bound is a wait, not a figure. The
    // default second was cut short on a busy machine (two exports' ends, with another suite beside).
    expect: { poll: { timeout: 30_000 } },
  },
});
