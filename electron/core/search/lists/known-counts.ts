import type { HeldListView } from '../../../shared/held-list.js';

/** How long a count the window asked for stands for a list's read (a list changes; its count is read again after). */
const FRESH_MS = 60_000;

/**
 * The counts the window asked for lately, by connection and list (its sort and language change no
 * count): a list read for search takes the one the window has just asked rather than asking again.
 */
export class KnownCounts {
  private readonly counts = new Map<string, { total: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The window asked `view`'s count of `connectionId` and was told `total`. */
  note(connectionId: string, view: HeldListView, total: number): void {
    this.counts.set(keyOf(connectionId, view), { total, at: this.now() });
  }

  /** The count asked within the last minute, if any. */
  fresh(connectionId: string, view: HeldListView): number | undefined {
    const known = this.counts.get(keyOf(connectionId, view));
    return known && this.now() - known.at < FRESH_MS ? known.total : undefined;
  }

  /** Forgets the counts of a connection (edited, deleted). */
  forget(connectionId: string): void {
    for (const key of this.counts.keys()) if (key.startsWith(`${connectionId}\n`)) this.counts.delete(key);
  }
}

const keyOf = (connectionId: string, view: HeldListView) =>
  `${connectionId}\n${view.resource}\n${view.customerId ?? ''}`;
