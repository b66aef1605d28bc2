import { API_LIMITS, PAGE_SIZE_MAX } from '../../../shared/api-rules.js';
import { canCatchUp } from './catch-up.js';
import type { HeldList } from './held-list-state.js';

/** A held list older than this is caught up in the background when it is used. */
export const FRESH_MS = 10 * 60_000;
/**
 * The whole read every held list gets at least this often, in the background (catching up cannot
 * see a writer that leaves `updatedAt` as it was, nor a deletion and an addition dated in the
 * past), paid by the office's address: OFFICE_AGENTS desks behind one address, whose background
 * reads together take at most BACKGROUND_SHARE of the API's rate (ListFreshness.wholeReadPeriod).
 */
const OFFICE_AGENTS = 20;
const BACKGROUND_SHARE = 0.1;
const LEAST_WHOLE_PERIOD_MS = 60 * 60_000;

/** What the freshness of the lists asks of the lists held (held-lists.ts). */
export interface FreshLists {
  isHeld(list: HeldList): boolean;
  /** The lists held of a connection. */
  of(connectionId: string): Iterable<HeldList>;
  /** Catches the list up (or reads it whole when its server cannot be compared). */
  catchUp(list: HeldList): void;
  /** Reads the list whole in the background, searches answering from what is held meanwhile. */
  readWhole(list: HeldList): void;
}

/**
 * When held lists are read again (docs/architecture.md, "Search"): caught up once older than ten
 * minutes and used since, read whole once their period is over (or when the person asks: Refresh),
 * and a list the API cannot say the changes of (agreements) only then: every ten minutes it would
 * cost the office's address hundreds of requests a desk.
 */
export class ListFreshness {
  constructor(
    private readonly lists: FreshLists,
    private readonly freshMs = FRESH_MS,
    /** How often each list is read whole, instead of the period the office's share gives. */
    private readonly wholeReadEveryMs?: number,
  ) {}

  /** Whether the list, used now, is to be caught up (older than its freshness, or marked stale). */
  isOld(list: HeldList): boolean {
    const tried = triedAt(list);
    const old = tried !== undefined && Date.now() - tried >= this.freshMs;
    return (list.stale || old) && this.worthReading(list);
  }

  /** Whether reading the list again would tell something: its changes can be read, or its whole read is due. */
  worthReading(list: HeldList): boolean {
    return canCatchUp(list.view) || this.wholeDue(list);
  }

  wholeDue(list: HeldList): boolean {
    return Date.now() >= (list.wholeAt ?? 0) + this.wholeReadPeriod(list.source.connectionId);
  }

  /** The list settled: caught up once older than its freshness and used, read whole once its period is over. */
  arm(list: HeldList): void {
    clearTimeout(list.freshness);
    const asOf = triedAt(list) ?? Date.now();
    const wholeDue = (list.wholeAt ?? 0) + this.wholeReadPeriod(list.source.connectionId);
    // A list whose changes the API cannot say is read again only when its whole read is due.
    const freshDue = canCatchUp(list.view) ? asOf + this.freshMs : Infinity;
    list.freshness = setTimeout(
      () => {
        if (!this.lists.isHeld(list) || list.reading || list.state !== 'held') return;
        if (Date.now() >= wholeDue) this.lists.readWhole(list);
        else if (list.lastUsed > asOf) this.lists.catchUp(list);
        else {
          list.stale = true;
          this.arm(list);
        }
      },
      Math.max(0, Math.min(list.stale ? Infinity : freshDue, wholeDue) - Date.now()),
    );
    list.freshness.unref();
  }

  /**
   * How often a connection's lists are each read whole: so that OFFICE_AGENTS desks doing the same
   * take at most BACKGROUND_SHARE of the API's rate (20 requests a second, shared by an office's
   * address) for it, and never more often than hourly. The Demo's 650,000 rows: every 3.6 hours.
   */
  wholeReadPeriod(connectionId: string): number {
    if (this.wholeReadEveryMs !== undefined) return this.wholeReadEveryMs;
    let pages = 0;
    for (const list of this.lists.of(connectionId)) pages += Math.ceil(list.rows.length / PAGE_SIZE_MAX) + 1;
    const perDesk = (API_LIMITS.requestsPerSecond * BACKGROUND_SHARE) / OFFICE_AGENTS;
    return Math.max(LEAST_WHOLE_PERIOD_MS, (pages / perDesk) * 1000);
  }
}

/** When the list's changes were last read, or last tried and refused for a lasting reason. */
function triedAt(list: HeldList): number | undefined {
  return list.refused ? Math.max(list.refused.at, list.asOf ?? 0) : list.asOf;
}
