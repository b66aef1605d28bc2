import type { Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import type { ApiRecord } from '@shared/schema';
import type { View } from '@shared/view';
import { Traversal } from './traversal';

/**
 * The rows of recently seen views kept in memory at most (docs/architecture.md, "Views kept in
 * memory"): their estimated size, and how many traversals. A view being shown is never dropped.
 */
const BUDGET_BYTES = 64 * 2 ** 20;
const MAX_TRAVERSALS = 12;

/**
 * The views a window read recently, kept to be shown again at once: their traversals, least recently
 * used first (a Map keeps insertion order), and the Refreshes asked for. One per window (RowsStore).
 */
export class ViewCache {
  private readonly kept = new Map<string, Traversal>();
  /** Told when the user asks to read the views again (Refresh). */
  private readonly refreshListeners = new Set<() => void>();
  private refreshes = 0;

  /**
   * The traversal of a view for this connection, language and page size: the one kept since it was
   * last shown, or a new one. Using it makes it the most recent; the least recent ones beyond the
   * budget are dropped.
   */
  traversalOf(api: AppApi, connectionId: string, view: View, lang: Language, size: number): Traversal {
    const key = keyOf(connectionId, view, lang, size);
    const traversal =
      this.kept.get(key) ??
      new Traversal(
        api,
        { resource: view.resource, customerId: view.customerId, sort: view.sort },
        lang,
        size,
      );
    this.kept.delete(key);
    this.kept.set(key, traversal);
    this.trim();
    return traversal;
  }

  /** Drops the least recently used traversals no one shows, while over the budget. */
  trim(): void {
    let bytes = 0;
    for (const traversal of this.kept.values()) bytes += traversal.bytes;
    for (const [key, traversal] of this.kept) {
      if (bytes <= BUDGET_BYTES && this.kept.size <= MAX_TRAVERSALS) return;
      if (traversal.users > 0) continue;
      bytes -= traversal.bytes;
      this.kept.delete(key);
    }
  }

  /**
   * A record with id `id` among the rows of `resource` (every customer's, not one's) held in memory
   * for the connection, or undefined: a customer opened by its id is named from the customers
   * already read, without asking the API.
   */
  heldRecord(connectionId: string, resource: View['resource'], id: string): ApiRecord | undefined {
    for (const [key, traversal] of this.kept) {
      if (ownerOf(key) !== connectionId || traversal.view.resource !== resource || traversal.view.customerId)
        continue;
      for (const record of traversal.blocks.rowsHeldNow()) if (String(record.id) === id) return record;
      const first = traversal.firstRows?.find((record) => String(record.id) === id);
      if (first) return first;
    }
    return undefined;
  }

  /** Every view kept is to be read again, and those shown are told to read their screen now (Refresh). */
  refresh(): void {
    for (const traversal of this.kept.values()) traversal.markStale();
    this.told();
  }

  /**
   * Forgets every view read from `connectionId` (it was edited, and may now be another API, or
   * deleted): none is shown again, and none of its cursors is sent to the new address; views on
   * screen read again.
   */
  forgetConnection(connectionId: string): void {
    for (const [key, traversal] of this.kept) {
      if (ownerOf(key) !== connectionId) continue;
      this.kept.delete(key);
      traversal.markStale();
    }
    this.told();
  }

  /** Calls `listener` on each Refresh; returns how to stop (for useSyncExternalStore too). */
  readonly onRefresh = (listener: () => void): (() => void) => {
    this.refreshListeners.add(listener);
    return () => void this.refreshListeners.delete(listener);
  };

  /** How many times the user asked for a Refresh (what a filtered scan starts again on). */
  readonly refreshCount = (): number => this.refreshes;

  private told(): void {
    this.refreshes++;
    for (const listener of this.refreshListeners) listener();
  }
}

/** The key of a traversal: the same view read the same way is the same traversal. */
function keyOf(connectionId: string, view: View, lang: Language, size: number): string {
  return JSON.stringify([
    connectionId,
    view.resource,
    view.customerId ?? null,
    view.sort ?? null,
    lang,
    size,
  ]);
}

/** The connection a traversal's key belongs to. */
function ownerOf(key: string): string {
  const [owner] = JSON.parse(key) as [string];
  return owner;
}
