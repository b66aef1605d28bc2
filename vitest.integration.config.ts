import { defineConfig } from 'vitest/config';
import { INTEGRATION } from './vitest.config.js';

// The integration suite: `npm run test:integration [PATH]`, inside the test session (a real,
// throwaway keychain: scripts/with-test-session.sh).
export default defineConfig({
  test: {
    name: 'integration',
    environment: 'node',
    include: INTEGRATION,
    exclude: ['**/node_modules/**'],
    // Two files at once even on a 2-core machine (the default there is one): they wait on the
    // keychain, other processes and the real clock more than on the CPU, and their real-clock tests
    // assert what load cannot make pass wrongly (no 503, at least the rate's minimum duration).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
