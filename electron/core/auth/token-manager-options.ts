import type { ApiErrorCode } from '../engine-errors.js';
import type { Fetch } from '../net/http.js';
import type { GrantLedger, GrantUsage } from './grant-ledger.js';
import type { Vault } from './vault.js';

// What a token manager is made with, reads its secret from, and tells the status bar (tokens.ts).

export interface TokenManagerOptions {
  vault: Vault;
  ledger: GrantLedger;
  fetch?: Fetch;
  now?: () => number;
  /** Time for one token request. */
  timeoutMs?: number;
  /** A 429 asking to wait at most this long is waited out; a longer one is reported. */
  longestWaitMs?: number;
  /** Wait after the token endpoint first fails (5xx, network, unreadable answer); doubles per failure. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

/** Reads a client secret for these credentials (a profile's, from the vault; `cdb`'s, from the environment). */
export type SecretSource = () => Promise<string | undefined>;

/** What the status bar shows about tokens. */
export interface TokenState {
  status: 'none' | 'valid' | 'requesting' | 'failed';
  /** Epoch ms. */
  expiresAt?: number;
  usage: GrantUsage;
  /** The last failure, in words. */
  error?: string;
  /** The last failure's code, for a UI that words it in its own language. */
  errorCode?: ApiErrorCode;
}
