import type { Language } from '../../../shared/api-rules.js';
import type { HeldListStatus, HeldListView } from '../../../shared/held-list.js';
import { HeldList, listKey, type HeldListsOptions, type ListSource } from './held-list-state.js';
import type { CatchUpRefusal } from './catch-up.js';
import { KnownCounts } from './known-counts.js';
import { fitsBudget } from './list-budget.js';
import { ListFreshness } from './list-freshness.js';
import { ListReads, type Settled } from './list-reads.js';
import { KEPT } from './kept-files.js';
import { RestoreGate } from './restore-gate.js';

export type { HeldList, HeldListsOptions, ListSource };

/** Memory kept for every held list together, by default (docs/decisions/0008-lists-held-for-search.md). */
export const DEFAULT_BUDGET_BYTES = 256 * 2 ** 20;
/**
 * The lists held for search (docs/architecture.md, "Search"), shared by every window and table of
 * the app: one per connection and list (resource, customer scope), for both languages (its values
 * as read in one, the words of the other: held-list-state.ts). A list is read whole the first time
 * a search needs it (list-reader.ts) and searched while it is read. All of them together fit a
 * memory budget: lists nobody has used for a while make room; a list in use is never dropped for
 * another (each would read the other again, in turn, for ever), and a list that does not fit beside
 * those is not held: said once, its searches scan. A list older than ten minutes is caught up in the
 * background when used; Refresh catches up now; every few hours it is read whole in the background.
 * A list whose kept copy is being taken in is waited for by every entry that names it (`restoring`),
 * never read from the API meanwhile: no caller has to wait for it itself.
 */
export class HeldLists {
  readonly budgetBytes: number;
  /** By key, the least recently used first. */
  private readonly lists = new Map<string, HeldList>();
  /** The counts the window asked lately (data.count), which a read takes rather than asking again. */
  readonly counts = new KnownCounts();
  /** How a list is read: whole, caught up on what changed, or its words in another language. */
  private readonly reads: ListReads;
  /** When a list held is read again: caught up, or read whole. */
  private readonly freshness: ListFreshness;
  /** Lists kept from an earlier session being taken in: searches wait for those they read. */
  private readonly restoring = new RestoreGate();

  constructor(private readonly options: HeldListsOptions) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.reads = new ListReads(this, this.counts, options.errorPayloadOf);
    this.freshness = new ListFreshness(
      {
        isHeld: (list) => this.isHeld(list),
        of: (connectionId) =>
          [...this.lists.values()].filter((list) => list.source.connectionId === connectionId),
        catchUp: (list) => this.readAgain(list),
        readWhole: (list) => {
          list.replacing = true;
          list.reader = undefined;
          void this.reads.run(list, true);
        },
      },
      options.freshMs,
      options.wholeReadEveryMs,
    );
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
  async use(
    source: ListSource,
    view: HeldListView,
    lang: Language,
    { urgent = false } = {},
  ): Promise<HeldList> {
    await this.restoring.whenOpen(source.connectionId, [view.resource]);
    const key = listKey(source.connectionId, view);
    let list = this.lists.get(key);
    if (list && urgent) list.urgent = true;
    if (!list) {
      list = new HeldList(key, source, view, lang);
      list.urgent = urgent;
      this.lists.set(key, list);
      void this.reads.run(list);
    } else if (list.state === 'held' && !list.reading && this.freshness.isOld(list)) this.readAgain(list);
    this.touch(list);
    this.learnWords(list, lang);
    return list;
  }

  /**
   * Starts reading a list nobody has asked for yet, so that search is ready when it is (the finder's
   * lists, at idle after the app starts): at background priority (the limiter's share of the rate,
   * never while the screen waits) until someone uses it. A list already there is left as it is.
   */
  async prepare(source: ListSource, view: HeldListView, lang: Language): Promise<HeldList> {
    await this.restoring.whenOpen(source.connectionId, [view.resource]);
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

  /** Takes in a connection's lists kept from an earlier session, each as it is read: its entries wait until then. */
  restore(connectionId: string, kept: AsyncIterable<HeldList>): Promise<void> {
    // One kept without its fields learns them before it is searched (kinds, the customer's columns).
    return this.restoring.takeIn(connectionId, KEPT, kept, (list) =>
      this.adopt(list) && !list.fields.has(list.lang) ? this.learnLabels(list) : undefined,
    );
  }

  /** Takes in a list kept from an earlier session, unless one is held or read already: searches answer from it at once, caught up now. */
  adopt(list: HeldList): boolean {
    if (this.lists.has(list.key)) return false;
    this.lists.set(list.key, list);
    if (!this.fits(list)) {
      this.lists.delete(list.key);
      return false;
    }
    this.freshness.arm(list);
    this.readAgain(list);
    return true;
  }

  /** The list if it is held or being read, without starting a read: `heldNow` once it is in. */
  async find(source: ListSource, view: HeldListView, lang: Language): Promise<HeldList | undefined> {
    await this.restoring.whenOpen(source.connectionId, [view.resource]);
    return this.heldNow(source, view, lang);
  }

  /** `find` without waiting for a kept copy: what a page shows beside its rows is never held up. */
  heldNow(source: ListSource, view: HeldListView, lang: Language): HeldList | undefined {
    const list = this.lists.get(listKey(source.connectionId, view));
    if (list) {
      this.touch(list);
      this.learnWords(list, lang);
    }
    return list;
  }

  /**
   * The list if it is held whole, fresh (caught up within its freshness, or one whose changes cannot
   * be read and whose whole read is not due) and shown in `lang`: what an export writes instead of
   * reading the list from the API again. Undefined otherwise; nothing is started.
   */
  async fresh(source: ListSource, view: HeldListView, lang: Language): Promise<HeldList | undefined> {
    await this.restoring.whenOpen(source.connectionId, [view.resource]);
    const list = this.lists.get(listKey(source.connectionId, view));
    if (!list || list.state !== 'held' || this.freshness.isOld(list)) return undefined;
    // Its words in that language still on their way: the rows cannot be shown in it yet.
    if (this.statusOf(list, lang).state !== 'held') return undefined;
    this.touch(list);
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

  /** Its fields' labels in every language (a search names a column in another language: search-words.ts). */
  learnLabels = (list: HeldList): Promise<void> => this.reads.learnLabels(list);

  /** The status of a list as the UI shows it in `lang`. */
  statusOf(list: HeldList, lang: Language = list.lang): HeldListStatus {
    return list.status(this.budgetBytes, lang);
  }

  /** The lists of a connection, as the UI shows them, in each language they are shown in. */
  statuses(connectionId: string): HeldListStatus[] {
    return this.all()
      .filter((list) => list.source.connectionId === connectionId)
      .flatMap((list) => list.languages.map((lang) => this.statusOf(list, lang)));
  }

  /** Stops the read of a list (the user's Cancel): no more of its pages are asked for. */
  async stop(source: ListSource, view: HeldListView, lang: Language): Promise<HeldListStatus | undefined> {
    const list = await this.find(source, view, lang);
    if (!list) return undefined;
    list.stopReading();
    this.tell(list, true);
    return this.statusOf(list, lang);
  }

  /**
   * Reads a list again now: goes on with a stopped or failed read from where it was, or catches up
   * a held one in the background (the user's Refresh or Retry).
   */
  async read(source: ListSource, view: HeldListView, lang: Language): Promise<HeldListStatus> {
    const list = await this.use(source, view, lang);
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
    return this.all().reduce((sum, list) => sum + list.bytes, 0);
  }

  /**
   * Makes a held list fresh for the cost of what changed (catch-up.ts), or reads it whole when what
   * the server says cannot be compared, or when the person asks (`asked`: Refresh), or its period is
   * over (list-freshness.ts).
   */
  private readAgain(list: HeldList, asked = false): void {
    if (!asked && !this.freshness.worthReading(list)) return;
    list.replacing = true;
    list.reader = undefined;
    void this.reads.catchUpOrRun(list, { whole: asked || this.freshness.wholeDue(list), asked });
  }

  leftAsHeld(list: HeldList, refused: CatchUpRefusal): boolean {
    if (this.freshness.wholeDue(list)) return false;
    list.replacing = false;
    list.refused = { why: refused, at: Date.now() };
    this.freshness.arm(list);
    this.tell(list, true);
    return true;
  }

  /** The list is held whole, its changes read now (or the whole list); caught up again once older than its freshness. */
  settle(list: HeldList, how: Settled): void {
    list.settled(how);
    this.freshness.arm(list);
    void list.prepareSearch();
    this.options.onSettled?.(list);
  }

  /** Whether the budget holds the list as read so far (list-budget.ts: lists nobody uses make room). */
  fits(list: HeldList): boolean {
    return fitsBudget(list, [...this.lists.values()], this.budgetBytes, (other) => this.drop(other));
  }

  private drop(list: HeldList, told = true): void {
    list.letGo();
    this.lists.delete(list.key);
    if (told) for (const lang of list.languages) this.options.onStatus(this.statusOf(list, lang));
  }

  /** Tells the list's status, in each language it is shown in: now when `now`, else a few times a second at most. */
  tell(list: HeldList, now = false): void {
    list.told(() => {
      if (this.isHeld(list))
        for (const lang of list.languages) this.options.onStatus(this.statusOf(list, lang));
    }, now);
  }
}
