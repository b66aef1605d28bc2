import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { API_LIMITS } from '../shared/api-rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const ledgerSchema = z.object({
  version: z.literal(1),
  clients: z.record(
    z.string(),
    z.object({
      grants: z.array(z.number()),
      blockedUntil: z.number().optional(),
      blockedFor: z.enum(['budget', 'rate']).optional(),
    }),
  ),
});
type LedgerFile = z.infer<typeof ledgerSchema>;

/** The token budget of one client as the UI shows it: "tokens used today: n / 15". */
export interface GrantUsage {
  used: number;
  limit: number;
  /** Epoch ms when the next token may be requested, when that is not now. */
  nextAllowedAt?: number;
  /** Why not now: our count of the daily budget or the server's word on it, or its "slow down". */
  blockedFor?: 'budget' | 'rate';
}

/**
 * Every token grant, by time only, per client (auth URL + client id: the server's budget is the
 * credentials bundle's, whichever profile uses it). The API grants 15 tokens a day; the ledger
 * lets the app refuse a 16th itself, and remembers a server's "not before" after a 429.
 */
export class GrantLedger {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string | undefined,
    private readonly file: LedgerFile,
    private readonly now: () => number,
    private readonly limit: number,
  ) {}

  /**
   * Opens the ledger kept in `path` (none: in memory only). A missing or unreadable file starts an
   * empty ledger: it holds no user data, and the server still enforces its own budget.
   */
  static async open(
    path: string | undefined,
    { now = Date.now, limit = API_LIMITS.tokensPerDay }: { now?: () => number; limit?: number } = {},
  ): Promise<GrantLedger> {
    let file: LedgerFile = { version: 1, clients: {} };
    if (path) {
      try {
        const parsed = ledgerSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
        if (parsed.success) file = parsed.data;
      } catch {
        // Missing or not JSON: start afresh (see above).
      }
    }
    return new GrantLedger(path, file, now, limit);
  }

  /** The key of a credentials bundle in the ledger. */
  static clientKey(authUrl: string, clientId: string): string {
    return `${authUrl} ${clientId}`;
  }

  usage(client: string): GrantUsage {
    const now = this.now();
    const entry = this.file.clients[client];
    const grants = (entry?.grants ?? []).filter((at) => at > now - DAY_MS);
    const usage: GrantUsage = { used: grants.length, limit: this.limit };
    const budgetFreesAt =
      grants.length >= this.limit ? (grants[grants.length - this.limit] ?? now) + DAY_MS : 0;
    const blockedUntil = entry?.blockedUntil ?? 0;
    if (budgetFreesAt > now && budgetFreesAt >= blockedUntil)
      return { ...usage, nextAllowedAt: budgetFreesAt, blockedFor: 'budget' };
    if (blockedUntil > now)
      return { ...usage, nextAllowedAt: blockedUntil, blockedFor: entry?.blockedFor ?? 'rate' };
    return usage;
  }

  /** Records a grant made now. */
  record(client: string): Promise<void> {
    const now = this.now();
    const entry = this.file.clients[client];
    const grants = [...(entry?.grants ?? []).filter((at) => at > now - DAY_MS), now];
    this.file.clients[client] = { ...entry, grants };
    return this.persist();
  }

  /** Remembers that the server refused tokens to `client` until `at` (epoch ms), and why. */
  blockUntil(client: string, at: number, blockedFor: 'budget' | 'rate'): Promise<void> {
    this.file.clients[client] = { grants: [], ...this.file.clients[client], blockedUntil: at, blockedFor };
    return this.persist();
  }

  private async persist(): Promise<void> {
    const path = this.path;
    if (!path) return;
    const text = `${JSON.stringify(this.file)}\n`;
    const write = this.writes.then(() => writeFileAtomic(path, text, { mode: 0o600 }));
    this.writes = write.catch(() => undefined);
    await write;
  }
}
