import { API_LIMITS, PAGE_SIZE_MAX, type Language } from '../../shared/api-rules.js';
import type { HeldListStatus, HeldListView } from '../../shared/held-list.js';
import type { AppErrorPayload } from '../../shared/errors.js';
import { HeldList, type ListSource } from './held-list-state.js';
import { KnownCounts } from './known-counts.js';
import { ListReads, type Settled } from './list-reads.js';
import { wordsCover } from './translation-words.js';
import { canCatchUp } from './catch-up.js';

export type { HeldList, ListSource };

/** Memory kept for every held list together, by default (docs/decisions/0008-lists-held-for-search.md). */
export const DEFAULT_BUDGET_BYTES = 256 * 2 ** 20;
/** A held list older than this is caught up in the background when it is used. */
export const FRESH_MS = 10 * 60_000;
/**
 * A list used this recently is in use (a screen shows it, a search or the finder reads it): it is
 * never dropped to make room for another, which would read it again as soon as it is next used.
 */
const IN_USE_MS = 10 * 60_000;
/** Progress is told a few times a second while a list is read, however fast its pages come. */
const STATUS_INTERVAL_MS = 250;
/**
 * The whole read every held list gets at least this often, in the background (catching up cannot
 * see a writer that leaves `updatedAt` as it was, nor a deletion and an addition dated in the
 * past), paid by the office's address: OFFICE_AGENTS desks behind one address, whose background
 * reads together take at most BACKGROUND_SHARE of the API's rate (held-lists.ts, wholeReadPeriod).
 */
const OFFICE_AGENTS = 20;
const BACKGROUND_SHARE = 0.1;
const LEAST_WHOLE_PERIOD_MS = 60 * 60_000;

export interface HeldListsOptions {
  budgetBytes?: number;
  freshMs?: number;
  /** Told each list's status: while it is read (a few times a second) and when its state changes. */
  onStatus: (status: HeldListStatus) => void;
  /** A failed read as its status tells it: the service's words for any failure (handed in, as it knows them all). */
  errorPayloadOf: (error: unknown) => AppErrorPayload;
  /** A list was settled (read whole or caught up): what keeps lists between sessions writes it. */
  onSettled?: (list: HeldList) => void;
  /** How often each list is read whole, instead of the period the office's share gives (wholeReadPeriod). */
  wholeReadEveryMs?: number;
  /** A connection's lists were forgotten (edited, deleted): what keeps them deletes them too. */
  onForgotten?: (connectionId: string) => void;
}

/**
 * The lists held for search (docs/architecture.md, "Search"), shared by every window and table of
 * the app: one per connection and list (resource, customer scope), for both languages (its values
 * as read in one, the words of the other: held-list-state.ts). A list is read whole the first time
 * a search needs it (list-reader.ts) and searched while it is read. All of them together fit a
 * memory budget: lists nobody has used for a while make room; a list in use is never dropped for
 * another (each would read the other again, in turn, for ever), and a list that does not fit beside
 * those is not held: said once, its searches scan. A list older than ten minutes is caught up in the
 * background when used; Refresh catches up now; every few hours it is read whole in the background.
 */
export class HeldLists {
  readonly budgetBytes: number;
  private readonly freshMs: number;
  /** By key, the least recently used first. */
  private readonly lists = new Map<string, HeldList>();
  /** The counts the window asked lately (data.count), which a read takes rather than asking again. */
  readonly counts = new KnownCounts();
  /** How a list is read: whole, caught up on what changed, or its words in another language. */
  private readonly reads: ListReads;
  /** Lists kept from an earlier session being taken in, by connection: searches wait for them. */
  private readonly restoring = new Map<string, Promise<void>>();

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
   * The list, held or being read, for `lang`: its read is started the first time (in `lang`), its
   * words learnt the first time it is used in another language, and it is caught up in the
   * background when older than ten minutes. Using it makes it the most recently used.
   */
  use(source: ListSource, view: HeldListView, lang: Language, { urgent = false } = {}): HeldList {
    const key = listKey(source.connectionId, view);
    let list = this.lists.get(key);
    if (list && urgent) list.urgent = true;
    if (!list) {
      list = new HeldList(key, source, view, lang);
      list.urgent = urgent;
      this.lists.set(key, list);
      void this.reads.run(list);
    } else {
      const old = list.asOf !== undefined && Date.now() - list.asOf >= this.freshMs;
      if (list.state === 'held' && !list.reading && (list.stale || old) && this.worthReading(list))
        this.readAgain(list);
    }
    this.touch(list);
    this.learnWords(list, lang);
    return list;
  }

  /**
   * Starts reading a list nobody has asked for yet, so that search is ready when it is (the finder's
   * lists, at idle after the app starts): at background priority (the limiter's share of the rate,
   * never while the screen waits) until someone uses it. A list already there is left as it is.
   */
  prepare(source: ListSource, view: HeldListView, lang: Language): HeldList {
    const known = this.lists.get(listKey(source.connectionId, view));
    if (known) {
      this.learnWords(known, lang);
      return known;
    }
    const list = new HeldList(listKey(source.connectionId, view), source, view, lang);
    list.prepared = true;
    this.lists.set(list.key, list);
    void this.reads.run(list);
    return list;
  }

  /**
   * Takes in the lists of a connection kept from an earlier session (`kept`, kept-lists.ts): until
   * they are in, `whenRestored` makes a search of that connection wait rather than read a list again.
   */
  restore(connectionId: string, kept: Promise<HeldList[]>): Promise<void> {
    const restoring = kept
      .then((lists) => {
        for (const list of lists) this.adopt(list);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.restoring.get(connectionId) === restoring) this.restoring.delete(connectionId);
      });
    this.restoring.set(connectionId, restoring);
    return restoring;
  }

  /** Settles once the lists kept of the connection are in (at once when none are being taken in). */
  whenRestored(connectionId: string): Promise<void> {
    return this.restoring.get(connectionId) ?? Promise.resolve();
  }

  /**
   * Takes in a list kept from an earlier session, unless one is held or read already: searches
   * answer from it at once, and it is caught up now.
   */
  adopt(list: HeldList): boolean {
    if (this.lists.has(list.key)) return false;
    this.lists.set(list.key, list);
    if (!this.fits(list)) {
      this.lists.delete(list.key);
      return false;
    }
    this.settleTimers(list);
    this.readAgain(list);
    return true;
  }

  /** The list if it is held or being read, without starting a read. */
  find(source: ListSource, view: HeldListView, lang: Language): HeldList | undefined {
    const list = this.lists.get(listKey(source.connectionId, view));
    if (list) {
      this.touch(list);
      this.learnWords(list, lang);
    }
    return list;
  }

  /** The lists held, of every connection (what keeps them between sessions). */
  all(): HeldList[] {
    return [...this.lists.values()];
  }

  private touch(list: HeldList): void {
    // Someone uses it now: a list being prepared in the background is read at prefetch priority.
    list.prepared = false;
    this.lists.delete(list.key);
    this.lists.set(list.key, list);
    list.lastUsed = Date.now();
  }

  /** Used in another language than its own: its words are learnt, the first time or when new values came. */
  private learnWords(list: HeldList, lang: Language): void {
    if (lang === list.lang || list.state !== 'held') return;
    const translation = list.translations.get(lang);
    if (!translation?.complete && !translation?.learning) void this.reads.learnWords(list, lang);
  }

  /** The status of a list as the UI shows it in `lang`. */
  statusOf(list: HeldList, lang: Language = list.lang): HeldListStatus {
    return list.status(this.budgetBytes, lang);
  }

  /** The lists of a connection, as the UI shows them, in each language they are shown in. */
  statuses(connectionId: string): HeldListStatus[] {
    return [...this.lists.values()]
      .filter((list) => list.source.connectionId === connectionId)
      .flatMap((list) => list.languages.map((lang) => this.statusOf(list, lang)));
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
    return this.statusOf(list, lang);
  }

  /**
   * Reads a list again now: goes on with a stopped or failed read from where it was, or catches up
   * a held one in the background (the user's Refresh or Retry).
   */
  read(source: ListSource, view: HeldListView, lang: Language): HeldListStatus {
    const list = this.use(source, view, lang);
    if (!list.reading) {
      if (list.state === 'stopped' || list.state === 'failed') {
        list.state = 'reading';
        list.error = undefined;
        void this.reads.run(list);
      } else if (list.state === 'held') this.readAgain(list, true);
    }
    return this.statusOf(list, lang);
  }

  /** Every held list of the connection is caught up now, in the background (Refresh). */
  refresh(connectionId: string): void {
    for (const list of this.lists.values()) {
      if (list.source.connectionId === connectionId && list.state === 'held' && !list.reading)
        this.readAgain(list, true);
    }
  }

  /** Forgets every list of the connection (it was edited or deleted: its rows may be another API's). */
  forget(connectionId: string): void {
    for (const list of [...this.lists.values()])
      if (list.source.connectionId === connectionId) this.drop(list);
    this.reads.forget(connectionId);
    this.counts.forget(connectionId);
    this.options.onForgotten?.(connectionId);
  }

  /** Stops every read and forgets every list (the app is quitting). */
  close(): void {
    for (const list of [...this.lists.values()]) this.drop(list, false);
  }

  /** Memory the held lists take together. */
  get bytes(): number {
    let bytes = 0;
    for (const list of this.lists.values()) bytes += list.bytes;
    return bytes;
  }

  /**
   * Makes a held list fresh for the cost of what changed (catch-up.ts), or reads it whole when what
   * the server says cannot be compared. A list the API cannot say the changes of (agreements) is
   * read whole only when the person asks (`asked`: Refresh) or its period is over: every ten
   * minutes it would cost the office's address hundreds of requests a desk.
   */
  private readAgain(list: HeldList, asked = false): void {
    if (!asked && !this.worthReading(list)) return;
    list.replacing = true;
    list.reader = undefined;
    void this.reads.catchUpOrRun(list, { whole: asked || this.wholeDue(list), asked });
  }

  /** Whether reading a list again would tell something: its changes can be read, or its whole read is due. */
  private worthReading(list: HeldList): boolean {
    return canCatchUp(list.view) || this.wholeDue(list);
  }

  private wholeDue(list: HeldList): boolean {
    return Date.now() >= (list.wholeAt ?? 0) + this.wholeReadPeriod(list.source.connectionId);
  }

  /** The list is held whole, its changes read now (or the whole list); caught up again once older than its freshness. */
  settle(list: HeldList, { whole, clock }: Settled): void {
    const now = Date.now();
    list.replacing = false;
    list.urgent = false;
    list.state = 'held';
    list.error = undefined;
    list.asOf = now;
    if (whole) list.wholeAt = now;
    list.clock = clock;
    list.stale = false;
    // New values may have no word yet in the languages it is shown in: learnt at their next use.
    for (const translation of list.translations.values())
      translation.complete &&= wordsCover(translation.words, list.rows);
    this.settleTimers(list);
    // The first search typed finds the dictionaries' text made (a few milliseconds each, now in the background).
    list.rows.search({ words: [], digits: [] }, list.readingIn(list.lang)).prepare();
    this.options.onSettled?.(list);
  }

  /** The timers of a held list: caught up once older than its freshness, read whole once its period is over. */
  private settleTimers(list: HeldList): void {
    clearTimeout(list.freshness);
    const asOf = list.asOf ?? Date.now();
    const wholeDue = (list.wholeAt ?? 0) + this.wholeReadPeriod(list.source.connectionId);
    // A list whose changes the API cannot say is read again only when its whole read is due.
    const freshDue = canCatchUp(list.view) ? asOf + this.freshMs : Infinity;
    list.freshness = setTimeout(
      () => {
        if (!this.isHeld(list) || list.reading || list.state !== 'held') return;
        if (Date.now() >= wholeDue) {
          // Read whole, in the background: searches answer from what is held meanwhile.
          list.replacing = true;
          list.reader = undefined;
          void this.reads.run(list, true);
        } else if (list.lastUsed > asOf) this.readAgain(list);
        else {
          list.stale = true;
          this.settleTimers(list);
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
    if (this.options.wholeReadEveryMs !== undefined) return this.options.wholeReadEveryMs;
    let pages = 0;
    for (const list of this.lists.values())
      if (list.source.connectionId === connectionId) pages += Math.ceil(list.rows.length / PAGE_SIZE_MAX) + 1;
    const perDesk = (API_LIMITS.requestsPerSecond * BACKGROUND_SHARE) / OFFICE_AGENTS;
    return Math.max(LEAST_WHOLE_PERIOD_MS, (pages / perDesk) * 1000);
  }

  /** The list does not fit the budget: nothing of it is held, and its searches scan. */
  refuse(list: HeldList): void {
    list.urgent = false;
    const estimate = list.estimateWhole();
    if (estimate !== undefined && Number.isFinite(estimate)) list.estimatedBytes ??= estimate;
    if (list.replacing) {
      list.replacing = false;
      list.reader = undefined;
      return;
    }
    list.state = 'too-long';
    list.rows = list.newRows();
    list.reader = undefined;
  }

  /**
   * Whether the budget holds the list as read so far: a list whose pages say it cannot fit is
   * refused as soon as they do; else lists nobody uses now are dropped to make room, the least
   * recently used first, and never one in use.
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
    const now = Date.now();
    for (const other of [...this.lists.values()]) {
      if (bytes <= this.budgetBytes) break;
      if (other === list || other.reading || now - other.lastUsed < IN_USE_MS) continue;
      bytes -= other.bytes;
      this.drop(other);
    }
    return bytes <= this.budgetBytes;
  }

  private drop(list: HeldList, told = true): void {
    list.controller?.abort();
    list.controller = undefined;
    for (const translation of list.translations.values()) translation.stop?.abort();
    clearTimeout(list.freshness);
    clearTimeout(list.toldLater);
    this.lists.delete(list.key);
    list.state = 'dropped';
    list.rows = list.newRows();
    list.reader = undefined;
    if (told) for (const lang of list.languages) this.options.onStatus(this.statusOf(list, lang));
  }

  /** Tells the list's status, in each language it is shown in: now when `now`, else at most every STATUS_INTERVAL_MS. */
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
    if (this.isHeld(list))
      for (const lang of list.languages) this.options.onStatus(this.statusOf(list, lang));
  }
}

/** The key of a held list in core: its connection and list (resource, customer scope), not its language. */
export function listKey(connectionId: string, view: HeldListView): string {
  return JSON.stringify([connectionId, view.resource, view.customerId ?? null]);
}
