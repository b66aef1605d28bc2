import type { ColumnBlock } from './block-columns.js';
import { dayDigitsOf, InstantDigits } from './instants.js';
import { mayHold, sketchSlots, TermGrams } from './gram-sketch.js';
import type { ValueDictionary } from './value-dictionary.js';
import type { RowBlock } from './row-block.js';
import type { SearchQuery } from '../../../shared/search-words.js';
import { numbersHolding, serialNumbersOf, type SerialNumbers } from './serial-numbers.js';
import { letterBits, lettersOf, slotHas, type TextSlots } from './text-slots.js';

// How a term is looked for in one field of a block of held rows (rows-search.ts).

/** What a term is: folded words, or digits. */
export type Kind = 'words' | 'digits';

/** A term of the search, and what it is known to match: by column, the codes of its dictionary that hold it. */
export interface Term {
  kind: Kind;
  term: string;
  /** The one column it is looked for in (a key), or any. */
  field: string | undefined;
  /** By column: a flag a code (null: no value holds the term), for the dictionary's size then. */
  flags: ({ size: number; flags: Uint8Array | null } | undefined)[];
  instants: InstantDigits | undefined;
  /** By column: each day of its date-times' dictionary, its bits for the term (InstantDigits.dayBits). */
  days: ({ size: number; bits: Int32Array } | undefined)[];
  /** Its letters a to z (letterBits): a field without one of them cannot hold it. */
  letters: number;
  /** By the width of ids' numbers: a flag for each number holding the term, up to the highest met so far. */
  serials: Map<number, Uint8Array>;
  /** Its sequences of characters, looked for in the texts' sketches (gram-sketch.ts). */
  grams: TermGrams;
}

/** A clause of the search (search-words.ts): a row holds one of its terms, or none when negated. */
export type Clause = { terms: Term[]; negated: boolean };

/** The clauses of `query`, each term with nothing known of it yet. */
export function clausesOf(query: SearchQuery): Clause[] {
  return query.clauses.map((clause) => ({
    negated: clause.negated,
    terms: clause.any.map((term) => ({
      kind: term.kind,
      term: term.text,
      field: term.field,
      ...{ flags: [], instants: undefined, days: [], serials: new Map() },
      grams: new TermGrams(term.text),
      letters: term.kind === 'words' ? letterBits(term.text) : 0,
    })),
  }));
}

/** The clause looked for first: of one term, the longest (the rarest, as a rule), words before digits. */
export function leadOf(clauses: readonly Clause[]): Clause | undefined {
  const rarity = ({ terms: [term, ...more] }: Clause) =>
    !term || more.length ? -1 : term.term.length + (term.kind === 'words' ? 1e6 : 0);
  return clauses
    .filter((clause) => !clause.negated)
    .reduce<Clause | undefined>(
      (best, each) => (best && rarity(best) >= rarity(each) ? best : each),
      undefined,
    );
}

/** The digits of a date-time `term` is, when it can be in one (a word never is). */
export function instantDigitsOf(term: Term): InstantDigits | undefined {
  if (term.kind !== 'digits') return undefined;
  const digits = (term.instants ??= new InstantDigits(term.term));
  return digits.possible ? digits : undefined;
}

/** A flag for each of `serial`'s numbers that holds the digits `term` is (numbersHolding), made once for them all. */
export function numbersOf(term: Term, { width, max }: SerialNumbers): Uint8Array {
  let flags = term.serials.get(width);
  if (!flags || flags.length <= max) {
    flags = numbersHolding(term.term, width, Math.max(max, 2 * (flags?.length ?? 0)));
    term.serials.set(width, flags);
  }
  return flags;
}

/**
 * The slots of text or numbers `term` is looked for in; undefined when they lack one of its letters,
 * or one of its sequences of characters (gram-sketch.ts).
 */
export function slotsOf(kept: ColumnBlock, term: Term): TextSlots | undefined {
  const slots = searchedSlots(kept, term.kind);
  return slots && (term.letters & ~lettersOf(slots)) === 0 && mayHold(slots, term.grams) ? slots : undefined;
}

/**
 * Columns of another list a row is shown with (its customer's: customer-join.ts), searched as the
 * row's own: a term in one of them, or in any of them when it names no column, is held by the rows
 * whose other row holds it.
 */
export interface JoinedColumns {
  /** Whether `field` is one of these columns. */
  has(field: string): boolean;
  /** By other row, whether it holds `term` (in `field`, or in any of these columns); undefined when none does. */
  holders(term: { kind: Kind; text: string; field: string | undefined }): Uint8Array | undefined;
  /** Each row of `block`'s other row (-1 for none), its fields read by `read`. */
  owners(block: RowBlock, read: (row: number, field: string) => unknown): Int32Array;
}

/** A field of a block as one term is looked for in it (RowsSearch.fieldsFor). */
export type Field =
  | { kind: 'coded'; codes: Uint8Array | Uint16Array; flags: Uint8Array }
  | { kind: 'slots'; slots: TextSlots; term: string }
  | {
      kind: 'instant';
      kept: Extract<ColumnBlock, { kind: 'instant' }>;
      digits: InstantDigits;
      bits: Int32Array;
    }
  | { kind: 'mixed'; has: (row: number) => boolean }
  /** A joined list's column: the row's other row (`owners`) holds the term (`holders`). */
  | { kind: 'joined'; owners: Int32Array; holders: Uint8Array };

/** Whether row `row` holds the term in `field`. */
export function holds(field: Field, row: number): boolean {
  switch (field.kind) {
    case 'coded':
      return (field.flags[field.codes[row] ?? 0] ?? 0) !== 0;
    case 'slots':
      return slotHas(field.slots, row, field.term);
    case 'instant': {
      const time = field.kept.times[row] ?? -1;
      return time >= 0 && field.digits.holds(field.bits[field.kept.days[row] ?? 0] ?? 0, time);
    }
    case 'mixed':
      return field.has(row);
    case 'joined':
      return (field.holders[field.owners[row] ?? -1] ?? 0) !== 0;
  }
}

/** The slots a term of `kind` is looked for in: the folded text, or the digits (the folded text when the digits lie in it). */
export function searchedSlots(kept: ColumnBlock, kind: Kind): TextSlots | undefined {
  if (kept.kind === 'text') return kind === 'words' ? kept.folded : (kept.digits ?? kept.folded);
  if (kept.kind === 'number') return kind === 'digits' ? kept.digits : undefined;
  return undefined;
}

/**
 * Makes now what searches of `block`'s text and numbers are quicker with, rather than at the first
 * search: the ids as numbers (serial-numbers.ts), the texts' sketches (gram-sketch.ts).
 */
export function prepareSearchOf(block: RowBlock): void {
  for (const kept of block.columns) {
    if (kept?.kind !== 'text' && kept?.kind !== 'number') continue;
    const digits = searchedSlots(kept, 'digits');
    if (digits) serialNumbersOf(digits);
    for (const slots of [searchedSlots(kept, 'words'), digits]) if (slots) sketchSlots(slots);
  }
}

/**
 * Marks the rows in [`from`, `to`) whose key (a code, an id's number; -1 for none) is flagged, or
 * only those of them `within` lists (the rows a search still has).
 */
export function markKeys(
  keys: Uint8Array | Uint16Array | Int32Array,
  flags: Uint8Array,
  from: number,
  to: number,
  marks: Uint8Array,
  within?: RowsIn,
) {
  if (within) markFlaggedIn(keys, flags, within.rows, within.count, marks);
  else markFlagged(keys, flags, from, to, marks);
}

/** Each row in [`from`, `to`) a loop of its own, its arrays its arguments, for the compiler. */
function markFlagged(
  keys: Uint8Array | Uint16Array | Int32Array,
  flags: Uint8Array,
  from: number,
  to: number,
  marks: Uint8Array,
) {
  for (let row = from; row < to; row++) if (flags[keys[row]!]) marks[row] = 1;
}

/** The first `count` rows of `rows`, in a loop of their own. */
function markFlaggedIn(
  keys: Uint8Array | Uint16Array | Int32Array,
  flags: Uint8Array,
  rows: Int32Array,
  count: number,
  marks: Uint8Array,
) {
  for (let index = 0; index < count; index++) {
    const row = rows[index]!;
    if (flags[keys[row]!]) marks[row] = 1;
  }
}

/** Marks the rows in [`from`, `to`) (those `within` lists, if given) where `field` holds its term, one by one. */
export function markHolding(field: Field, from: number, to: number, marks: Uint8Array, within?: RowsIn) {
  if (!within) {
    for (let row = from; row < to; row++) if (!marks[row] && holds(field, row)) marks[row] = 1;
    return;
  }
  for (let index = 0; index < within.count; index++) {
    const row = within.rows[index]!;
    if (!marks[row] && holds(field, row)) marks[row] = 1;
  }
}

/** The bits of each day of column `column`'s date-times (`days`) for `term`, judged once a day and kept on the term. */
export function termDayBits(
  term: Term,
  column: number,
  days: ValueDictionary,
  digits: InstantDigits,
): Int32Array {
  let known = term.days[column];
  if (known?.size !== days.size) {
    const dayDigits = dayDigitsOf(days);
    const bits = new Int32Array(days.size);
    for (let code = 0; code < days.size; code++) bits[code] = digits.dayBits(dayDigits[code] ?? '');
    known = term.days[column] = { size: days.size, bits };
  }
  return known.bits;
}

/** The rows a search still has in a block, in order: the first `count` of `rows`. */
export interface RowsIn {
  rows: Int32Array;
  count: number;
}

/** Lists in `rows` the rows in [`from`, `to`) that `marks` marks, in order; how many. */
export function listMarked(marks: Uint8Array, from: number, to: number, rows: Int32Array): number {
  let count = 0;
  for (let row = from; row < to; row++) if (marks[row]) rows[count++] = row;
  return count;
}
