import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { RENDERER_CSP } from './electron/shared/contract/wire.js';
import { RENDERER_ALIASES } from './aliases.config.js';

/** Writes the renderer's CSP, kept with the app's other wire facts, into index.html's <meta>. */
const rendererCsp: Plugin = {
  name: 'renderer-csp',
  transformIndexHtml: (html) => html.replace('%RENDERER_CSP%', RENDERER_CSP),
};

// Custom folders: main from electron/main, the renderer from renderer/, everything into out/.
export default defineConfig({
  main: {
    build: { outDir: 'out/main', lib: { entry: resolve(import.meta.dirname, 'electron/main/index.ts') } },
  },
  preload: {
    // Sandboxed preloads cannot require packages: CommonJS, with its dependencies bundled.
    build: {
      outDir: 'out/preload',
      lib: { entry: resolve(import.meta.dirname, 'electron/preload/index.ts'), formats: ['cjs'] },
      externalizeDeps: false,
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // electron-vite leaves bundles unminified; the page parses and compiles its script before
      // the first row can show, so it ships minified (a quarter of the bytes).
      minify: true,
      rolldownOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
    resolve: { alias: RENDERER_ALIASES },
    plugins: [react(), rendererCsp],
  },
});
