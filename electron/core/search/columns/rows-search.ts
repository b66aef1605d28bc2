import { searchableTextOf } from '../../../shared/search.js';
import type { SearchQuery } from '../../../shared/search-words.js';
import type { InstantDigits } from './instants.js';
import { serialNumbersOf } from './serial-numbers.js';
import type { ListColumns } from './list-columns.js';
import type { ColumnBlock } from './block-columns.js';
import type { RowBlock } from './row-block.js';
import { dictionaryText, shown, type DictionaryText, type RowsReading } from './rows-reading.js';
import { slotsHolding, slotsHoldingAmong } from './text-slots.js';
import { fieldStartsIn } from './field-starts.js';
import {
  clausesOf,
  holds,
  listMarked,
  markHolding,
  markKeys,
  termDayBits,
  leadOf,
  instantDigitsOf,
  numbersOf,
  slotsOf,
  type Clause,
  type Field,
  type JoinedColumns,
  type Kind,
  type RowsIn,
  type Term,
} from './term-fields.js';
import type { ValueDictionary } from './value-dictionary.js';

/**
 * One search over the blocks of a held list in one reading (its words: search.ts, search-words.ts):
 * each field of each block is searched the way it is kept (row-block.ts). A coded field's
 * dictionary is searched once for a term (its values as the reading shows them, with their
 * labels), and its rows by their codes; text by `indexOf` over a block's slots, but digits in ids
 * of one width by their numbers (serial-numbers.ts); numbers and instants by their digits. The clause of the longest term is looked for first in every field (in
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
  /** The rows still in, in order (the first `count`): a clause after the first reads only them. */
  private rowsIn = new Int32Array(0);

  constructor(
    private readonly list: ListColumns,
    private readonly reading: RowsReading,
    query: SearchQuery,
    private readonly joined?: JoinedColumns,
  ) {
    const clauses = clausesOf(query);
    this.lead = leadOf(clauses);
    this.others = clauses.filter((each) => each !== this.lead);
    this.searches = clauses.length > 0;
  }

  /** Calls `found` with each row of `block` in [`from`, `to`) that passes every clause, in order. */
  rows(block: RowBlock, from: number, to: number, found: (row: number) => void): void {
    if (this.marks.length < block.length) {
      this.marks = new Uint8Array(block.length);
      this.termMarks = new Uint8Array(block.length);
      this.rowsIn = new Int32Array(block.length);
    }
    const { marks, termMarks, rowsIn } = this;
    if (this.lead) this.markAll(block, this.lead, from, to, marks);
    else marks.fill(1, from, to);
    let count = listMarked(marks, from, to, rowsIn);
    let judged = 0;
    // While many rows are left, each clause is looked for in whole fields, as the first was (fields
    // read row by row only in the rows still in, text between them skipped); then row by row.
    for (const clause of this.others) {
      if (count === 0 || count * 16 < to - from) break;
      this.markAll(block, clause, from, to, termMarks, { rows: rowsIn, count });
      const keep = clause.negated ? 0 : 1;
      let kept = 0;
      for (let index = 0; index < count; index++) {
        const row = rowsIn[index]!;
        if (termMarks[row] === keep) rowsIn[kept++] = row;
        else marks[row] = 0;
      }
      count = kept;
      judged++;
    }
    if (judged === this.others.length) {
      for (let index = 0; index < count; index++) found(rowsIn[index]!);
      return;
    }
    if (count === 0) return;
    const left = this.others
      .slice(judged)
      .map((clause) => ({ clause, fields: this.fieldsFor(block, clause) }));
    for (let index = 0; index < count; index++) {
      const row = rowsIn[index]!;
      let all = true;
      for (const { clause, fields } of left)
        if (!(all = fields.some((field) => holds(field, row)) !== clause.negated)) break;
      if (all) found(row);
    }
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

  /** Calls `note` with each row of `block` with a field that starts with `start` (field-starts.ts). */
  fieldStarts(block: RowBlock, start: string, kind: Kind, note: (row: number, whole: boolean) => void): void {
    fieldStartsIn(this.list, this.reading, block, start, kind, note);
  }

  /** The fields of `block` that may hold one of the clause's terms, each as it is searched (a field that cannot is left out). */
  private fieldsFor(block: RowBlock, clause: Clause): Field[] {
    return clause.terms.flatMap((term) => this.termFields(block, term));
  }

  /** The fields of `block` that may hold `term` (in its one column, when it names one), the joined columns' too. */
  private termFields(block: RowBlock, term: Term): Field[] {
    const fields: Field[] = [];
    const holders = this.joinedHolders(term);
    if (holders) fields.push({ kind: 'joined', owners: this.ownersOf(block), holders });
    const [first, end] = this.columnsFor(block, term);
    for (let column = first; column < end; column++) {
      const kept = block.columns[column];
      const field = kept && this.fieldOf(kept, column, term);
      if (field) fields.push(field);
    }
    return fields;
  }

  /** Whether each row of the joined list holds `term`, when one does and the term may be looked for there. */
  private joinedHolders(term: Term): Uint8Array | undefined {
    if (!this.joined || (term.field !== undefined && !this.joined.has(term.field))) return undefined;
    return this.joined.holders({ kind: term.kind, text: term.term, field: term.field });
  }

  /** The columns `term` is looked for in, [first, end): its one column when it names one, else all. */
  private columnsFor(block: RowBlock, term: Term): [number, number] {
    // A term naming a joined column is looked for in that column only.
    if (term.field !== undefined && this.joined?.has(term.field)) return [0, 0];
    if (term.field === undefined) return [0, block.columns.length];
    const only = this.list.find(term.field);
    return only === undefined ? [0, 0] : [only, only + 1];
  }

  /** Column `column` of a block as `term` is looked for in it; undefined when it cannot hold it. */
  private fieldOf(kept: ColumnBlock, column: number, term: Term): Field | undefined {
    switch (kept.kind) {
      case 'coded': {
        const flags = this.flagsOf(column, term);
        return flags && { kind: 'coded', codes: kept.codes, flags };
      }
      case 'instant': {
        const digits = instantDigitsOf(term);
        return digits && { kind: 'instant', kept, digits, bits: this.dayBits(column, term, digits) };
      }
      case 'mixed':
        return { kind: 'mixed', has: (row) => this.mixedHas(kept, column, row, term) };
      default: {
        const slots = slotsOf(kept, term);
        return slots && { kind: 'slots', slots, term: term.term };
      }
    }
  }

  /** Each row of `block`'s row in the joined list. */
  private ownersOf(block: RowBlock): Int32Array {
    return this.joined!.owners(block, (row, field) => {
      const column = this.list.find(field);
      return column === undefined ? undefined : block.value(row, column, this.list);
    });
  }

  /**
   * Marks the rows of `block` in [`from`, `to`) that hold one of `clause`'s terms. With `within`,
   * only the rows still in are judged: each field is read in them alone, and text between them is
   * skipped. Each kind of field in a loop of its own, with nothing made for a block: a search judges
   * 600 blocks of 14 fields.
   */
  private markAll(
    block: RowBlock,
    clause: Clause,
    from: number,
    to: number,
    marks: Uint8Array,
    within?: RowsIn,
  ): void {
    marks.fill(0, from, to);
    for (const term of clause.terms) {
      const holders = this.joinedHolders(term);
      if (holders) markKeys(this.ownersOf(block), holders, from, to, marks, within);
      const [first, end] = this.columnsFor(block, term);
      for (let column = first; column < end; column++) {
        const kept = block.columns[column];
        if (kept) this.markColumn(kept, column, term, from, to, marks, within);
      }
    }
  }

  /** Marks the rows where column `column` (`kept` in a block) holds `term` (markAll). */
  private markColumn(
    kept: ColumnBlock,
    column: number,
    term: Term,
    from: number,
    to: number,
    marks: Uint8Array,
    within: RowsIn | undefined,
  ): void {
    if (kept.kind === 'coded') {
      const flags = this.flagsOf(column, term);
      if (flags) markKeys(kept.codes, flags, from, to, marks, within);
    } else if (kept.kind === 'text' || kept.kind === 'number') {
      const slots = slotsOf(kept, term);
      const serial = slots && term.kind === 'digits' ? serialNumbersOf(slots) : undefined;
      if (serial) markKeys(serial.numbers, numbersOf(term, serial), from, to, marks, within);
      else if (slots && within)
        slotsHoldingAmong(slots, term.term, within.rows, within.count, (row) => (marks[row] = 1));
      else if (slots)
        slotsHolding(slots, term.term, (row) => {
          if (row >= from && row < to) marks[row] = 1;
        });
    } else if (kept.kind === 'instant') {
      const digits = instantDigitsOf(term);
      const bits = digits && this.dayBits(column, term, digits);
      if (bits && within) digits.markIn(kept, bits, within.rows, within.count, marks);
      else if (bits) digits.mark(kept, bits, from, to, marks);
    } else {
      const field = this.fieldOf(kept, column, term);
      if (field) markHolding(field, from, to, marks, within);
    }
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

  /** The bits of each day of column `column`'s date-times for `term`. */
  private dayBits(column: number, term: Term, digits: InstantDigits): Int32Array {
    return termDayBits(term, column, this.list.days(column), digits);
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
