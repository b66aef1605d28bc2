import { Slicer } from '../../slices.js';
import { recordDifferences } from './list-changes.js';
import { LANGUAGES, type Language } from '../../../shared/api-rules.js';
import type { AppErrorPayload } from '../../../shared/errors.js';
import { catchUp, type CatchUpRefusal, type ServerClock } from './catch-up.js';
import { samplePage } from './word-samples.js';
import type { HeldList, Translation } from './held-list-state.js';
import type { KnownCounts } from './known-counts.js';
import { ListFields } from './list-fields.js';
import { ListReader } from './list-reader.js';
import type { Priority } from '../../rate/job-queue.js';
import { WordsEvidence } from './translation-words.js';

/** How a read ended a list's freshness: its changes read, or the list read whole. */
export interface Settled {
  whole: boolean;
  clock: ServerClock | undefined;
}

/** What a read needs of the lists held (held-lists.ts): the budget, the list's status told, how a read ends. */
export interface ReadingLists {
  /** Whether the budget holds the list as read so far (others dropped to make room). */
  fits(list: HeldList): boolean;
  /** The list is held whole, as of now. */
  settle(list: HeldList, how: Settled): void;
  tell(list: HeldList, now?: boolean): void;
  /** Whether `list` is still the one held under its key (a read of a dropped list ends quietly). */
  isHeld(list: HeldList): boolean;
  /**
   * Its changes could not be read, for a reason the API's data makes lasting: it stays as held,
   * said so, and waits for its periodic whole read (`false` when that read is due now).
   */
  leftAsHeld(list: HeldList, refused: CatchUpRefusal): boolean;
}

/**
 * Refusals that the next catch-up would meet again (times that do not read as dates, a server
 * clock that went back): reading the list whole at each would cost a whole list every ten minutes.
 */
const LASTING_REFUSALS: ReadonlySet<CatchUpRefusal> = new Set(['times-not-comparable', 'clock-stepped-back']);

/**
 * How a list held for search is read (docs/architecture.md, "Search"): whole, page after page, the
 * first time and every few hours; caught up on what changed since when the API can say it
 * (catch-up.ts); and, for another language than it was read in, its words learned from a page in
 * that language (translation-words.ts), or from the whole list in that language when one page
 * cannot say them all. Every read is in the list's own language.
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

  /**
   * Reads (or goes on reading) the list to its end: at background priority while nobody has asked
   * for it (prepared at start, or read whole again on schedule: `background`), else below the screen.
   */
  async run(list: HeldList, background = false): Promise<void> {
    const controller = this.begin(list, list.reader?.rows.length ?? 0);
    const { client } = list.source;
    const priority = (): Priority =>
      list.urgent ? 'interactive' : list.prepared || background ? 'background' : 'prefetch';
    // The schema's labels of coded values are searched too: asked beside the first page.
    const fields = this.learnFields(list, list.lang);
    try {
      // The count the window asked a moment ago serves: one count per list. Else it is asked beside
      // the first page, which waits for it: the count tells the progress, the time left and, from
      // the first page on, whether the list can fit at all (whatever comes first on a busy machine).
      list.total ??= this.counts.fresh(list.source.connectionId, list.view);
      const counted =
        list.total === undefined && !list.reader
          ? client.count(list.view, { signal: controller.signal, priority: priority() }).then(
              (total) => void (list.total = total),
              () => undefined,
            )
          : undefined;
      const reader = (list.reader ??= new ListReader({
        client,
        view: list.view,
        lang: list.lang,
        ready: Promise.all([fields, counted]),
        newRows: () => list.newRows(),
        fits: () => this.lists.fits(list),
        priority,
        onPage: () => {
          if (!list.replacing) list.rows = reader.rows;
          this.lists.tell(list);
        },
      }));
      reader.total = list.total;
      void counted?.then(() => (reader.total = list.total));
      if (!list.replacing) list.rows = reader.rows;
      const end = await reader.read(controller.signal);
      if (list.controller !== controller) return;
      // It does not fit the budget: not held (or, being replaced, left as it was); its searches scan.
      if (end === 'too-long') list.refuse();
      else {
        // A list read again: what differs from the rows it replaces is what changed.
        if (list.replacing)
          await recordDifferences(
            list.rows,
            reader.rows,
            list.changes,
            Date.now(),
            new Slicer(controller.signal),
          );
        if (list.controller !== controller) return;
        list.rows = reader.rows;
        list.reader = undefined;
        list.total = reader.rows.length;
        this.lists.settle(list, { whole: true, clock: reader.clock });
      }
    } catch (error) {
      if (list.controller !== controller) return;
      list.error = this.errorPayloadOf(error);
      // A read that would have replaced a held list leaves it as it was, with the failure said.
      if (list.replacing) {
        list.replacing = false;
        list.reader = undefined;
      } else list.state = 'failed';
    } finally {
      if (list.controller === controller) list.controller = undefined;
      this.lists.tell(list, true);
    }
  }

  /**
   * Makes a held list fresh: for the cost of what changed when the API can say it (catch-up.ts),
   * else read whole, in the background unless the person `asked` (Refresh). A list the API cannot
   * say the changes of is left as it is unless `whole`.
   */
  async catchUpOrRun(list: HeldList, { whole, asked }: { whole: boolean; asked: boolean }): Promise<void> {
    const controller = this.begin(list);
    const caught = await catchUp(
      list.source.client,
      list.view,
      list.lang,
      list.rows,
      list.clock,
      controller.signal,
    ).catch(() => undefined);
    if (list.controller !== controller || !this.lists.isHeld(list)) return;
    list.controller = undefined;
    if (caught === 'not-sorted-by-time' && !whole) {
      list.replacing = false;
      return this.lists.tell(list, true);
    }
    if (
      typeof caught === 'string' &&
      LASTING_REFUSALS.has(caught) &&
      !asked &&
      !whole &&
      this.lists.leftAsHeld(list, caught)
    )
      return;
    if (caught === undefined || typeof caught === 'string') return void this.run(list, !asked);
    const before = list.rows;
    list.rows = caught.rows;
    if (!this.lists.fits(list)) {
      list.rows = before;
      return void this.run(list, !asked);
    }
    list.total = caught.rows.length;
    const at = Date.now();
    for (const [index, record] of caught.changed) list.changes.changed(before.recordAt(index), record, at);
    for (const record of caught.added) list.changes.added(record, at);
    this.lists.settle(list, { whole: false, clock: caught.clock });
    this.lists.tell(list, true);
  }

  /**
   * Learns the words of `lang` for a list held in another: from its first page in that language,
   * and when that page cannot say them all, from the list read whole in that language in the
   * background (its records are compared, not held). Until then the values are shown as held.
   */
  async learnWords(list: HeldList, lang: Language): Promise<void> {
    const translation: Translation = list.translations.get(lang) ?? {
      words: new Map(),
      complete: false,
      learning: false,
      version: 0,
    };
    if (translation.learning || translation.complete) return;
    translation.learning = true;
    list.translations.set(lang, translation);
    this.lists.tell(list, true);
    const controller = (translation.stop = new AbortController());
    const { client } = list.source;
    const learnt = (evidence: WordsEvidence, confirmed: boolean) => {
      const { words, complete: covered } = evidence.words();
      // Believed from one page, words are shown but neither complete nor kept: records changed
      // between two reads under the same `updatedAt` would otherwise relabel every record like them.
      const complete = covered && confirmed;
      // Words believed before stay, unless these records say otherwise.
      for (const [field, known] of words)
        translation.words.set(field, new Map([...(translation.words.get(field) ?? []), ...known]));
      translation.complete = complete;
      translation.version++;
    };
    try {
      await this.learnFields(list, lang);
      const rows = list.rows;
      const coded = (field: string) => list.isCoded(field);
      const evidence = new WordsEvidence(rows, coded);
      const page = await samplePage(client, list.view, lang, undefined, controller.signal);
      evidence.add(page.rows);
      learnt(evidence, page.nextCursor === null);
      this.lists.tell(list, true);
      if (page.nextCursor !== null && this.lists.isHeld(list)) {
        // Confirmed, or outvoted, by other records. A word the two pages disagree on is the majority's, or none.
        const other = await samplePage(client, list.view, lang, page, controller.signal);
        evidence.add(other.rows);
        learnt(evidence, true);
        this.lists.tell(list, true);
      }
      if (!translation.complete && this.lists.isHeld(list)) {
        const whole = new WordsEvidence(rows, coded, true);
        await new ListReader({
          client,
          view: list.view,
          lang,
          newRows: () => list.newRows(),
          fits: () => true,
          onPage: () => undefined,
          priority: () => 'background',
          take: (records) => whole.add(records),
        }).read(controller.signal);
        learnt(whole, true);
      }
    } catch {
      // The words known stay; the next use in that language tries again.
    } finally {
      translation.learning = false;
      this.lists.tell(list, true);
    }
  }

  /** A read of `list` starts, with `rows` of it read already: it is told, and its pace measured from here. */
  private begin(list: HeldList, rows = 0): AbortController {
    const controller = new AbortController();
    list.controller = controller;
    // The pace is measured from here; the time shown goes on counting down (a read resumed after
    // a failure, or started again, would else show its first noisy estimate, often a rise).
    list.readStart = { at: performance.now(), rows };
    this.lists.tell(list, true);
    return controller;
  }

  /** The list's fields in `lang`, from the connection's schema: their kinds, and the labels of coded values. */
  private async learnFields(list: HeldList, lang: Language): Promise<void> {
    if (list.fields.has(lang)) return;
    list.fields.set(lang, await this.fields.of(list.source, lang, list.view.resource));
  }

  /**
   * The list's fields in every language, for a search that names a column by a label of a language
   * not shown yet (search-words.ts): asked only then, once a connection and language.
   */
  async learnLabels(list: HeldList): Promise<void> {
    await Promise.all(LANGUAGES.map((lang) => this.learnFields(list, lang)));
  }
}
