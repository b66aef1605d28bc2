import type { Language } from '../../shared/api-rules.js';
import type { HeldLists, ListSource } from './held-lists.js';

/** How long after a connection is chosen its finder lists start being read: the first screen first. */
export const PREPARE_AFTER_MS = 5_000;
/** The lists the customer finder searches before any is asked for (agreements: only while searched). */
const FINDER_LISTS = ['customers', 'contacts'] as const;

/**
 * Search ready before it is asked: a few seconds after a connection is chosen, the lists the
 * customer finder needs are read in the background (HeldLists.prepare: the limiter's background
 * share, never while the screen waits, off after a 503), unless the user turned it off. What is
 * wanted is asked when the time comes (the connection and language then, the setting then).
 */
export class SearchPreparation {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly lists: HeldLists,
    private readonly wanted: () => { source: ListSource; lang: Language } | undefined,
    private readonly afterMs = PREPARE_AFTER_MS,
  ) {}

  /** A connection was chosen: its lists are prepared after the wait (a choice meanwhile starts it again). */
  schedule(): void {
    clearTimeout(this.timer);
    if (!Number.isFinite(this.afterMs)) return;
    this.timer = setTimeout(() => {
      const wanted = this.wanted();
      if (!wanted) return;
      for (const resource of FINDER_LISTS) this.lists.prepare(wanted.source, { resource }, wanted.lang);
    }, this.afterMs);
    this.timer.unref();
  }

  close(): void {
    clearTimeout(this.timer);
  }
}
