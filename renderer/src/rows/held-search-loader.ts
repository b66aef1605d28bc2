import type { Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import { splitChanged, type FilterCondition } from '@shared/filter';
import { heldListKey, isSameList, type HeldListStatus } from '@shared/held-list';
import type { ApiRecord } from '@shared/schema';
import { call } from '../api/call';
import type { View } from '@shared/view';
import type { HeldListStatuses } from './held-list-statuses';
import { RowLoader, SKELETON_ROWS, type ReadingStatus } from './row-loader';
import { newRequestId } from '../api/request-ids';

/** Matches asked for at a time: a screen and its neighbours. */
const BLOCK = 100;

/**
 * A filtered view's rows from the list held for search in the app (docs/architecture.md, "Search"):
 * the app reads the list once and answers every filter over it from memory, with no request to the
 * API; this loader asks it for the matches on screen, by blocks. While the list is being read, each
 * time the app says it read more, the matches on screen are asked for again: they grow as it reads.
 * Rows of an older answer stay drawn until their block's new answer replaces them (no flash).
 */
export class HeldSearchLoader extends RowLoader {
  /** How many rows matched so far (all of them once the list is held whole). */
  matches = 0;
  /** The list's first rows: the columns are typed and sized from them. */
  firstRows: ApiRecord[] | undefined;
  /** The list's state as the last answer or event told it. */
  list: HeldListStatus | undefined;
  private readonly blocks = new Map<number, { rows: ApiRecord[]; version: string }>();
  /** The last answer's version: blocks of another are read again when they are on screen. */
  private answerVersion: string | undefined;
  private readonly reading = new Map<number, string>();
  private screen = { first: 0, last: 0 };
  private stopListening: (() => void) | undefined;
  private answered = false;
  /**
   * How many times the app told of the list growing: an answer asked before the last time may have
   * been made before those rows (0 matches of a list being read), so the screen is asked again when
   * it comes. Counted, not flagged: of several blocks asked before, each answer is outdated.
   */
  private tellings = 0;
  /** The app told of the list since the last answer made after it: `matches` may be behind. */
  private countBehind = false;

  constructor(
    private readonly api: AppApi,
    /**
     * The window's lists as told, with each list's first rows as the app last sent them: each key
     * typed is a new loader, and one starting from the rows the last one had keeps the table's
     * columns as they are, instead of building and measuring them again.
     */
    private readonly lists: HeldListStatuses,
    private readonly connectionId: string,
    private readonly view: View,
    private readonly lang: Language,
    private readonly filter: FilterCondition[],
  ) {
    super();
    this.list = lists.of(connectionId, this.scope, lang);
    this.firstRows = lists.sampleOf(this.listKey);
  }

  /** Only the rows changed since the person last looked are shown (filter.ts, CHANGED_FIELD). */
  private get onlyChanged(): boolean {
    return splitChanged(this.filter).onlyChanged;
  }

  private get listKey(): string {
    return heldListKey(this.connectionId, this.scope, this.lang);
  }

  private get scope() {
    return { resource: this.view.resource, customerId: this.view.customerId };
  }

  get loading(): boolean {
    return this.reading.size > 0 || !this.answered;
  }

  /** Whether more matches may come: the list is still being read. */
  get hasMore(): boolean {
    return !this.answered || this.list?.state === 'reading';
  }

  get status(): ReadingStatus {
    return {
      matches: this.matches,
      counted: !this.answered ? 'not-yet' : this.complete ? 'all' : 'so-far',
      // The app answers from the list it holds: no page is read with the session's token here.
      rowsReadWithToken: undefined,
      usesHeldList: true,
      scan: undefined,
      walk: undefined,
    };
  }

  /**
   * Whether `matches` is the whole list's count: no more will come, and the last answer was made
   * after the app last told of the list (told it was read whole, the answer asked before may count
   * only the rows read then).
   */
  get settled(): boolean {
    return !this.hasMore && !this.countBehind;
  }

  get rowCount(): number {
    return this.matches + (this.hasMore && !this.error ? SKELETON_ROWS : 0);
  }

  /** No more matches will come: the list was searched whole, or the search failed. */
  get complete(): boolean {
    return this.settled || Boolean(this.error);
  }

  /** Rows of the list read so far. */
  get held(): number {
    return this.list?.read ?? 0;
  }

  override open(): void {
    super.open();
    this.stopListening ??= this.lists.subscribe(() => this.listTold());
    this.ensure(this.screen.first, this.screen.last);
  }

  close(): void {
    this.closed = true;
    this.stopListening?.();
    this.stopListening = undefined;
    for (const requestId of this.reading.values()) void this.api.invoke('data.cancel', { requestId });
    this.reading.clear();
  }

  override retry(): void {
    super.retry();
    this.ensure(this.screen.first, this.screen.last);
  }

  /** Match `index`, or undefined while it is being asked for. */
  rowAt(index: number): ApiRecord | undefined {
    return this.blocks.get(Math.floor(index / BLOCK))?.rows[index % BLOCK];
  }

  /** Matches `first`…`last` are on screen: ask for the blocks not held, or held from an older answer. */
  ensure(first: number, last: number): void {
    this.screen = { first, last };
    if (this.closed || this.error) return;
    const to = Math.max(first, Math.min(last, Math.max(0, this.matches - 1)));
    for (let block = Math.floor(first / BLOCK); block <= Math.floor(to / BLOCK); block++) {
      // Past the matches there is nothing to ask for: the list growing asks again (listTold).
      if (this.answered && block * BLOCK >= this.matches) break;
      const held = this.blocks.get(block);
      if (!this.reading.has(block) && (!held || held.version !== this.answerVersion)) this.read(block);
    }
  }

  /** The app told of the list: when it read more or was read again, the matches on screen may have moved. */
  private listTold(): void {
    const told = this.lists.of(this.connectionId, this.scope, this.lang);
    if (!told || told === this.list) return;
    const before = this.list;
    this.list = told;
    // Read further, read again, or its words in this language learnt (its read in the background over).
    const grew =
      told.read !== before?.read ||
      told.state !== before?.state ||
      told.asOf !== before?.asOf ||
      told.rereading !== before?.rereading ||
      // Only what changed is shown: what changed moved (found anew, or marked as seen).
      (this.onlyChanged && told.changes?.version !== before?.changes?.version);
    if (grew) {
      this.countBehind = true;
      this.tellings++;
    }
    // The version moves with the next answer; reading the first block on screen brings it (once
    // the blocks asked before are answered, when some are).
    if (grew && this.reading.size === 0) this.read(Math.floor(this.screen.first / BLOCK));
    this.changed();
  }

  private read(block: number): void {
    const requestId = newRequestId('held');
    const askedAfter = this.tellings;
    this.reading.set(block, requestId);
    call(this.api, 'search.rows', {
      view: this.view,
      lang: this.lang,
      filter: this.filter,
      from: block * BLOCK,
      count: BLOCK,
      sample: this.firstRows === undefined,
      requestId,
    }).then(
      (answer) => {
        if (this.reading.get(block) !== requestId) return;
        this.reading.delete(block);
        this.answered = true;
        const outdated = askedAfter !== this.tellings;
        if (!outdated) this.countBehind = false;
        if (answer.sample?.length && !this.firstRows) {
          this.firstRows = answer.sample;
          this.lists.keepSample(this.listKey, answer.sample);
        }
        this.matches = answer.matches;
        this.answerVersion = answer.version;
        this.blocks.set(block, { rows: answer.rows, version: answer.version });
        // Matches past the end are gone (a list read again may have fewer).
        for (const kept of this.blocks.keys()) if (kept * BLOCK >= answer.matches) this.blocks.delete(kept);
        // An answer made before what the app told since says an older state of the list: not kept.
        if (!outdated && isSameList(answer.list, this.connectionId, this.scope, this.lang)) {
          this.list = answer.list;
          this.lists.note(answer.list);
        }
        this.changed();
        const first = Math.floor(this.screen.first / BLOCK);
        if (outdated && !this.reading.has(first)) this.read(first);
        else this.ensure(this.screen.first, this.screen.last);
      },
      (failure: unknown) => {
        if (this.reading.get(block) !== requestId) return;
        this.reading.delete(block);
        this.failed(failure);
      },
    );
  }
}
