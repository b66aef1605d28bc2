import { PAGE_SIZE_MAX, type Language } from '../../shared/api-rules.js';
import { heldListKey, type HeldListStatus, type HeldListView } from '../../shared/held-list.js';
import type { AppErrorPayload } from '../../shared/errors.js';
import { labelsOf } from '../../shared/search.js';
import { HeldList, type ListSource } from './held-list.js';
import { HeldRows } from './held-rows.js';
import { catchUp } from './catch-up.js';
import { KnownCounts } from './known-counts.js';
import { ListFields } from './list-fields.js';
import { ListReader } from './list-reader.js';
import { Slicer } from './slices.js';
import { translatedRows } from './translated-rows.js';

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
  private readonly fields = new ListFields();
  /** The counts the window asked lately (data.count), which a read takes rather than asking again. */
  readonly counts = new KnownCounts();

  constructor(private readonly options: HeldListsOptions) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
    this.freshMs = options.freshMs ?? FRESH_MS;
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
      void (other ? this.translate(list, other) : this.run(list));
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
    void this.run(list);
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
        void this.run(list);
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
    this.fields.forget(connectionId);
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
    void this.catchUpOrRun(list);
  }

  private async catchUpOrRun(list: HeldList): Promise<void> {
    const controller = new AbortController();
    list.controller = controller;
    list.readStart = { at: performance.now(), rows: 0 };
    this.tell(list, true);
    const caught = await catchUp(
      list.source.client,
      list.view,
      list.lang,
      list.rows,
      () => new HeldRows((field, value) => list.labelOf(field, value)),
      controller.signal,
    ).catch(() => undefined);
    if (list.controller !== controller || this.lists.get(list.key) !== list) return;
    list.controller = undefined;
    if (!(caught instanceof HeldRows)) return void this.run(list);
    const before = list.rows;
    list.rows = caught;
    if (!this.fits(list)) {
      list.rows = before;
      return void this.run(list);
    }
    list.total = caught.length;
    this.settle(list, Date.now());
    this.tell(list, true);
  }

  /** Reads (or goes on reading) the list to its end. */
  private async run(list: HeldList): Promise<void> {
    const controller = new AbortController();
    list.controller = controller;
    list.readStart = { at: performance.now(), rows: list.reader?.rows.length ?? 0 };
    this.tell(list, true);
    const { client } = list.source;
    // The schema's labels of coded values are searched too: asked beside the first page.
    const fields = this.fields.of(list.source, list.lang, list.view.resource).then((known) => {
      list.fields = known;
      list.labelOf = labelsOf(known);
    });
    try {
      const reader = (list.reader ??= new ListReader({
        client,
        view: list.view,
        lang: list.lang,
        ready: fields,
        newRows: () => new HeldRows((field, value) => list.labelOf(field, value)),
        fits: () => this.fits(list),
        priority: () => (list.prepared ? 'background' : 'prefetch'),
        onPage: () => {
          if (!list.replacing) list.rows = reader.rows;
          this.tell(list);
        },
      }));
      if (!list.replacing) list.rows = reader.rows;
      // The count the window asked a moment ago serves: one count per list.
      list.total ??= this.counts.fresh(list.source.connectionId, list.view);
      if (list.total === undefined) {
        // The count tells the progress and the time left, and whether the list can fit at all.
        void client
          .count(list.view, {
            signal: controller.signal,
            priority: list.prepared ? 'background' : 'prefetch',
          })
          .then(
            (total) => ((list.total = total), (reader.total = total)),
            () => undefined,
          );
      }
      const end = await reader.read(controller.signal);
      if (list.controller !== controller) return;
      if (end === 'too-long') this.refuse(list);
      else this.whole(list, reader);
    } catch (error) {
      if (list.controller !== controller) return;
      list.error = this.options.errorPayloadOf(error);
      // A read that would have replaced a held list leaves it as it was, with the failure said.
      if (list.replacing) list.replacing = false;
      else list.state = 'failed';
    } finally {
      if (list.controller === controller) list.controller = undefined;
      this.tell(list, true);
    }
  }

  /**
   * Makes `list` from `other`, the same list held in another language: its first page in `list`'s
   * language says which fields the API translates and their words (translated-rows.ts); the rows
   * held are copied with those replaced. One request, where reading it again was every page. When
   * the page says more than a translation, the list is read whole as any other.
   */
  private async translate(list: HeldList, other: HeldList): Promise<void> {
    const controller = new AbortController();
    list.controller = controller;
    list.readStart = { at: performance.now(), rows: 0 };
    list.total = other.total;
    this.tell(list, true);
    let rows: HeldRows | undefined;
    try {
      const known = await this.fields.of(list.source, list.lang, list.view.resource);
      list.fields = known;
      list.labelOf = labelsOf(known);
      const page = await list.source.client.listPage(
        { ...list.view, size: PAGE_SIZE_MAX, lang: list.lang },
        { signal: controller.signal, priority: 'prefetch' },
      );
      rows = await translatedRows(
        other.rows,
        page.rows,
        () => new HeldRows((field, value) => list.labelOf(field, value)),
        new Slicer(controller.signal),
      );
    } catch {
      // Whatever failed (the page, a cancel), the list is read as any other.
    }
    if (list.controller !== controller || this.lists.get(list.key) !== list) return;
    list.controller = undefined;
    if (!rows) return void this.run(list);
    list.rows = rows;
    if (!this.fits(list)) {
      this.refuse(list);
      return this.tell(list, true);
    }
    // As old as the rows it was made from: their freshness runs on.
    this.settle(list, other.asOf ?? Date.now());
    this.tell(list, true);
  }

  /** The list was read to its end: it is what searches read now, as of now. */
  private whole(list: HeldList, reader: ListReader): void {
    list.rows = reader.rows;
    list.reader = undefined;
    this.settle(list, Date.now());
  }

  /** The list is held whole, as of `asOf`; read again once older than its freshness. */
  private settle(list: HeldList, asOf: number): void {
    list.replacing = false;
    list.state = 'held';
    list.error = undefined;
    list.asOf = asOf;
    list.stale = false;
    clearTimeout(list.freshness);
    list.freshness = setTimeout(
      () => {
        // Read again at once if it was used since it was read; else when it is next used.
        if (list.lastUsed > (list.asOf ?? 0) && this.lists.get(list.key) === list) this.readAgain(list);
        else list.stale = true;
      },
      Math.max(0, asOf + this.freshMs - Date.now()),
    );
    list.freshness.unref();
  }

  /** The list does not fit the budget: nothing of it is held, and its searches scan. */
  private refuse(list: HeldList): void {
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
  private fits(list: HeldList): boolean {
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
  private tell(list: HeldList, now = false): void {
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
    if (this.lists.get(list.key) === list) this.options.onStatus(this.statusOf(list));
  }
}
