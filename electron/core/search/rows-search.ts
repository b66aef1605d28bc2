import { searchableTextOf } from '../../shared/search.js';
import type { SearchQuery } from '../../shared/search-words.js';
import { InstantDigits } from './instants.js';
import type { ListColumns } from './list-columns.js';
import type { ColumnBlock } from './block-columns.js';
import type { RowBlock } from './row-block.js';
import { dictionaryText, shown, type DictionaryText, type RowsReading } from './rows-reading.js';
import { letterBits, lettersOf, slotsHolding, slotsStarting } from './text-slots.js';
import { holds, searchedSlots, type Field, type JoinedColumns, type Kind } from './term-fields.js';
import type { ValueDictionary } from './value-dictionary.js';

/** A term of the search, and what it is known to match: by column, the codes of its dictionary that hold it. */
interface Term {
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
}

/** A clause of the search (search-words.ts): a row holds one of its terms, or none when negated. */
type Clause = { terms: Term[]; negated: boolean };

/**
 * One search over the blocks of a held list in one reading (its words: search.ts, search-words.ts):
 * each field of each block is searched the way it is kept (row-block.ts). A coded field's
 * dictionary is searched once for a term (its values as the reading shows them, with their
 * labels), and its rows by their codes; text by `indexOf` over a block's slots; numbers and
 * instants by their digits. The clause of the longest term is looked for first in every field (in
 * its one column, when it names one); the rows it is in are tested for the others; a search of
 * exclusions alone tests every row.
 */
export class RowsSearch {
  /** Whether the search looks for anything (rows of a search of nothing are all found). */
  readonly searches: boolean;
  private readonly lead: Clause | undefined;
  private readonly others: Clause[];
  private marks = new Uint8Array(0);
  private termMarks = new Uint8Array(0);

  constructor(
    private readonly list: ListColumns,
    private readonly reading: RowsReading,
    query: SearchQuery,
    private readonly joined?: JoinedColumns,
  ) {
    const clauses: Clause[] = query.clauses.map((clause) => ({
      negated: clause.negated,
      terms: clause.any.map((term) => ({
        kind: term.kind,
        term: term.text,
        field: term.field,
        ...{ flags: [], instants: undefined, days: [] },
        letters: term.kind === 'words' ? letterBits(term.text) : 0,
      })),
    }));
    // The clause of one term that is the longest (the rarest, as a rule), words before digits.
    const rarity = ({ terms: [term, ...more] }: Clause) =>
      !term || more.length ? -1 : term.term.length + (term.kind === 'words' ? 1e6 : 0);
    this.lead = clauses
      .filter((clause) => !clause.negated)
      .reduce<Clause | undefined>(
        (best, each) => (best && rarity(best) >= rarity(each) ? best : each),
        undefined,
      );
    this.others = clauses.filter((each) => each !== this.lead);
    this.searches = clauses.length > 0;
  }

  /** Calls `found` with each row of `block` in [`from`, `to`) that passes every clause, in order. */
  rows(block: RowBlock, from: number, to: number, found: (row: number) => void): void {
    if (this.marks.length < block.length) {
      this.marks = new Uint8Array(block.length);
      this.termMarks = new Uint8Array(block.length);
    }
    const marks = this.marks;
    let candidates = to - from;
    if (this.lead) candidates = this.markAll(this.fieldsFor(block, this.lead), from, to, marks);
    else marks.fill(1, from, to);
    let judged = 0;
    // While many rows are left, each clause is looked for in whole fields, as the first was; then
    // in the rows left, one by one.
    const others = this.others.map((clause) => ({ clause, fields: this.fieldsFor(block, clause) }));
    for (const { clause, fields } of others) {
      if (candidates === 0 || candidates * 16 < to - from) break;
      const termMarks = this.termMarks;
      // Fields read row by row (instants, mixed values) are read only in the rows still in.
      this.markAll(fields, from, to, termMarks, marks);
      const keep = clause.negated ? 0 : 1;
      candidates = 0;
      for (let row = from; row < to; row++)
        candidates += marks[row] = marks[row]! & (termMarks[row] === keep ? 1 : 0);
      judged++;
    }
    const left = others.slice(judged);
    for (let row = from; row < to; row++) {
      if (!marks[row]) continue;
      let all = true;
      for (const { clause, fields } of left)
        if (!(all = fields.some((field) => holds(field, row)) !== clause.negated)) break;
      if (all) found(row);
    }
  }

  /**
   * Makes the searchable text of every dictionary of the list for this reading now (a list just
   * read, in the background), so that the first search typed does not wait for it.
   */
  prepare(): void {
    this.list.dictionaries.forEach((_dictionary, column) => this.dictionaryText(column));
  }

  /**
   * Looks for every term in the dictionaries now, `pause` between two terms: a search of two
   * hundred words would else look for them all in the first rows it judges, in one block.
   */
  async searchDictionaries(pause: () => Promise<void>): Promise<void> {
    for (const clause of this.lead ? [this.lead, ...this.others] : this.others)
      for (const term of clause.terms) {
        this.list.dictionaries.forEach((dictionary, column) => {
          if (dictionary && (term.field === undefined || this.list.names[column] === term.field))
            this.flagsOf(column, term);
        });
        await pause();
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

  /** The fields of `block` that may hold one of the clause's terms, each as it is searched (a field that cannot is left out). */
  private fieldsFor(block: RowBlock, clause: Clause): Field[] {
    return clause.terms.flatMap((term) => this.termFields(block, term));
  }

  /** The fields of `block` that may hold `term` (in its one column, when it names one), the joined columns' too. */
  private termFields(block: RowBlock, term: Term): Field[] {
    const fields: Field[] = [];
    if (this.joined && (term.field === undefined || this.joined.has(term.field))) {
      const holders = this.joined.holders({ kind: term.kind, text: term.term, field: term.field });
      if (holders) fields.push({ kind: 'joined', owners: this.ownersOf(block), holders });
      if (term.field !== undefined) return fields;
    }
    block.columns.forEach((kept, column) => {
      if (!kept) return;
      if (term.field !== undefined && this.list.names[column] !== term.field) return;
      switch (kept.kind) {
        case 'coded': {
          const flags = this.flagsOf(column, term);
          if (flags) fields.push({ kind: 'coded', codes: kept.codes, flags });
          return;
        }
        case 'instant': {
          if (term.kind !== 'digits') return;
          const digits = (term.instants ??= new InstantDigits(term.term));
          if (digits.possible)
            fields.push({ kind: 'instant', kept, digits, bits: this.dayBits(column, term, digits) });
          return;
        }
        case 'mixed':
          fields.push({ kind: 'mixed', has: (row) => this.mixedHas(kept, column, row, term) });
          return;
        default: {
          const slots = searchedSlots(kept, term.kind);
          if (slots && (term.letters & ~lettersOf(slots)) === 0)
            fields.push({ kind: 'slots', slots, term: term.term });
        }
      }
    });
    return fields;
  }

  /** Each row of `block`'s row in the joined list. */
  private ownersOf(block: RowBlock): Int32Array {
    return this.joined!.owners(block, (row, field) => {
      const column = this.list.find(field);
      return column === undefined ? undefined : block.value(row, column, this.list);
    });
  }

  /** Marks the rows in [`from`, `to`) that hold the term in one of `fields` (read only in the rows `within`); how many. */
  private markAll(
    fields: readonly Field[],
    from: number,
    to: number,
    marks: Uint8Array,
    within?: Uint8Array,
  ): number {
    marks.fill(0, from, to);
    for (const field of fields) {
      switch (field.kind) {
        case 'coded': {
          const { codes, flags } = field;
          for (let row = from; row < to; row++) if (flags[codes[row] ?? 0]) marks[row] = 1;
          break;
        }
        case 'slots':
          slotsHolding(field.slots, field.term, (row) => {
            if (row >= from && row < to) marks[row] = 1;
          });
          break;
        case 'joined': {
          const { owners, holders } = field;
          for (let row = from; row < to; row++) if (holders[owners[row] ?? -1]) marks[row] = 1;
          break;
        }
        default:
          for (let row = from; row < to; row++)
            if ((!within || within[row]) && holds(field, row)) marks[row] = 1;
      }
    }
    let count = 0;
    for (let row = from; row < to; row++) count += marks[row]!;
    return count;
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

  /** The bits of each day of column `column`'s date-times for `term`, judged once a day. */
  private dayBits(column: number, term: Term, digits: InstantDigits): Int32Array {
    const days = this.list.days(column);
    let known = term.days[column];
    if (known?.size !== days.size) {
      const bits = new Int32Array(days.size);
      days.values.forEach((day, code) => (bits[code] = typeof day === 'number' ? digits.dayBits(day) : 0));
      known = term.days[column] = { size: days.size, bits };
    }
    return known.bits;
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
  private dictionaryText(column: number): DictionaryText {
    return dictionaryText(this.list, column, this.reading);
  }
}
