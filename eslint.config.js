// Lint, and the layering of shared/DESIGN.md enforced as import rules (the way VS Code keeps
// `common`, `node` and `electron-main` apart): dependencies point down, and only main and preload
// may touch Electron.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ELECTRON = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};
const NODE_BUILTINS = {
  group: ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)],
  message: 'This layer runs in the browser (or is shared with it): no Node built-ins.',
};
/** Relative imports reaching into one of the named folders of electron/. */
const into = (folders, message) => ({
  regex: `^(\\.\\.?/)+(.*/)?(electron/)?(${folders.join('|')})(/|$)`,
  message,
});

/** One no-restricted-imports rule per layer (a later rule for the same file replaces, not merges). */
const layer = (files, { paths = [], patterns = [] }) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSEnumDeclaration',
          message: 'Use a union of string literals (as const) instead of enum.',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON answers whose shape is the very thing they assert; `any` there is the input.
    files: ['**/*.test.ts', '**/test-support.ts', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  layer(['electron/shared/**'], {
    paths: [ELECTRON],
    patterns: [
      NODE_BUILTINS,
      into(
        ['core', 'main', 'preload', 'host', 'cli', 'renderer'],
        'electron/shared is plain TS that every layer imports: it imports none of them.',
      ),
    ],
  }),
  layer(['electron/core/**'], {
    paths: [ELECTRON],
    patterns: [
      into(
        ['main', 'preload', 'host', 'cli', 'renderer'],
        'electron/core is the bottom layer: it imports only electron/shared.',
      ),
    ],
  }),
  layer(['electron/host/**', 'electron/cli/**'], {
    paths: [ELECTRON],
    patterns: [
      into(
        ['main', 'preload', 'renderer'],
        'The browser host and cdb stand beside Electron main: they use core and shared only.',
      ),
    ],
  }),
  layer(['electron/main/**'], {
    patterns: [
      into(
        ['host', 'cli', 'renderer'],
        'Electron main uses core and shared; the renderer is loaded, not imported.',
      ),
    ],
  }),
  layer(['electron/preload/**'], {
    patterns: [
      NODE_BUILTINS,
      into(
        ['core', 'main', 'host', 'cli', 'renderer'],
        'The sandboxed preload exposes the contract from electron/shared and nothing else.',
      ),
    ],
  }),
  layer(['renderer/**'], {
    paths: [ELECTRON],
    patterns: [
      NODE_BUILTINS,
      into(
        ['core', 'main', 'preload', 'host', 'cli'],
        'The renderer talks to the app through window.api; it imports only electron/shared.',
      ),
    ],
  }),
);
