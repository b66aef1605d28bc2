import { resolve } from 'node:path';

/**
 * The renderer's import aliases, for the bundler and the unit tests alike (tsconfig.web.json's
 * `paths` says the same to the compiler): the rules and the contract it shares with core.
 */
export const RENDERER_ALIASES = { '@shared': resolve(import.meta.dirname, 'electron/shared') };
