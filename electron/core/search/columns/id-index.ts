import type { ApiRecord } from '../../../shared/schema.js';
import { arrayBytes } from './text-slots.js';

/** Slots kept per key at most before the table grows: lookups stay a probe or two. */
const LOAD = 0.5;
/** A row found by several keys' worth of ids: not found by this key. */
const AMBIGUOUS = -1;

/**
 * The rows of a held list by a key of theirs (an id, an id's number), as a table of row numbers
 * (open addressing over an Int32Array): four bytes a slot where a Map takes some forty an entry, for
 * hundreds of thousands of ids. The key itself is not kept: it is read back from the row to tell
 * two keys of one hash apart.
 */
export class RowIndex {
  /** Row + 1 in each slot; 0 empty; a negative row: two rows have this key. */
  private table: Int32Array = new Int32Array(16);
  private size = 0;

  constructor(private readonly keyAt: (row: number) => string | undefined) {}

  get bytes(): number {
    return arrayBytes(this.table);
  }

  /** What restores it (kept-lists.ts). */
  dump(): { table: Int32Array; size: number } {
    return { table: this.table, size: this.size };
  }

  static restore(
    dump: { table: Int32Array; size: number },
    keyAt: (row: number) => string | undefined,
  ): RowIndex {
    const index = new RowIndex(keyAt);
    index.table = dump.table;
    index.size = dump.size;
    return index;
  }

  /** A copy, for a list made from this one (its rows at the same places). */
  copy(keyAt: (row: number) => string | undefined): RowIndex {
    const index = new RowIndex(keyAt);
    index.table = this.table.slice();
    index.size = this.size;
    return index;
  }

  /** The row with `key`, if one row alone has it. */
  find(key: string): number | undefined {
    const slot = this.slotOf(key);
    const entry = this.table[slot] ?? 0;
    return entry > 0 ? entry - 1 : undefined;
  }

  /** Whether a row has `key`, one or several. */
  has(key: string): boolean {
    return (this.table[this.slotOf(key)] ?? 0) !== 0;
  }

  /** Adds `row` under `key`; a key already there is then no one row's (or kept, with `keepFirst`). */
  add(key: string, row: number, keepFirst = false): void {
    if ((this.size + 1) / this.table.length > LOAD) this.grow();
    const slot = this.slotOf(key);
    const entry = this.table[slot] ?? 0;
    if (entry === 0) {
      this.table[slot] = row + 1;
      this.size++;
    } else if (!keepFirst && entry > 0) this.table[slot] = AMBIGUOUS - entry + 1;
  }

  /** The slot of `key`: where it is, or the empty slot where it would go. */
  private slotOf(key: string): number {
    const mask = this.table.length - 1;
    for (let slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot] ?? 0;
      if (entry === 0) return slot;
      const row = entry > 0 ? entry - 1 : AMBIGUOUS - entry;
      if (this.keyAt(row) === key) return slot;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    const mask = this.table.length - 1;
    for (const entry of old) {
      if (entry === 0) continue;
      const row = entry > 0 ? entry - 1 : AMBIGUOUS - entry;
      let slot = hash(this.keyAt(row) ?? '') & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = entry;
    }
  }
}

/** FNV-1a over the key's code units. */
function hash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A record's id as the id index keys it, if it has one. */
export function idOf(record: ApiRecord): string | undefined {
  const id = record.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * The rows of `count` by their id's number ("CUS-00011004": "11004", without leading zeros), for
 * an id made of one run of digits; an id that shares its number with another is not found by it.
 */
export function numberIndex(count: number, idAt: (row: number) => string | undefined): RowIndex {
  const numberOf = (id: string) => {
    const runs = id.match(/\d+/g);
    return runs?.length === 1 ? runs[0]?.replace(/^0+(?=\d)/, '') : undefined;
  };
  const index = new RowIndex((row) => numberOf(idAt(row) ?? ''));
  for (let row = 0; row < count; row++) {
    const number = numberOf(idAt(row) ?? '');
    if (number !== undefined) index.add(number, row);
  }
  return index;
}
