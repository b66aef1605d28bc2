import { defineConfig } from 'vitest/config';

// Two suites (docs/architecture.md, "Layers"): `npm test` runs the unit suite anywhere, in seconds (no D-Bus, no
// Chromium, no child process, no wait on the real clock); `npm run test:integration` runs the
// tests named *.integration.test.ts against the real parts: the system keychain of the test
// session, other processes, Python's readers, the rate limits on the real clock.
const SOURCES = ['electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];
const INTEGRATION = ['**/*.integration.test.{ts,tsx}'];

export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Worker threads start faster than processes, and the unit suite loads no native module
          // (the keychain's is the integration suite's).
          pool: 'threads',
          // Its files wait on their servers, sockets and timers about half of the time: with two
          // workers on a 2-core machine each one sat idle half of the run (CPU profiles); four keep
          // the cores busy (12–13 s where two took 15–16 s).
          maxWorkers: 4,
          // `npx vitest run PATH` runs both suites: the unit one first, each with its own workers
          // (projects with different worker counts must say their order).
          sequence: { groupOrder: 0 },
          // Each worker loads the modules once for all its files (a third of the suite's time went
          // to loading them again per file); the unit tests keep no state between files: each
          // starts its own servers, folders and engines.
          isolate: false,
          include: SOURCES,
          exclude: ['**/node_modules/**', ...INTEGRATION],
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Two files at once even on a 2-core machine (the default there is one): they wait on the
          // keychain, other processes and the real clock more than on the CPU, and their real-clock
          // tests assert what load cannot make pass wrongly (no 503, at least the rate's minimum
          // duration).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          include: INTEGRATION,
          exclude: ['**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
