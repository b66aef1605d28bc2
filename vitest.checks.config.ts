import { defineConfig } from 'vitest/config';
import { RENDERER_ALIASES } from './aliases.config.js';

// The checks on the project itself (scripts/*.test.ts): the layering table read by lint, no import
// cycle, the docs' paths, the catalogs, the request groups, the packaging. They read the sources and
// load ESLint and TypeScript, run none of the app, and are `npm run lint`'s last step, beside ESLint
// and Prettier (one of them: `npx vitest run --config vitest.checks.config.ts PATH`).
export default defineConfig({
  resolve: { alias: RENDERER_ALIASES },
  test: {
    name: 'checks',
    environment: 'node',
    include: ['scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    pool: 'threads',
    isolate: false,
    testTimeout: 30_000,
  },
});
