import { PAGE_SIZE_MAX } from '../../shared/api-rules.js';
import type { AppErrorPayload } from '../../shared/errors.js';
import { labelsOf } from '../../shared/search.js';
import { catchUp } from './catch-up.js';
import type { HeldList } from './held-list-state.js';
import { HeldRows } from './held-rows.js';
import type { KnownCounts } from './known-counts.js';
import { ListFields } from './list-fields.js';
import { ListReader } from './list-reader.js';
import { Slicer } from './slices.js';
import { translatedRows } from './translated-rows.js';

/** What a read needs of the lists held (held-lists.ts): the budget, the list's status told, how a read ends. */
export interface ReadingLists {
  /** Whether the budget holds the list as read so far (others dropped to make room). */
  fits(list: HeldList): boolean;
  /** The list does not fit: not held (or, being replaced, left as it was). */
  refuse(list: HeldList): void;
  /** The list is held whole, as of `asOf`. */
  settle(list: HeldList, asOf: number): void;
  tell(list: HeldList, now?: boolean): void;
  /** Whether `list` is still the one held under its key (a read of a dropped list ends quietly). */
  isHeld(list: HeldList): boolean;
}

/**
 * How a list held for search is read (docs/architecture.md, "Search"): whole, page after page, the
 * first time; caught up on what changed since when the API can say it (catch-up.ts); or translated
 * from the same list held in another language (translated-rows.ts).
 */
export class ListReads {
  private readonly fields = new ListFields();

  constructor(
    private readonly lists: ReadingLists,
    private readonly counts: KnownCounts,
    private readonly errorPayloadOf: (error: unknown) => AppErrorPayload,
  ) {}

  /** Forgets the schemas known of a connection (it was edited or deleted). */
  forget(connectionId: string): void {
    this.fields.forget(connectionId);
  }

  /** Reads (or goes on reading) the list to its end. */
  async run(list: HeldList): Promise<void> {
    const controller = this.begin(list, list.reader?.rows.length ?? 0);
    const { client } = list.source;
    const priority = list.prepared ? 'background' : 'prefetch';
    // The schema's labels of coded values are searched too: asked beside the first page.
    const fields = this.learnFields(list);
    try {
      const reader = (list.reader ??= new ListReader({
        client,
        view: list.view,
        lang: list.lang,
        ready: fields,
        newRows: () => list.newRows(),
        fits: () => this.lists.fits(list),
        // Read at background priority until someone uses it (held-lists.ts, prepare).
        priority: () => (list.prepared ? 'background' : 'prefetch'),
        onPage: () => {
          if (!list.replacing) list.rows = reader.rows;
          this.lists.tell(list);
        },
      }));
      if (!list.replacing) list.rows = reader.rows;
      // The count the window asked a moment ago serves: one count per list.
      list.total ??= this.counts.fresh(list.source.connectionId, list.view);
      if (list.total === undefined) {
        // The count tells the progress and the time left, and whether the list can fit at all.
        void client.count(list.view, { signal: controller.signal, priority }).then(
          (total) => ((list.total = total), (reader.total = total)),
          () => undefined,
        );
      }
      const end = await reader.read(controller.signal);
      if (list.controller !== controller) return;
      if (end === 'too-long') this.lists.refuse(list);
      else this.whole(list, reader);
    } catch (error) {
      if (list.controller !== controller) return;
      list.error = this.errorPayloadOf(error);
      // A read that would have replaced a held list leaves it as it was, with the failure said.
      if (list.replacing) list.replacing = false;
      else list.state = 'failed';
    } finally {
      if (list.controller === controller) list.controller = undefined;
      this.lists.tell(list, true);
    }
  }

  async catchUpOrRun(list: HeldList): Promise<void> {
    const controller = this.begin(list);
    const caught = await catchUp(
      list.source.client,
      list.view,
      list.lang,
      list.rows,
      () => list.newRows(),
      controller.signal,
    ).catch(() => undefined);
    if (list.controller !== controller || !this.lists.isHeld(list)) return;
    list.controller = undefined;
    if (!(caught instanceof HeldRows)) return void this.run(list);
    const before = list.rows;
    list.rows = caught;
    if (!this.lists.fits(list)) {
      list.rows = before;
      return void this.run(list);
    }
    list.total = caught.length;
    this.lists.settle(list, Date.now());
    this.lists.tell(list, true);
  }

  /**
   * Makes `list` from `other`, the same list held in another language: its first page in `list`'s
   * language says which fields the API translates and their words (translated-rows.ts); the rows
   * held are copied with those replaced. One request, where reading it again was every page. When
   * the page says more than a translation, the list is read whole as any other.
   */
  async translate(list: HeldList, other: HeldList): Promise<void> {
    list.total = other.total;
    const controller = this.begin(list);
    let rows: HeldRows | undefined;
    try {
      await this.learnFields(list);
      const page = await list.source.client.listPage(
        { ...list.view, size: PAGE_SIZE_MAX, lang: list.lang },
        { signal: controller.signal, priority: 'prefetch' },
      );
      rows = await translatedRows(other.rows, page.rows, () => list.newRows(), new Slicer(controller.signal));
    } catch {
      // Whatever failed (the page, a cancel), the list is read as any other.
    }
    if (list.controller !== controller || !this.lists.isHeld(list)) return;
    list.controller = undefined;
    if (!rows) return void this.run(list);
    list.rows = rows;
    if (!this.lists.fits(list)) {
      this.lists.refuse(list);
      return this.lists.tell(list, true);
    }
    // As old as the rows it was made from: their freshness runs on.
    this.lists.settle(list, other.asOf ?? Date.now());
    this.lists.tell(list, true);
  }

  /** A read of `list` starts, with `rows` of it read already: it is told, and its pace measured from here. */
  private begin(list: HeldList, rows = 0): AbortController {
    const controller = new AbortController();
    list.controller = controller;
    list.readStart = { at: performance.now(), rows };
    this.lists.tell(list, true);
    return controller;
  }

  /** The list's fields, from the connection's schema: their kinds, and the labels of coded values. */
  private async learnFields(list: HeldList): Promise<void> {
    const known = await this.fields.of(list.source, list.lang, list.view.resource);
    list.fields = known;
    list.labelOf = labelsOf(known);
  }

  /** The list was read to its end: it is what searches read now, as of now. */
  private whole(list: HeldList, reader: ListReader): void {
    list.rows = reader.rows;
    list.reader = undefined;
    this.lists.settle(list, Date.now());
  }
}
