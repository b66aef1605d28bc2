import { z } from 'zod';
import { LONGEST_SERVER_WAIT_MS } from '../engine-errors.js';

// The grant ledger's file (grant-ledger.ts): its format, read as `unknown` and checked, and the
// rules that keep it to the last 24 hours.

/** The spec's daily budget is counted over a sliding day. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A token request as the ledger counts it: `asked` while it is under way (a process that dies
 * meanwhile leaves it counted), `granted`, or `unknown` when its answer was lost (timeout, reset):
 * the server may have granted it, so it counts against the budget too.
 */
const grantSchema = z.object({
  at: z.number(),
  id: z.string(),
  state: z.enum(['asked', 'granted', 'unknown']),
});
export type Grant = z.infer<typeof grantSchema>;

const clientSchema = z.object({
  grants: z.array(grantSchema),
  blockedUntil: z.number().optional(),
  blockedFor: z.enum(['budget', 'rate']).optional(),
});

/** The ledger file, version 2. */
export const ledgerSchema = z.object({
  version: z.literal(2),
  clients: z.record(z.string(), clientSchema),
  /** A damaged ledger was set aside at this time: grants before it are unknown for a day. */
  countUnknownSince: z.number().optional(),
});
export type LedgerFile = z.infer<typeof ledgerSchema>;

/** A ledger with no request in it. */
export function emptyLedger(): LedgerFile {
  return { version: 2, clients: {} };
}

/** The entry of `client`, made if it has none. */
export function entryOf(file: LedgerFile, client: string): LedgerFile['clients'][string] {
  file.clients[client] ??= { grants: [] };
  return file.clients[client];
}

/** The requests of the last 24 h, oldest first. */
export function live(grants: readonly Grant[], now: number): Grant[] {
  return grants.filter((grant) => grant.at > now - DAY_MS).sort((a, b) => a.at - b.at);
}

/**
 * Until when the server refused tokens to an entry's client, while that lasts. A wait longer than
 * any the app records (an older version's, a hand-edited file) is ignored: nothing on disk can
 * block tokens for longer than the token endpoint's bounded Retry-After.
 */
export function blockedUntil(
  entry: LedgerFile['clients'][string] | undefined,
  now: number,
): number | undefined {
  const until = entry?.blockedUntil;
  return until !== undefined && until > now && until <= now + LONGEST_SERVER_WAIT_MS.tokenEndpoint
    ? until
    : undefined;
}

/** Drops what no longer counts: requests older than a day, blocks that are over (or beyond belief). */
export function prune(file: LedgerFile, now: number): void {
  for (const [client, entry] of Object.entries(file.clients)) {
    entry.grants = live(entry.grants, now);
    if (blockedUntil(entry, now) === undefined) {
      delete entry.blockedUntil;
      delete entry.blockedFor;
    }
    if (!entry.grants.length && entry.blockedUntil === undefined) delete file.clients[client];
  }
  if ((file.countUnknownSince ?? Infinity) <= now - DAY_MS) delete file.countUnknownSince;
}

/** What a file that is JSON but not a ledger is said to be. */
export const LEDGER_PROBLEM = 'not a token ledger of this version of the app';
