import type { Language } from '../../shared/api-rules.js';
import type { HeldLists, ListSource } from './held-lists.js';

/** How long after a connection is chosen its finder lists start being read: the first screen first. */
export const PREPARE_AFTER_MS = 5_000;
/** The lists the customer finder searches before any is asked for (agreements: only while searched). */
const FINDER_LISTS = ['customers', 'contacts'] as const;

/**
 * Search ready before it is asked: a few seconds after a connection is chosen, the lists the
 * customer finder needs are read in the background (HeldLists.prepare: the limiter's background
 * share, never while the screen waits, off after a 503), unless the user turned it off.
 */
export class SearchPreparation {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly lists: HeldLists,
    private readonly afterMs = PREPARE_AFTER_MS,
  ) {}

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
      // The lists kept from an earlier session first: those are not read again.
      void this.lists.whenRestored(now.source.connectionId).then(() => {
        for (const resource of FINDER_LISTS) this.lists.prepare(now.source, { resource }, now.lang);
      });
    }, this.afterMs);
    this.timer.unref();
  }

  close(): void {
    clearTimeout(this.timer);
  }
}
