import type { Fetch } from '../net/http.js';
import type { Vault } from '../auth/vault.js';
import type { RouteOf } from '../connections/connection-trials.js';
import type { DemoServer } from '../connections/connections.js';
import type { TypedTextSeal } from '../store/typed-text.js';
import type { ExportJobsOptions } from './export-jobs.js';
import { languageOfLocales } from '../../shared/api-rules.js';

/**
 * The language the lists are first read in until the person picks one: this computer's (the window
 * speaks its browser's; a list serves both languages, so a guess that differs costs a page a list).
 */
export const SYSTEM_LANGUAGE = languageOfLocales([Intl.DateTimeFormat().resolvedOptions().locale]);

/** What a composition root (Electron main, the browser host, cdb, a test) hands the engine. */
export interface AppCoreOptions extends ExportJobsOptions {
  /** Profiles, settings, token ledger and audit log (Electron's userData, or the host's). */
  dataDir: string;
  /** The keychain; the system's by default. */
  vault?: Vault;
  /**
   * Starts the built-in Demo connection's server (the first time it is chosen). The composition
   * roots (Electron main, the browser host) hand it in: the engine never imports the Demo API.
   */
  startDemo?: () => Promise<DemoServer>;
  /**
   * Writes the system clipboard (Electron main's): the text, and an HTML table beside it when there
   * is one (a mail client pastes that); without it, the page writes its own.
   */
  writeClipboard?: (text: string, html?: string) => Promise<void>;
  /**
   * How long after a connection is chosen the finder's lists start being read in the background
   * (5 s by default; Infinity: never, for tests that count every request).
   */
  prepareSearchAfterMs?: number;
  /** Memory kept for the lists held for search, all together (256 MiB by default). */
  searchBudgetBytes?: number;
  /**
   * The network every API and token endpoint is reached through (a composition choice): Chromium's
   * in Electron (OS proxy, PAC, OS trust store), the proxy-aware Node fetch in the browser host;
   * Node's own fetch when none is given (tests against 127.0.0.1).
   */
  fetch?: Fetch;
  /** The proxy `fetch` sends a URL through, and who issued its certificate (the connection Test says the route). */
  routeOf?: RouteOf;
  /**
   * Encrypts what a person typed, favourites and the kept lists' key before they reach the disk; by
   * default a key kept in the vault's keychain, one for the app, the browser host and `cdb` on a
   * data folder. Without a keychain nothing is kept.
   */
  typedTextSeal?: TypedTextSeal;
  /** What sealed them before (the app's safeStorage): still opened, never used to seal. */
  olderTypedTextSeal?: TypedTextSeal;
  /** Trusts a saved profile's company root for its API and token endpoint only (where `fetch` can). */
  trustCompanyRoot?: (urls: string[], pem: string) => void;
}
