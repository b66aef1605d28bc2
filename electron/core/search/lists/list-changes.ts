import { LIST_CHANGES_MAX, type ListChangesAnswer } from '../../../shared/held-list.js';
import type { ApiRecord } from '../../../shared/schema.js';
import type { HeldRows } from '../columns/held-rows.js';
import { idOf } from '../columns/id-index.js';
import type { Slicer } from '../../slices.js';

/**
 * What changed in a held list since the person last looked (issue: "what changed"), as its
 * catch-ups and whole reads found it: rows whose fields changed (with each field's value as it was
 * first seen before the change), rows new to the list, rows gone from it. Kept in memory only, for
 * the list's life: it holds the previous values of customers' personal data, which are never
 * written to disk. Bounded: past LIST_CHANGES_MAX the rest are counted, not listed (a list read
 * again after a week of changes would else hold a second copy of itself).
 */

type RowChange = ListChangesAnswer['rows'][number];
type GoneRow = ListChangesAnswer['gone'][number];

export class ListChanges {
  private readonly rows = new Map<string, RowChange>();
  private readonly gone = new Map<string, GoneRow>();
  private unlisted = 0;
  /** Grows with every change recorded or cleared: a window asks again only when it moved. */
  version = 0;

  /** `after` replaced `before` (same id) at `at`: its fields that differ are recorded, if any. */
  changed(before: ApiRecord, after: ApiRecord, at: number): void {
    const id = idOf(after);
    if (id === undefined) return;
    const differing = fieldsThatDiffer(before, after);
    if (!differing.length) return;
    const known = this.rows.get(id);
    if (known) {
      // What the person last saw stays the "before": a field changed twice keeps its first value.
      // A row new since they looked stays new: they saw no value of it before.
      if (known.kind === 'changed')
        for (const key of differing) if (!(key in known.previous)) known.previous[key] = before[key];
      known.at = at;
    } else if (this.room()) {
      this.rows.set(id, {
        id,
        at,
        kind: 'changed',
        previous: Object.fromEntries(differing.map((key) => [key, before[key]])),
      });
    }
    this.version++;
  }

  /** `record` is new to the list at `at`. */
  added(record: ApiRecord, at: number): void {
    const id = idOf(record);
    if (id === undefined) return;
    // Gone and back again: changed at most, as the two records say.
    const left = this.gone.get(id);
    if (left) {
      this.gone.delete(id);
      this.changed(left.record, record, at);
      return;
    }
    if (this.room()) this.rows.set(id, { id, at, kind: 'new', previous: {} });
    this.version++;
  }

  /** `record` left the list at `at`. */
  removed(record: ApiRecord, at: number): void {
    const id = idOf(record);
    if (id === undefined) return;
    // New since the person looked, and gone again: nothing they saw changed.
    if (this.rows.get(id)?.kind === 'new') this.rows.delete(id);
    else {
      this.rows.delete(id);
      if (this.room()) this.gone.set(id, { id, at, record });
    }
    this.version++;
  }

  /** Whether row `id` changed or is new since the person last looked. */
  has(id: string): boolean {
    return this.rows.has(id);
  }

  /** Whether anything changed since the person last looked. */
  get any(): boolean {
    return this.rows.size + this.gone.size + this.unlisted > 0;
  }

  /** How many rows changed or are new, are gone, and were not listed. */
  count(): { rows: number; gone: number; unlisted: number } {
    return { rows: this.rows.size, gone: this.gone.size, unlisted: this.unlisted };
  }

  /** What changed, newest first. */
  snapshot(): ListChangesAnswer {
    const newestFirst = <T extends { at: number }>(items: Iterable<T>) =>
      [...items].sort((a, b) => b.at - a.at);
    return {
      rows: newestFirst(this.rows.values()),
      gone: newestFirst(this.gone.values()),
      unlisted: this.unlisted,
    };
  }

  /** The person saw these rows (or, without ids, all of them): their marks go. */
  seen(ids?: readonly string[]): void {
    if (!ids) {
      this.rows.clear();
      this.gone.clear();
      this.unlisted = 0;
    } else
      for (const id of ids) {
        this.rows.delete(id);
        this.gone.delete(id);
      }
    this.version++;
  }

  private room(): boolean {
    if (this.rows.size + this.gone.size < LIST_CHANGES_MAX) return true;
    this.unlisted++;
    return false;
  }
}

/**
 * Records what differs between the rows a list held and those that replace them (a whole read):
 * rows matched by id, a slice at a time.
 */
export async function recordDifferences(
  before: HeldRows,
  after: HeldRows,
  changes: ListChanges,
  at: number,
  slicer: Slicer,
): Promise<void> {
  const found = new Uint8Array(before.length);
  for (let index = 0; index < after.length; index++) {
    const record = after.recordAt(index);
    const id = idOf(record);
    const was = id === undefined ? undefined : before.indexOf(id);
    if (was === undefined) changes.added(record, at);
    else {
      found[was] = 1;
      changes.changed(before.recordAt(was), record, at);
    }
    await slicer.pause();
  }
  for (let index = 0; index < before.length; index++) {
    if (!found[index]) changes.removed(before.recordAt(index), at);
    await slicer.pause();
  }
}

const NONE: readonly string[] = [];

/**
 * The fields whose values differ between two records of one row (a field added or removed too).
 * Allocates nothing for a row that did not change: a whole read compares every row of the list.
 */
export function fieldsThatDiffer(before: ApiRecord, after: ApiRecord): readonly string[] {
  let differing: string[] | undefined;
  for (const key in after) if (!sameValue(before[key], after[key])) (differing ??= []).push(key);
  for (const key in before) if (!(key in after)) (differing ??= []).push(key);
  return differing ?? NONE;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
