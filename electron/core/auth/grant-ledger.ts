import { randomUUID } from 'node:crypto';
import { API_LIMITS } from '../../shared/api-rules.js';
import { writeDataFile } from '../store/data-file.js';
import { withFileLock } from '../store/file-lock.js';
import { endpointKey } from '../credentials.js';
import {
  blockedUntil,
  DAY_MS,
  emptyLedger,
  entryOf,
  ledgerSchema,
  live,
  LEDGER_PROBLEM,
  prune,
  type LedgerFile,
} from './grant-ledger-file.js';
import { readJsonFile, setAside } from '../store/json-file.js';
import type { GrantUsage } from '../../shared/contract/status.js';

/** A day's grants of a few bundles take a few kB: a ledger file past this is not one. */
const LEDGER_FILE_MAX_BYTES = 1024 * 1024;

export type { GrantUsage };

/** How a token request ended, for the ledger. */
export type GrantOutcome = 'granted' | 'refused' | 'unknown';

/** The ledger file could not be read; it was kept aside and the count restarted. */
export interface DamagedLedger {
  reason: string;
  movedTo: string;
}

/**
 * Every token request, by time only, per client (auth URL + client id: the server's budget is the
 * credentials bundle's, whichever profile uses it), in one file per machine shared by the app and
 * every `cdb` run (docs/architecture.md, "How a token is spent"). Every change is made under a cross-process lock after
 * re-reading the file, so no process overwrites another's grants. A request is recorded before it
 * is sent, so one whose answer is lost, or whose process dies, still counts.
 */
export class GrantLedger {
  private snapshot: LedgerFile = emptyLedger();
  private damage: DamagedLedger | undefined;
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly path: string | undefined,
    private readonly now: () => number,
    private readonly limit: number,
  ) {}

  /** Opens the ledger kept in `path` (none: in memory only, for one process). */
  static async open(
    path: string | undefined,
    { now = Date.now, limit = API_LIMITS.tokensPerDay }: { now?: () => number; limit?: number } = {},
  ): Promise<GrantLedger> {
    const ledger = new GrantLedger(path, now, limit);
    await ledger.refresh();
    return ledger;
  }

  /** The key of a credentials bundle in the ledger: its token endpoint however typed, and its client. */
  static clientKey(authUrl: string, clientId: string): string {
    return `${endpointKey(authUrl)} ${clientId}`;
  }

  /** Set when the file was found damaged (not JSON, or not a ledger) and kept aside. */
  get damaged(): DamagedLedger | undefined {
    return this.damage;
  }

  /** Calls `listener` whenever the counts may have changed (this process's or, after a re-read, another's). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The budget of `client` as last read. */
  usage(client: string): GrantUsage {
    const now = this.now();
    const entry = this.snapshot.clients[client];
    const grants = live(entry?.grants ?? [], now);
    const usage: GrantUsage = {
      used: grants.length,
      limit: this.limit,
      unconfirmed: grants.filter((grant) => grant.state !== 'granted').length,
      countUnknown:
        this.snapshot.countUnknownSince !== undefined && this.snapshot.countUnknownSince > now - DAY_MS,
    };
    const budgetFreesAt =
      grants.length >= this.limit ? (grants[grants.length - this.limit]?.at ?? now) + DAY_MS : 0;
    const blocked = blockedUntil(entry, now) ?? 0;
    if (budgetFreesAt > now && budgetFreesAt >= blocked)
      return { ...usage, nextAllowedAt: budgetFreesAt, blockedFor: 'budget' };
    if (blocked > now) return { ...usage, nextAllowedAt: blocked, blockedFor: entry?.blockedFor ?? 'rate' };
    return usage;
  }

  /** Re-reads the file, to see what other processes recorded. */
  refresh(): Promise<void> {
    return this.update(() => false);
  }

  /**
   * Records a token request about to be sent, unless the budget (or a server's "not before")
   * forbids it: then nothing is recorded and the usage saying why is returned.
   */
  async reserve(client: string): Promise<{ id: string } | { refused: GrantUsage }> {
    let result: { id: string } | { refused: GrantUsage } = { refused: this.usage(client) };
    await this.update((file) => {
      const usage = this.usage(client);
      if (usage.nextAllowedAt !== undefined) {
        result = { refused: usage };
        return false;
      }
      const id = randomUUID();
      entryOf(file, client).grants.push({ at: this.now(), id, state: 'asked' });
      result = { id };
      return true;
    });
    return result;
  }

  /** Says how a reserved request ended: a refusal frees its place; a lost answer stays counted. */
  settle(client: string, id: string, outcome: GrantOutcome): Promise<void> {
    return this.update((file) => {
      const entry = entryOf(file, client);
      const grant = entry.grants.find((candidate) => candidate.id === id);
      if (!grant) return false;
      if (outcome === 'refused') entry.grants = entry.grants.filter((candidate) => candidate !== grant);
      else grant.state = outcome;
      return true;
    });
  }

  /** Remembers that the server refused tokens to `client` until `at` (epoch ms), and why. */
  blockUntil(client: string, at: number, blockedFor: 'budget' | 'rate'): Promise<void> {
    return this.update((file) => {
      Object.assign(entryOf(file, client), { blockedUntil: at, blockedFor });
      return true;
    });
  }

  /** Forgets the server's "not before" for `client` (the user pressed Retry); the day's count stays. */
  unblock(client: string): Promise<void> {
    return this.update((file) => {
      const entry = file.clients[client];
      if (entry?.blockedUntil === undefined) return false;
      delete entry.blockedUntil;
      delete entry.blockedFor;
      return true;
    });
  }

  /**
   * Runs `task` while no other process runs one under the same `name` (one token request per
   * credentials on the machine: the others then find its token in the keychain).
   */
  exclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
    return this.path ? withFileLock(`${this.path}.${name}`, task, { waitMs: 60_000 }) : task();
  }

  /**
   * Applies `mutate` to the ledger as it is now on disk (re-read under the lock) and writes it back
   * when it says it changed something. Without a file, the ledger lives in this process.
   */
  private async update(mutate: (file: LedgerFile) => boolean): Promise<void> {
    const before = JSON.stringify(this.snapshot);
    await this.apply(mutate);
    // Listeners hear of real changes only: a re-read that found nothing new is silent (the status
    // bar asks for a re-read when it hears of a change).
    if (JSON.stringify(this.snapshot) !== before) this.changed();
  }

  private async apply(mutate: (file: LedgerFile) => boolean): Promise<void> {
    const path = this.path;
    if (!path) {
      mutate(this.snapshot);
      return;
    }
    await withFileLock(path, async () => {
      const { file, recovered } = await this.read(path);
      // `mutate` decides on what is on disk now (usage() reads the snapshot), not on what this process saw last.
      this.snapshot = file;
      const changed = mutate(file);
      if (changed || recovered) {
        prune(file, this.now());
        await writeDataFile(path, `${JSON.stringify(file)}\n`);
      }
    });
  }

  /** The file's ledger; a damaged file is moved aside, reported, and replaced by an empty ledger that says its count is unknown. */
  private async read(path: string): Promise<{ file: LedgerFile; recovered: boolean }> {
    const read = await readJsonFile(path, LEDGER_FILE_MAX_BYTES);
    if (read.kind === 'missing') return { file: emptyLedger(), recovered: false };
    const parsed = read.kind === 'json' ? ledgerSchema.safeParse(read.json) : undefined;
    if (parsed?.success) return { file: parsed.data, recovered: false };
    const reason = read.kind === 'damaged' ? read.problem : LEDGER_PROBLEM;
    const movedTo = await setAside(path, new Date(this.now()), 'move');
    this.damage = { reason, movedTo };
    return { file: { ...emptyLedger(), countUnknownSince: this.now() }, recovered: true };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
