import type { Language } from '@shared/api-rules';
import { heldListKey, type HeldListStatus, type HeldListView } from '@shared/held-list';
import type { ApiRecord } from '@shared/schema';

/**
 * The lists held for search in the app (docs/architecture.md, "Search"), as a window last heard of
 * them: its lists.status events, and the status every search answer not outdated carries. Every
 * table, the top bar's customer finder and the status bar read them from here (data/useHeldLists.ts
 * for React), with each list's first rows, the sample a search's columns are typed from. One per
 * window (RowsStore).
 */
export class HeldListStatuses {
  /** By connection, list and language (heldListKey). */
  private readonly statuses = new Map<string, HeldListStatus>();
  private readonly samples = new Map<string, ApiRecord[]>();
  private readonly listeners = new Set<() => void>();

  /** Keeps what the app told of a list, and tells those who follow the lists. */
  readonly note = (status: HeldListStatus): void => {
    const key = heldListKey(status.connectionId, status, status.lang);
    // Every search answer repeats the list's status: one that says nothing new renders nothing again.
    const known = this.statuses.get(key);
    if (known && JSON.stringify(known) === JSON.stringify(status)) return;
    if (status.state === 'dropped') this.statuses.delete(key);
    else this.statuses.set(key, status);
    this.told();
  };

  /** The list as last told, if it was. */
  of(connectionId: string | undefined, view: HeldListView, lang: Language): HeldListStatus | undefined {
    return this.statuses.get(heldListKey(connectionId, view, lang));
  }

  /** Calls `listener` whenever a list is told of; returns how to stop (for useSyncExternalStore too). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The lists of the connection being read for the first time now. */
  reading(connectionId: string | undefined): HeldListStatus[] {
    return [...this.statuses.values()].filter(
      (status) => status.connectionId === connectionId && status.state === 'reading',
    );
  }

  /** The first rows of the list with key `key` (heldListKey), as a search's answer first gave them. */
  sampleOf(key: string): ApiRecord[] | undefined {
    return this.samples.get(key);
  }

  keepSample(key: string, rows: ApiRecord[]): void {
    this.samples.set(key, rows);
  }

  /** Forgets what was told of `connectionId`'s lists (it was edited, or deleted). */
  forgetConnection(connectionId: string): void {
    for (const [key, status] of this.statuses)
      if (status.connectionId === connectionId) this.statuses.delete(key);
    for (const key of this.samples.keys()) if (ownerOf(key) === connectionId) this.samples.delete(key);
    this.told();
  }

  private told(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The connection a list's key belongs to. */
function ownerOf(key: string): string | null {
  const [owner] = JSON.parse(key) as [string | null];
  return owner;
}
