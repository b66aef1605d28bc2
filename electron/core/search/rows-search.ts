import { searchableTextOf, type LabelOf, type SearchTerms } from '../../shared/search.js';
import { InstantDigits } from './instants.js';
import type { ListColumns } from './list-columns.js';
import type { ColumnBlock, RowBlock } from './row-block.js';
import { slotHas, slotsBytes, slotsHolding, slotsOf, slotsStarting, type TextSlots } from './text-slots.js';
import type { ValueDictionary } from './value-dictionary.js';

/**
 * How a held list is shown in one language (docs/decisions/0014-held-lists-kept.md): the list keeps
 * its values as the API gave them in the language it was read in; another language shows its
 * translated fields' words instead, and the labels its schema gives coded values.
 */
export interface RowsReading {
  /** Tells readings apart (a language, and the words known of it then): dictionaries keep their text by it. */
  key: string;
  /** By field: a value as the list holds it, and as this language writes it. */
  words?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  labelOf?: LabelOf;
}

/** The list as it was read. */
export const AS_READ: RowsReading = { key: '' };

/** `value` of `field` as `reading` shows it. */
export function shown(reading: RowsReading, field: string, value: unknown): unknown {
  if (typeof value !== 'string' || !reading.words) return value;
  return reading.words.get(field)?.get(value) ?? value;
}

type Kind = 'words' | 'digits';

/** A term of the search, and what it is known to match: by column, the codes of its dictionary that hold it. */
interface Term {
  kind: Kind;
  term: string;
  /** By column: a flag a code (null: no value holds the term), for the dictionary's size then. */
  flags: ({ size: number; flags: Uint8Array | null } | undefined)[];
  instants: InstantDigits | undefined;
}
/** Readings whose dictionary texts are kept at once (a language or two, as their words grow). */
const TEXTS_KEPT = 4;

/**
 * One search over the blocks of a held list in one reading (its terms: search.ts): each field of
 * each block is searched the way it is kept (row-block.ts). A coded field's dictionary is searched
 * once for a term (its values as the reading shows them, with their labels), and its rows by their
 * codes; text by `indexOf` over a block's slots; numbers and instants by their digits. The longest
 * term is looked for first in every field; the rows it is in are tested for the others.
 */
export class RowsSearch {
  private readonly lead: Term | undefined;
  private readonly others: Term[];
  private marks = new Uint8Array(0);
  private termMarks = new Uint8Array(0);

  constructor(
    private readonly list: ListColumns,
    private readonly reading: RowsReading,
    terms: SearchTerms,
  ) {
    const termOf = (kind: Kind, term: string): Term => ({ kind, term, flags: [], instants: undefined });
    const all = [
      ...terms.words.map((term) => termOf('words', term)),
      ...terms.digits.map((term) => termOf('digits', term)),
    ];
    // The longest (the rarest, as a rule), words before digits.
    const longest = (kind: Kind) =>
      all
        .filter((each) => each.kind === kind)
        .reduce<Term | undefined>(
          (best, each) => (each.term.length > (best?.term.length ?? -1) ? each : best),
          undefined,
        );
    this.lead = longest('words') ?? longest('digits');
    this.others = all.filter((each) => each !== this.lead);
  }

  /** Calls `found` with each row of `block` in [`from`, `to`) that holds every term, in order. */
  rows(block: RowBlock, from: number, to: number, found: (row: number) => void): void {
    const lead = this.lead;
    if (!lead) return;
    if (this.marks.length < block.length) {
      this.marks = new Uint8Array(block.length);
      this.termMarks = new Uint8Array(block.length);
    }
    const marks = this.marks;
    let candidates = this.markAll(block, lead, from, to, marks);
    let judged = 0;
    // While many rows are left, each term is looked for in whole fields, as the first was; then in the rows left.
    for (const term of this.others) {
      if (candidates === 0 || candidates * 16 < to - from) break;
      const termMarks = this.termMarks;
      this.markAll(block, term, from, to, termMarks);
      candidates = 0;
      for (let row = from; row < to; row++) candidates += marks[row] = marks[row]! & termMarks[row]!;
      judged++;
    }
    const left = this.others.slice(judged);
    for (let row = from; row < to; row++) {
      if (marks[row] && left.every((term) => this.rowHas(block, row, term))) found(row);
    }
  }

  /**
   * Calls `note` with each row of `block` with a field that starts with `start` (a field of
   * `kind`: its folded words or its digits), and whether that field is `start` whole. A row may be
   * noted once for each such field.
   */
  fieldStarts(block: RowBlock, start: string, kind: Kind, note: (row: number, whole: boolean) => void): void {
    block.columns.forEach((kept, column) => {
      if (!kept) return;
      if (kept.kind === 'coded') {
        const starting = new Uint8Array(this.dictionary(column).size);
        slotsStarting(
          this.dictionaryText(column)[kind],
          start,
          (code, whole) => (starting[code] = whole ? 2 : 1),
        );
        kept.codes.forEach((code, row) => {
          const flag = starting[code] ?? 0;
          if (flag) note(row, flag === 2);
        });
        return;
      }
      const slots = searchedSlots(kept, kind);
      if (slots) slotsStarting(slots, start, note);
    });
  }

  /** Marks the rows in [`from`, `to`) that hold `term` in any field; how many. */
  private markAll(block: RowBlock, term: Term, from: number, to: number, marks: Uint8Array): number {
    marks.fill(0, from, to);
    block.columns.forEach((kept, column) => {
      if (kept) this.mark(kept, column, term, from, to, marks);
    });
    let count = 0;
    for (let row = from; row < to; row++) count += marks[row]!;
    return count;
  }

  private mark(
    kept: ColumnBlock,
    column: number,
    term: Term,
    from: number,
    to: number,
    marks: Uint8Array,
  ): void {
    if (kept.kind === 'coded') {
      const flags = this.flagsOf(column, term);
      if (!flags) return;
      const codes = kept.codes;
      for (let row = from; row < to; row++) if (flags[codes[row] ?? 0]) marks[row] = 1;
      return;
    }
    if (kept.kind === 'instant') {
      if (term.kind !== 'digits') return;
      const digits = (term.instants ??= new InstantDigits(term.term));
      if (!digits.possible) return;
      const values = kept.values;
      for (let row = from; row < to; row++) if (digits.matches(values[row] ?? Number.NaN)) marks[row] = 1;
      return;
    }
    if (kept.kind === 'mixed') {
      for (let row = from; row < to; row++) if (this.mixedHas(kept, column, row, term)) marks[row] = 1;
      return;
    }
    const slots = searchedSlots(kept, term.kind);
    if (slots)
      slotsHolding(slots, term.term, (row) => {
        if (row >= from && row < to) marks[row] = 1;
      });
  }

  private rowHas(block: RowBlock, row: number, term: Term): boolean {
    const columns = block.columns;
    for (let column = 0; column < columns.length; column++) {
      const kept = columns[column];
      if (!kept) continue;
      switch (kept.kind) {
        case 'coded':
          if ((this.flagsOf(column, term)?.[kept.codes[row] ?? 0] ?? 0) !== 0) return true;
          break;
        case 'instant':
          if (
            term.kind === 'digits' &&
            (term.instants ??= new InstantDigits(term.term)).matches(kept.values[row] ?? Number.NaN)
          )
            return true;
          break;
        case 'mixed':
          if (this.mixedHas(kept, column, row, term)) return true;
          break;
        default: {
          const slots = searchedSlots(kept, term.kind);
          if (slots !== undefined && slotHas(slots, row, term.term)) return true;
        }
      }
    }
    return false;
  }

  private mixedHas(
    kept: Extract<ColumnBlock, { kind: 'mixed' }>,
    column: number,
    row: number,
    term: Term,
  ): boolean {
    const field = this.list.names[column] ?? '';
    const value = shown(this.reading, field, kept.values[row]);
    const label = this.reading.labelOf?.(field, value);
    return searchableTextOf(label === undefined ? [value] : [value, label])[term.kind].includes(term.term);
  }

  /** The codes of column `column`'s values that hold `term` (a flag a code); undefined when none does. */
  private flagsOf(column: number, term: Term): Uint8Array | undefined {
    const size = this.dictionary(column).size;
    let known = term.flags[column];
    // The dictionary grows while a list is read: the codes it has now are judged again.
    if (known?.size !== size) {
      const found = new Uint8Array(size);
      let any = false;
      slotsHolding(this.dictionaryText(column)[term.kind], term.term, (code) => {
        found[code] = 1;
        any = true;
      });
      known = term.flags[column] = { size, flags: any ? found : null };
    }
    return known.flags ?? undefined;
  }

  private dictionary(column: number): ValueDictionary {
    const dictionary = this.list.dictionaries[column];
    if (!dictionary) throw new RangeError(`no column ${column}`);
    return dictionary;
  }

  /** A dictionary's values as the reading shows them, a slot each: folded words and digits. */
  private dictionaryText(column: number): { words: TextSlots; digits: TextSlots } {
    const dictionary = this.dictionary(column);
    const kept = dictionary.texts.get(this.reading.key);
    if (kept?.size === dictionary.size) return kept;
    const field = this.list.names[column] ?? '';
    const words: string[] = [];
    const digits: string[] = [];
    for (const value of dictionary.values) {
      const seen = shown(this.reading, field, value);
      const label = this.reading.labelOf?.(field, value);
      const text = searchableTextOf(label === undefined ? [seen] : [seen, label]);
      words.push(text.words);
      digits.push(text.digits);
    }
    const made = { size: dictionary.size, words: slotsOf(words), digits: slotsOf(digits), bytes: 0 };
    made.bytes = slotsBytes(made.words) + slotsBytes(made.digits);
    dictionary.texts.delete(this.reading.key);
    dictionary.texts.set(this.reading.key, made);
    for (const old of dictionary.texts.keys()) {
      if (dictionary.texts.size <= TEXTS_KEPT) break;
      dictionary.texts.delete(old);
    }
    return made;
  }
}

/** The slots a term of `kind` is looked for in: the folded text, or the digits (the folded text when the digits lie in it). */
function searchedSlots(kept: ColumnBlock, kind: Kind): TextSlots | undefined {
  if (kept.kind === 'text') return kind === 'words' ? kept.folded : (kept.digits ?? kept.folded);
  if (kept.kind === 'number') return kind === 'digits' ? kept.digits : undefined;
  return undefined;
}
