import type { View } from '@shared/view';

/**
 * Per connection and list, the first row from which offset pages were refused or too slow, as a
 * window learnt it. One per window (RowsStore).
 */
export class OffsetDepths {
  private readonly refusedFrom = new Map<string, number>();

  /** How deep offset mode works for `connectionId`'s list `view`. */
  reachOf(connectionId: string, view: Pick<View, 'resource' | 'customerId'>): OffsetReach {
    return new OffsetReach(
      this.refusedFrom,
      JSON.stringify([connectionId, view.resource, view.customerId ?? null]),
    );
  }

  /** Forgets what was learnt of `connectionId` (it was edited, and may now be another API). */
  forgetConnection(connectionId: string): void {
    for (const key of this.refusedFrom.keys()) {
      const [owner] = JSON.parse(key) as [string];
      if (owner === connectionId) this.refusedFrom.delete(key);
    }
  }
}

/**
 * How deep offset mode works for one connection and list, as learned this session (docs/api.md,
 * "Far jumps"): many APIs refuse offsets past some depth (10,000 records is common), and the spec
 * says offset mode degrades. Once a page starting at some row was refused, or did not answer in
 * time, no offset page starting there or deeper is asked again until the app restarts (a refused
 * call is never made twice); far jumps that deep walk by cursor instead.
 */
export class OffsetReach {
  constructor(
    private readonly refusedFrom: Map<string, number>,
    private readonly key: string,
  ) {}

  /** Whether an offset page that starts at `row` is worth asking for. */
  allows(row: number): boolean {
    return row < (this.refusedFrom.get(this.key) ?? Infinity);
  }

  /** An offset page starting at `row` was refused or too slow: none that deep is asked again. */
  refused(row: number): void {
    this.refusedFrom.set(this.key, Math.min(row, this.refusedFrom.get(this.key) ?? Infinity));
  }
}
