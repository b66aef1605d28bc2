import { scanSeconds, type Language } from '../../../shared/api-rules.js';
import type { AppErrorPayload } from '../../../shared/errors.js';
import type { HeldListStatus, HeldListView } from '../../../shared/held-list.js';
import type { SchemaField } from '../../../shared/schema.js';
import { labelsOf } from '../../../shared/search.js';
import type { ApiClient } from '../../api/api-client.js';
import type { CatchUpRefusal, ServerClock } from './catch-up.js';
import { HeldRows } from '../columns/held-rows.js';
import { ListChanges } from './list-changes.js';
import { prepareDictionaryText, searchedIn, type RowsReading } from '../columns/rows-reading.js';
import type { ListReader } from './list-reader.js';
import { wordsCover, type Words } from './translation-words.js';
import { TimeLeft } from '../../time-left.js';
import { Slicer } from '../../slices.js';
import { exerciseSearch } from '../columns/search-exercise.js';

/** Progress is told a few times a second while a list is read, however fast its pages come. */
const STATUS_INTERVAL_MS = 250;

/** The key of a held list in core: its connection and list (resource, customer scope), not its language. */
export function listKey(connectionId: string, view: HeldListView): string {
  return JSON.stringify([connectionId, view.resource, view.customerId ?? null]);
}

/** Where a list is read from: the chosen connection. */
export interface ListSource {
  connectionId: string;
  client: ApiClient;
}

/** What the lists held for search are made with (held-lists.ts). */
export interface HeldListsOptions {
  budgetBytes?: number;
  freshMs?: number;
  /** Told each list's status: while it is read (a few times a second) and when its state changes. */
  onStatus: (status: HeldListStatus) => void;
  /** A failed read as its status tells it: the service's words for any failure (handed in, as it knows them all). */
  errorPayloadOf: (error: unknown) => AppErrorPayload;
  /** A list was settled (read whole or caught up): what keeps lists between sessions writes it. */
  onSettled?: (list: HeldList) => void;
  /** How often each list is read whole, instead of the period the office's share gives (list-freshness.ts). */
  wholeReadEveryMs?: number;
  /** A connection's lists were forgotten (edited, deleted): what keeps them deletes them too. */
  onForgotten?: (connectionId: string) => void;
}

/** The words of one other language than the list was read in (translation-words.ts). */
export interface Translation {
  words: Words;
  /** Every value shown has its word. */
  complete: boolean;
  /** Learning them now: the first page read in that language, or the list whole for its words. */
  learning: boolean;
  /** Moves with each change of the words: searches kept for the old ones are not reused. */
  version: number;
  /** Stops the learning (the list is dropped). */
  stop?: AbortController;
}

/**
 * One list held for search (or being read, or refused), for both languages: its values as the API
 * gave them in the language it was read in, and the words of the other (docs/decisions/0014-held-lists-kept.md).
 */
export class HeldList {
  state: HeldListStatus['state'] = 'reading';
  /** What searches read: the whole list, or what its first read has so far. */
  rows: HeldRows;
  /** The read under way or stopped (a first read, or one that will replace `rows`). */
  reader: ListReader | undefined;
  replacing = false;
  /** Read because the app prepares search, before anyone asked: in the background until someone uses it. */
  prepared = false;
  /** The screen waits for it (an id typed and Enter pressed): its pages go first, until it is held. */
  urgent = false;
  controller: AbortController | undefined;
  total: number | undefined;
  /** When its changes were last read (or it was read whole), on this computer's clock. */
  asOf: number | undefined;
  /** When it was last read whole. */
  wholeAt: number | undefined;
  /** The server's clock at the first answer of the last read: the next catch-up reads down to it. */
  clock: ServerClock | undefined;
  /** What its catch-ups and whole reads found changed since the person last looked (in memory only). */
  readonly changes = new ListChanges();
  stale = false;
  /** Its last catch-up refused for a lasting reason, and when: it waits for its whole read (held-lists.ts). */
  refused: { why: CatchUpRefusal; at: number } | undefined;
  lastUsed = Date.now();
  error: HeldListStatus['error'];
  estimatedBytes: number | undefined;
  /** The schema's fields in each language (labels, kinds). */
  readonly fields = new Map<Language, SchemaField[] | undefined>();
  readonly translations = new Map<Language, Translation>();
  /** When its read under way started, and the rows it had then: its pace. */
  readStart = { at: 0, rows: 0 };
  /** What the status says of the time left: one for the list, counting down across its reads (time-left.ts). */
  private readonly timeLeft = new TimeLeft();
  lastTold = 0;
  toldLater: NodeJS.Timeout | undefined;
  freshness: NodeJS.Timeout | undefined;

  constructor(
    readonly key: string,
    readonly source: ListSource,
    readonly view: HeldListView,
    /** The language its values are held in: the one it was first read in. */
    readonly lang: Language,
  ) {
    this.rows = this.newRows();
  }

  /** Estimated memory: the rows searched, and those of a read that will replace them. */
  get bytes(): number {
    return this.rows.bytes + (this.replacing ? (this.reader?.rows.bytes ?? 0) : 0);
  }

  get reading(): boolean {
    return this.controller !== undefined;
  }

  /** New rows for this list: the fields its schema codes keep their values' dictionary open. */
  newRows(): HeldRows {
    return new HeldRows((field) => this.isCoded(field));
  }

  /** Whether the schema lists the values of `field` (a code, its label the language's). */
  isCoded(field: string): boolean {
    return [...this.fields.values()].some((fields) =>
      fields?.some((each) => each.key === field && each.values?.length),
    );
  }

  /** The list as `lang` shows it: its words when it is another language than the list's, its schema's labels. */
  readingIn(lang: Language): RowsReading {
    const labelOf = labelsOf(this.fields.get(lang) ?? this.fields.get(this.lang));
    const translation = lang === this.lang ? undefined : this.translations.get(lang);
    if (!translation) return { key: lang, labelOf };
    return { key: `${lang}:${translation.version}`, words: translation.words, labelOf };
  }

  /** The list as a search in `lang` reads it: coded values found by their words in every language it knows too. */
  searchReadingIn(lang: Language): RowsReading {
    const known = new Set([this.lang, ...this.translations.keys(), ...this.fields.keys()]);
    known.delete(lang);
    return searchedIn(
      this.readingIn(lang),
      [...known].map((other) => this.readingIn(other)),
    );
  }

  /**
   * Makes the dictionaries' searchable text of the readings searches use (the finder's, shown;
   * a table's, in every language), the ids' numbers and the texts' sketches, and the first time the
   * search's compiled code (search-exercise.ts), in the background a piece at a time: the first
   * search typed does not wait for them, nor does anything else meanwhile. The memory it counts
   * (`bytes`) grows by their text until `searchPrepared` settles.
   */
  prepareSearch(): Promise<void> {
    const slicer = new Slicer();
    const pause = () => slicer.pause();
    this.searchPrepared = (async () => {
      const readings = [this.readingIn(this.lang), this.searchReadingIn(this.lang)];
      for (const reading of readings) await prepareDictionaryText(this.rows.columns, reading, pause);
      await this.rows.prepareIndexes(pause);
      if (!this.exercised) await exerciseSearch(this.rows, readings[1]!, pause);
      this.exercised = true;
    })();
    return this.searchPrepared;
  }

  /** Whether its search's code was exercised (search-exercise.ts): once is enough. */
  private exercised = false;

  /** The preparation of its search (prepareSearch) under way, or done. */
  searchPrepared: Promise<void> = Promise.resolve();

  /** The languages it is shown in: its own, and those it has words for. */
  get languages(): Language[] {
    return [this.lang, ...this.translations.keys()];
  }

  /** Its status in `lang` as the UI shows it, within a budget of `budgetBytes` for all lists. */
  status(budgetBytes: number, lang: Language = this.lang): HeldListStatus {
    const translation = lang === this.lang ? undefined : this.translations.get(lang);
    // Its first page in that language is on its way: the words are not known yet.
    const learning = translation?.learning === true && translation.version === 0;
    const status: HeldListStatus = {
      connectionId: this.source.connectionId,
      ...this.view,
      lang,
      state: learning && this.state === 'held' ? 'reading' : this.state,
      read: this.state === 'reading' ? (this.reader?.rows.length ?? 0) : this.rows.length,
      rereading: (this.replacing && this.reading) || translation?.learning === true,
      ...(this.prepared && { prepared: true }),
      bytes: this.bytes,
      budgetBytes,
    };
    if (this.total !== undefined) status.total = this.total;
    if (this.asOf !== undefined) status.asOf = this.asOf;
    if (this.wholeAt !== undefined) status.wholeAt = this.wholeAt;
    if (this.refused) status.changesUnreadable = true;
    if (this.changes.any) status.changes = { ...this.changes.count(), version: this.changes.version };
    if (this.error) status.error = this.error;
    if (this.reading) {
      const eta = this.etaSeconds();
      if (eta !== undefined) status.etaSeconds = eta;
    }
    if (this.state === 'too-long') {
      if (this.estimatedBytes !== undefined) status.estimatedBytes = this.estimatedBytes;
      if (this.total !== undefined) status.scanSeconds = scanSeconds(this.total);
    }
    return status;
  }

  /** It is held whole, its changes read now (or the whole list read). */
  settled({ whole, clock }: { whole: boolean; clock: ServerClock | undefined }): void {
    const now = Date.now();
    this.refused = undefined;
    this.replacing = false;
    this.urgent = false;
    this.state = 'held';
    this.error = undefined;
    this.asOf = now;
    if (whole) this.wholeAt = now;
    this.clock = clock;
    this.stale = false;
    // New values may have no word yet in the languages it is shown in: learnt at their next use.
    for (const translation of this.translations.values())
      translation.complete &&= wordsCover(translation.words, this.rows);
  }

  /** Its read stops (the user's Cancel): a held list stays as it was, the read that would have replaced it given up. */
  stopReading(): void {
    this.controller?.abort();
    this.controller = undefined;
    if (this.replacing) {
      this.reader = undefined;
      this.replacing = false;
    } else if (this.state === 'reading') this.state = 'stopped';
  }

  /** It does not fit the budget: nothing of it is held (its searches scan), or a read that would replace it is given up. */
  refuse(): void {
    this.urgent = false;
    const estimate = this.estimateWhole();
    if (estimate !== undefined && Number.isFinite(estimate)) this.estimatedBytes ??= estimate;
    if (this.replacing) this.replacing = false;
    else {
      this.state = 'too-long';
      this.rows = this.newRows();
    }
    this.reader = undefined;
  }

  /** It is dropped: its reads stop, its timers end, nothing of it is held. */
  letGo(): void {
    this.controller?.abort();
    this.controller = undefined;
    for (const translation of this.translations.values()) translation.stop?.abort();
    clearTimeout(this.freshness);
    clearTimeout(this.toldLater);
    this.state = 'dropped';
    this.rows = this.newRows();
    this.reader = undefined;
  }

  /** Calls `tell` now when `now`, else STATUS_INTERVAL_MS after it was last called, once for all asked meanwhile. */
  told(tell: () => void, now: boolean): void {
    const wait = STATUS_INTERVAL_MS - (performance.now() - this.lastTold);
    if (!now && wait > 0) {
      this.toldLater ??= setTimeout(() => {
        this.toldLater = undefined;
        this.told(tell, true);
      }, wait);
      return;
    }
    clearTimeout(this.toldLater);
    this.toldLater = undefined;
    this.lastTold = performance.now();
    tell();
  }

  /** The memory the whole list will take, from what was read and the count. */
  estimateWhole(): number | undefined {
    return this.total === undefined ? undefined : (this.reader?.rows ?? this.rows).estimate(this.total);
  }

  /** The time left reading the list, at the pace of the read so far, as a person watches it. */
  private etaSeconds(): number | undefined {
    const read = this.reader?.rows.length ?? 0;
    const now = performance.now();
    const pace = (read - this.readStart.rows) / ((now - this.readStart.at) / 1000);
    const estimate =
      this.total === undefined || !(pace > 0) ? undefined : Math.max(0, (this.total - read) / pace);
    return this.timeLeft.update(estimate, now);
  }
}
