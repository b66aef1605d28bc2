// Lint, and the layering of docs/architecture.md enforced as import rules (the way VS Code keeps
// `common`, `node` and `electron-main` apart): dependencies point down, and only main and preload
// may touch Electron. Between the top-level layers, the blocks below; inside electron/core and
// renderer/src, from folder to folder, the one table of scripts/layers.mjs.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layeringPlugin } from './scripts/layers.mjs';

const ELECTRON = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};
const NODE_BUILTINS = {
  group: ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)],
  message: 'This layer runs in the browser (or is shared with it): no Node built-ins.',
};
const NO_ENUM = {
  selector: 'TSEnumDeclaration',
  message: 'Use a union of string literals (as const) instead of enum.',
};
const NO_RAW_SEND = {
  selector: "MemberExpression[property.name='send'][object.property.name='webContents']",
  message:
    'Push events with sendEvent() from electron/main/ipc.ts: it is typed by the contract and skips closed windows.',
};
/** IPC goes through the one typed wrapper on each side (GitHub Desktop's rule): main/ipc.ts and the preload. */
const RAW_IPC = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message:
    'Use the contract wrappers: electron/main/ipc.ts in main, electron/preload/index.ts in the preload.',
};

/** Relative imports reaching into one of the named folders of electron/. */
const into = (folders, message) => ({
  regex: `^(\\.\\.?/)+(.*/)?(electron/)?(${folders.join('|')})(/|$)`,
  message,
});

/**
 * Each layer keeps its test helpers, fixtures and test servers in a `testing/` folder (the Demo
 * API's fault hooks among them): tests and benches use them, what ships never imports them.
 */
const TESTING = {
  regex: '(^|/)testing(/|$)',
  message:
    'Test helpers live in a testing/ folder: only tests, benches and other helpers import them (what ships starts the Demo API from demo-api/index.js).',
};
/** Where tests and their helpers are: the layers' rules below apply to them without TESTING. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

const DEMO_API_NEIGHBOURS = into(
  ['core', 'main', 'preload', 'host', 'cli', 'renderer'],
  'The Demo API is a server of its own: it imports only electron/shared.',
);
const RENDERER_NEIGHBOURS = into(
  ['core', 'main', 'preload', 'host', 'cli', 'demo-api'],
  'The renderer talks to the app through window.api; it imports only electron/shared.',
);

/** The renderer names shared by its alias (tsconfig.web.json): one spelling wherever a file stands. */
const SHARED_BY_ALIAS = {
  regex: '^(\\.\\./)+electron/shared(/|$)',
  message: 'Import electron/shared as @shared/… (tsconfig.web.json), not by a relative path.',
};

/** The renderer reads rows through renderer/src/rows/index.ts only: what is inside may move. */
const ROWS_INSIDE = {
  regex: '^(\\.\\.?/)+(.*/)?rows/.+',
  message: 'Read rows through renderer/src/rows (its index.ts), not a module inside it.',
};

const MAIN_NEIGHBOURS = into(
  ['host', 'cli', 'renderer'],
  'Electron main uses core and shared; the renderer is loaded, not imported.',
);

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
      // electron-vite bundles its config to this file for a moment while it builds (verify.sh lints
      // beside the build): a file that vanishes between ESLint's listing and its read fails the lint.
      'electron.vite.config.ts.*.mjs',
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
      'no-restricted-syntax': ['error', NO_ENUM, NO_RAW_SEND],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON answers whose shape is the very thing they assert; `any` there is the input.
    // Browser specs and benches hand callbacks to Chromium, typed here without the DOM library.
    files: [...TEST_FILES, 'e2e/**', 'bench/table.ts', 'bench/ipc.ts', 'bench/lib/scroll-measure.ts'],
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
    // A module is read whole: past 300 lines it does more than one job. Tests and specs are
    // scenarios read one at a time, and are not held to it.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [...TEST_FILES, 'e2e/**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // A component is read on one screen: past 150 lines its logic belongs in plain code or a hook
    // beside it (finder-field.ts, useDataTable.ts), and the component is the wiring.
    files: ['renderer/src/**/*.tsx'],
    ignores: TEST_FILES,
    rules: { 'max-lines': ['error', { max: 150 }] },
  },
  {
    // A hook or a component is wiring: past 100 lines (blank lines and comments aside) its logic
    // belongs in plain code beside it, tested without React (finder-state.ts, row-window.ts), and
    // what it returns in groups. The 150-line rule above does not see a long hook in a .ts file.
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The app is not built with the React Compiler, so a library it cannot memoize (TanStack
      // Table's instance) needs no warning.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['electron/core/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { local: layeringPlugin },
    rules: { 'local/layering': 'error' },
  },
  layer(['electron/shared/**'], {
    paths: [ELECTRON],
    patterns: [
      NODE_BUILTINS,
      into(
        ['core', 'main', 'preload', 'host', 'cli', 'renderer', 'demo-api'],
        'electron/shared is plain TS that every layer imports: it imports none of them.',
      ),
      TESTING,
    ],
  }),
  layer(['electron/core/**'], {
    paths: [ELECTRON],
    patterns: [
      into(
        ['main', 'preload', 'host', 'cli', 'renderer', 'demo-api'],
        'electron/core is the client engine: it imports only electron/shared (the Demo API is handed to it by main or the host).',
      ),
      TESTING,
    ],
  }),
  // Core's tests run the engine against the Demo API; the engine itself never imports it.
  layer(['electron/core/**/*.test.ts', 'electron/core/testing/**'], {
    paths: [ELECTRON],
    patterns: [
      into(['main', 'preload', 'host', 'cli', 'renderer'], 'Core tests use core, shared and the Demo API.'),
    ],
  }),
  layer(['electron/demo-api/**'], { paths: [ELECTRON], patterns: [DEMO_API_NEIGHBOURS, TESTING] }),
  layer(['electron/demo-api/**/*.test.ts', 'electron/demo-api/testing/**'], {
    paths: [ELECTRON],
    patterns: [DEMO_API_NEIGHBOURS],
  }),
  layer(['electron/host/**', 'electron/cli/**'], {
    paths: [ELECTRON],
    patterns: [
      into(
        ['main', 'preload', 'renderer'],
        'The browser host and cdb stand beside Electron main: they use core and shared only.',
      ),
      TESTING,
    ],
  }),
  // Their tests drive the Demo API's fault hooks.
  layer(
    [
      'electron/host/**/*.test.ts',
      'electron/host/testing/**',
      'electron/cli/**/*.test.ts',
      'electron/cli/testing/**',
    ],
    {
      paths: [ELECTRON],
      patterns: [
        into(['main', 'preload', 'renderer'], 'Host and cdb tests use core, shared and the Demo API.'),
      ],
    },
  ),
  layer(['electron/main/**'], {
    paths: [RAW_IPC],
    patterns: [MAIN_NEIGHBOURS, TESTING],
  }),
  layer(['electron/main/ipc.ts'], { patterns: [MAIN_NEIGHBOURS, TESTING] }),
  { files: ['electron/main/ipc.ts'], rules: { 'no-restricted-syntax': ['error', NO_ENUM] } },
  layer(['electron/preload/**'], {
    patterns: [
      NODE_BUILTINS,
      into(
        ['core', 'main', 'host', 'cli', 'renderer'],
        'The sandboxed preload exposes the contract from electron/shared and nothing else.',
      ),
      TESTING,
    ],
  }),
  // Main's and the preload's tests load them against the fake electron module of main's testing/.
  layer(['electron/main/**/*.test.ts', 'electron/main/testing/**', 'electron/preload/**/*.test.ts'], {
    patterns: [
      into(['host', 'cli', 'renderer'], 'Main and preload tests use main, preload, core and shared.'),
    ],
  }),
  layer(['renderer/**'], {
    paths: [ELECTRON],
    patterns: [NODE_BUILTINS, RENDERER_NEIGHBOURS, SHARED_BY_ALIAS, TESTING, ROWS_INSIDE],
  }),
  layer(['renderer/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/src/testing/**'], {
    paths: [ELECTRON],
    patterns: [NODE_BUILTINS, RENDERER_NEIGHBOURS, SHARED_BY_ALIAS, ROWS_INSIDE],
  }),
  // Inside rows/, its modules use one another.
  layer(['renderer/src/rows/**'], {
    paths: [ELECTRON],
    patterns: [NODE_BUILTINS, RENDERER_NEIGHBOURS, SHARED_BY_ALIAS, TESTING],
  }),
  layer(['renderer/src/rows/**/*.test.ts'], {
    paths: [ELECTRON],
    patterns: [NODE_BUILTINS, RENDERER_NEIGHBOURS, SHARED_BY_ALIAS],
  }),
  // The boot module asks for the first page before the app's code runs: it takes that one module
  // of rows/, since the index would bring every loader into the script the page waits for.
  layer(['renderer/src/main.tsx'], {
    paths: [ELECTRON],
    patterns: [NODE_BUILTINS, RENDERER_NEIGHBOURS, SHARED_BY_ALIAS, TESTING],
  }),
);
