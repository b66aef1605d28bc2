import type { Language } from '../../../shared/api-rules.js';
import type { HeldLists, ListSource } from './held-lists.js';
import type { KeptLists } from './kept-lists.js';

/** How long after a connection is chosen its finder lists start being read: the first screen first. */
export const PREPARE_AFTER_MS = 5_000;
/** The lists the customer finder searches before any is asked for (agreements: only while searched). */
const FINDER_LISTS = ['customers', 'contacts'] as const;

/**
 * Search ready before it is asked: when a connection is chosen, its lists kept from an earlier
 * session are taken in (kept-lists.ts, once a session); a few seconds later, the lists the customer
 * finder needs are read in the background when they are not (HeldLists.prepare: the limiter's
 * background share, never while the screen waits, off after a 503), unless the user turned it off;
 * at quit, the lists are kept for the next session.
 */
export class SearchPreparation {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly lists: HeldLists,
    private readonly kept: KeptLists,
    private readonly afterMs = PREPARE_AFTER_MS,
  ) {}

  /**
   * `source`'s connection was chosen: its kept lists are taken in the first time (unless `api`, the
   * API and bundle it names now, is not the one they were read from), then `schedule`.
   */
  chosen(
    source: ListSource,
    api: string,
    wanted: () => { source: ListSource; lang: Language } | undefined,
  ): void {
    const kept = this.kept.loadOnce(source, api);
    if (kept) void this.lists.restore(source.connectionId, kept);
    this.schedule(wanted);
  }

  /**
   * A connection was chosen: the lists `wanted` names when the wait is over (the connection and
   * language then, or none: turned off) are prepared. A choice meanwhile starts the wait again.
   */
  schedule(wanted: () => { source: ListSource; lang: Language } | undefined): void {
    clearTimeout(this.timer);
    if (!Number.isFinite(this.afterMs)) return;
    this.timer = setTimeout(() => {
      const now = wanted();
      if (!now) return;
      // A list kept from an earlier session is taken in first (prepare waits for it): not read again.
      for (const resource of FINDER_LISTS) void this.lists.prepare(now.source, { resource }, now.lang);
    }, this.afterMs);
    this.timer.unref();
  }

  /** The app is quitting: nothing more is prepared, and what the lists became is kept for the next session. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.kept.flush(this.lists.all()).catch(() => undefined);
  }
}
