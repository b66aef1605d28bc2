import type { Language } from '../../shared/api-rules.js';
import { heldListKey, type HeldListStatus, type HeldListView } from '../../shared/held-list.js';
import type { AppErrorPayload } from '../../shared/errors.js';
import { HeldList, type ListSource } from './held-list-state.js';
import { HeldRows } from './held-rows.js';
import { KnownCounts } from './known-counts.js';
import { ListReads } from './list-reads.js';

export type { HeldList, ListSource };

/** Memory kept for every held list together, by default (docs/decisions/0008-lists-held-for-search.md). */
export const DEFAULT_BUDGET_BYTES = 256 * 2 ** 20;
/** A held list older than this is read again in the background when it is used. */
export const FRESH_MS = 10 * 60_000;
/** Progress is told a few times a second while a list is read, however fast its pages come. */
const STATUS_INTERVAL_MS = 250;

export interface HeldListsOptions {
  budgetBytes?: number;
  freshMs?: number;
  /** Told each list's status: while it is read (a few times a second) and when its state changes. */
  onStatus: (status: HeldListStatus) => void;
  /** A failed read as its status tells it: the service's words for any failure (handed in, as it knows them all). */
  errorPayloadOf: (error: unknown) => AppErrorPayload;
}

/**
 * The lists held for search (docs/architecture.md, "Search"), shared by every window and table of
 * the app: one per connection, list (resource, customer scope) and language. A list is read whole
 * the first time a search needs it (list-reader.ts), is searched while it is read, and is kept for
 * the session in memory only. All of them together fit a memory budget: the least recently used
 * are dropped to make room, and a list too long for the budget is not held (its searches scan). A
 * list older than ten minutes is read again in the background when used; Refresh reads it now.
 */
export class HeldLists {
  readonly budgetBytes: number;
  private readonly freshMs: number;
  /** By key, the least recently used first. */
  private readonly lists = new Map<string, HeldList>();
  /** The counts the window asked lately (data.count), which a read takes rather than asking again. */
  readonly counts = new KnownCounts();
  /** How a list is read: whole, caught up on what changed, or translated from another language. */
  private readonly reads: ListReads;

  constructor(private readonly options: HeldListsOptions) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.freshMs = options.freshMs ?? FRESH_MS;
    this.reads = new ListReads(this, this.counts, options.errorPayloadOf);
  }

  /** Whether `list` is the one held under its key (not dropped or replaced since). */
  isHeld(list: HeldList): boolean {
    return this.lists.get(list.key) === list;
  }

  /**
   * The list, held or being read: its read is started the first time, and started again in the
   * background when the list is older than ten minutes. Using it makes it the most recently used.
   */
  use(source: ListSource, view: HeldListView, lang: Language): HeldList {
    const key = heldListKey(source.connectionId, view, lang);
    let list = this.lists.get(key);
    if (!list) {
      list = new HeldList(key, source, view, lang);
      this.lists.set(key, list);
      // Held already in another language: translated from it rather than read again.
      const other = [...this.lists.values()].find(
        (candidate) =>
          candidate !== list &&
          candidate.state === 'held' &&
          !candidate.reading &&
          candidate.key === heldListKey(source.connectionId, view, candidate.lang),
      );
      void (other ? this.reads.translate(list, other) : this.reads.run(list));
    } else {
      const old = list.asOf !== undefined && Date.now() - list.asOf >= this.freshMs;
      if (list.state === 'held' && !list.reading && (list.stale || old)) this.readAgain(list);
    }
    return this.touch(list);
  }

  /**
   * Starts reading a list nobody has asked for yet, so that search is ready when it is (the finder's
   * lists, at idle after the app starts): at background priority (the limiter's share of the rate,
   * never while the screen waits) until someone uses it. A list already there is left as it is.
   */
  prepare(source: ListSource, view: HeldListView, lang: Language): HeldList {
    const key = heldListKey(source.connectionId, view, lang);
    const known = this.lists.get(key);
    if (known) return known;
    const list = new HeldList(key, source, view, lang);
    list.prepared = true;
    this.lists.set(key, list);
    void this.reads.run(list);
    return list;
  }

  /** The list if it is held or being read, without starting a read. */
  find(source: ListSource, view: HeldListView, lang: Language): HeldList | undefined {
    const list = this.lists.get(heldListKey(source.connectionId, view, lang));
    return list && this.touch(list);
  }

  private touch(list: HeldList): HeldList {
    // Someone uses it now: a list being prepared in the background is read at prefetch priority.
    list.prepared = false;
    this.lists.delete(list.key);
    this.lists.set(list.key, list);
    list.lastUsed = Date.now();
    return list;
  }

  /** The status of a list as the UI shows it. */
  statusOf(list: HeldList): HeldListStatus {
    return list.status(this.budgetBytes);
  }

  /** The lists of a connection, as the UI shows them. */
  statuses(connectionId: string): HeldListStatus[] {
    return [...this.lists.values()]
      .filter((list) => list.source.connectionId === connectionId)
      .map((list) => this.statusOf(list));
  }

  /** Stops the read of a list (the user's Cancel): no more of its pages are asked for. */
  stop(source: ListSource, view: HeldListView, lang: Language): HeldListStatus | undefined {
    const list = this.find(source, view, lang);
    if (!list) return undefined;
    list.controller?.abort();
    list.controller = undefined;
    if (list.replacing) {
      // A held list stays as it was; the read that would have replaced it is given up.
      list.reader = undefined;
      list.replacing = false;
    } else if (list.state === 'reading') list.state = 'stopped';
    this.tell(list, true);
    return this.statusOf(list);
  }

  /**
   * Reads a list again now: goes on with a stopped or failed read from where it was, or reads a
   * held one again in the background (the user's Refresh or Retry).
   */
  read(source: ListSource, view: HeldListView, lang: Language): HeldListStatus {
    const list = this.use(source, view, lang);
    if (!list.reading) {
      if (list.state === 'stopped' || list.state === 'failed') {
        list.state = 'reading';
        list.error = undefined;
        void this.reads.run(list);
      } else if (list.state === 'held') this.readAgain(list);
    }
    return this.statusOf(list);
  }

  /** Every held list of the connection is read again now, in the background (Refresh). */
  refresh(connectionId: string): void {
    for (const list of this.lists.values()) {
      if (list.source.connectionId === connectionId && list.state === 'held' && !list.reading)
        this.readAgain(list);
    }
  }

  /** Forgets every list of the connection (it was edited or deleted: its rows may be another API's). */
  forget(connectionId: string): void {
    for (const list of [...this.lists.values()])
      if (list.source.connectionId === connectionId) this.drop(list);
    this.reads.forget(connectionId);
    this.counts.forget(connectionId);
  }

  /** Stops every read and forgets every list (the app is quitting). */
  close(): void {
    for (const list of [...this.lists.values()]) this.drop(list, false);
  }

  /** Memory the held lists take together, estimated. */
  get bytes(): number {
    let bytes = 0;
    for (const list of this.lists.values()) bytes += list.bytes;
    return bytes;
  }

  /** Makes a held list fresh: for the cost of what changed when the API can say it (catch-up.ts), else read whole. */
  private readAgain(list: HeldList): void {
    list.replacing = true;
    list.reader = undefined;
    void this.reads.catchUpOrRun(list);
  }

  /** The list is held whole, as of `asOf`; read again once older than its freshness. */
  settle(list: HeldList, asOf: number): void {
    list.replacing = false;
    list.state = 'held';
    list.error = undefined;
    list.asOf = asOf;
    list.stale = false;
    clearTimeout(list.freshness);
    list.freshness = setTimeout(
      () => {
        // Read again at once if it was used since it was read; else when it is next used.
        if (list.lastUsed > (list.asOf ?? 0) && this.isHeld(list)) this.readAgain(list);
        else list.stale = true;
      },
      Math.max(0, asOf + this.freshMs - Date.now()),
    );
    list.freshness.unref();
  }

  /** The list does not fit the budget: nothing of it is held, and its searches scan. */
  refuse(list: HeldList): void {
    const estimate = list.estimateWhole();
    if (Number.isFinite(estimate)) list.estimatedBytes ??= estimate;
    if (list.replacing) {
      list.replacing = false;
      list.reader = undefined;
      return;
    }
    list.state = 'too-long';
    list.rows = new HeldRows();
    list.reader = undefined;
  }

  /**
   * Whether the budget holds the list as read so far: a list whose count says it cannot fit is
   * refused at its first page; else the least recently used other lists are dropped to make room.
   */
  fits(list: HeldList): boolean {
    // Records of shapes no estimate can be trusted for (record-bytes.ts): not holdable, and no other list dropped for it.
    if (!Number.isFinite((list.reader?.rows ?? list.rows).bytes)) return false;
    const estimate = list.estimateWhole();
    if (estimate !== undefined && estimate > this.budgetBytes) {
      list.estimatedBytes = estimate;
      return false;
    }
    let bytes = this.bytes;
    for (const other of [...this.lists.values()]) {
      if (bytes <= this.budgetBytes) break;
      if (other === list || other.reading) continue;
      bytes -= other.bytes;
      this.drop(other);
    }
    return bytes <= this.budgetBytes;
  }

  private drop(list: HeldList, told = true): void {
    list.controller?.abort();
    list.controller = undefined;
    clearTimeout(list.freshness);
    clearTimeout(list.toldLater);
    this.lists.delete(list.key);
    list.state = 'dropped';
    list.rows = new HeldRows();
    list.reader = undefined;
    if (told) this.options.onStatus(this.statusOf(list));
  }

  /** Tells the list's status: now when `now`, else at most every STATUS_INTERVAL_MS. */
  tell(list: HeldList, now = false): void {
    const wait = STATUS_INTERVAL_MS - (performance.now() - list.lastTold);
    if (!now && wait > 0) {
      list.toldLater ??= setTimeout(() => {
        list.toldLater = undefined;
        this.tell(list, true);
      }, wait);
      return;
    }
    clearTimeout(list.toldLater);
    list.toldLater = undefined;
    list.lastTold = performance.now();
    if (this.isHeld(list)) this.options.onStatus(this.statusOf(list));
  }
}
