import type { AppErrorCode } from '../errors.js';

// What the app reports about itself — the session, its token and budget, its rate limiter — as the
// contract's answers and events carry it (contract.ts).

/** The token budget of one client as the ledger counts it and the UI shows it: "tokens used today: n / 15". */
export interface GrantUsage {
  /** Tokens asked for in the last 24 h on this machine (every process of the user). */
  used: number;
  limit: number;
  /** Of `used`, requests whose answer was lost: counted, as the server may have granted them. */
  unconfirmed: number;
  /** The token ledger was damaged in the last 24 h: `used` is only what was counted since. */
  countUnknown: boolean;
  /** Epoch ms when the next token may be requested, when that is not now. */
  nextAllowedAt?: number;
  /** Why not now: our count of the daily budget or the server's word on it, or its "slow down". */
  blockedFor?: 'budget' | 'rate';
}

/** The connection's token as the UI shows it, with the day's budget. */
export type TokenStatus = Omit<GrantUsage, 'blockedFor'> & {
  status: 'none' | 'valid' | 'requesting' | 'failed';
  expiresAt?: number;
  error?: string;
  /** The failure's code: the UI words it in the language shown (`error` is the app's English). */
  errorCode?: AppErrorCode;
};

export interface SessionStatus {
  connection: { id: string; name: string; demo: boolean } | null;
  token: TokenStatus | null;
  /** Null when the system keychain works; else why secrets are kept for this session only. */
  keychainProblem: string | null;
  /** Things the user should know about since start-up (a damaged connections file kept aside). */
  notices: string[];
  /**
   * Whether the lists held for search are kept between sessions: sealed by the keychain, not at all
   * for want of a keychain (said once), or not as the person chose.
   */
  listsKept: 'kept' | 'no-keychain' | 'off';
  /** True in Electron, where a finished export can be shown in the file manager. */
  canRevealFiles: boolean;
  /** True in Electron, where copying goes through clipboard.write (the browser host's page writes the clipboard itself). */
  writesClipboard: boolean;
}

/** Live figures of the active connection's rate limiter, for the status bar. */
export interface LimiterStats {
  /** Requests started in the last two seconds, per second. */
  requestsPerSecond: number;
  /** The rate the limiter currently allows itself (below the configured one after 503s). */
  allowedRate: number;
  /** The rate it was configured with (the API's 20/s unless the profile says otherwise). */
  configuredRate: number;
  queued: number;
  inFlight: number;
  /** Since the limiter was made. */
  retries: number;
  overloadAnswers: number;
  /** Other processes of this user (`cdb` runs, another window) calling the same API now: they share its rate. */
  sharedWith: number;
}
