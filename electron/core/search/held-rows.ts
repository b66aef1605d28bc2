import type { ApiRecord } from '../../shared/schema.js';
import {
  FIELD_SEPARATOR,
  recordValues,
  searchableTextOf,
  type LabelOf,
  type SearchTerms,
} from '../../shared/search.js';
import { BEYOND_LATIN1, RecordSizer, textBytes } from './record-bytes.js';

/**
 * A page of held rows as a search reads them: the text of each row folded once (search.ts), all
 * rows of the page in one string, each row's fields separated and each row ended by the field
 * separator, so a term found anywhere in the string lies inside one field of one row.
 */
interface TextChunk {
  /** The list index of the chunk's first row. */
  first: number;
  words: string;
  digits: string;
  /** Where each row's text starts in `words` and `digits`; one more entry: where the last ends. */
  wordStarts: Int32Array;
  digitStarts: Int32Array;
}

let serials = 0;

/**
 * `text` kept in one byte a character when all of its characters allow it. V8 writes a joined string
 * in two bytes a character as soon as one of its parts was (folding "Łódź" gives "lodz" in two-byte
 * form), so without this most chunks of real names take twice what their text needs, and twice
 * what textBytes counts. Latin-1 text through a Buffer comes back one-byte.
 */
function compactText(text: string): string {
  return BEYOND_LATIN1.test(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}

/** Memory a row costs beyond its record and text: its slot, two offsets and its entry in the id index. */
const ROW_OVERHEAD_BYTES = 8 + 8 + 48;

/**
 * The rows of one list held for search (docs/architecture.md, "Search"): the records in the API's
 * order, their searchable text folded once as each page arrives, an index by id, and an estimate
 * of the memory they take. Memory only: nothing of it is ever written anywhere.
 */
export class HeldRows {
  /** Tells one set of held rows from another (a list read again is new rows). */
  readonly serial = ++serials;
  readonly records: ApiRecord[] = [];
  /** Estimated bytes of memory the rows, their text and their index take; Infinity when they cannot be held (RecordSizer). */
  bytes = 0;
  private readonly sizer = new RecordSizer();
  private readonly chunks: TextChunk[] = [];
  private readonly byId = new Map<string, number>();
  /** The ids by their number (numberOf), built when first asked, for the rows held then. */
  private byNumber: { rows: number; indexes: Map<string, number> } | undefined;

  constructor(private readonly labelOf?: LabelOf) {}

  get length(): number {
    return this.records.length;
  }

  /**
   * Adds a page of rows. A row whose id is already held is left out: a record that moved while the
   * list was read (its sort values changed) comes once.
   */
  append(rows: readonly ApiRecord[]): void {
    const first = this.records.length;
    const words: string[] = [];
    const digits: string[] = [];
    const wordStarts: number[] = [];
    const digitStarts: number[] = [];
    let wordLength = 0;
    let digitLength = 0;
    let added = 0;
    for (const record of rows) {
      const id = idOf(record);
      if (id !== undefined) {
        if (this.byId.has(id)) continue;
        this.byId.set(id, this.records.length);
      }
      this.records.push(record);
      const text = searchableTextOf(recordValues(record, this.labelOf));
      wordStarts.push(wordLength);
      digitStarts.push(digitLength);
      words.push(text.words);
      digits.push(text.digits);
      wordLength += text.words.length + 1;
      digitLength += text.digits.length + 1;
      added += this.sizer.bytes(record) + ROW_OVERHEAD_BYTES;
    }
    if (this.records.length === first) return;
    wordStarts.push(wordLength);
    digitStarts.push(digitLength);
    const chunk: TextChunk = {
      first,
      words: compactText(words.join(FIELD_SEPARATOR) + FIELD_SEPARATOR),
      digits: compactText(digits.join(FIELD_SEPARATOR) + FIELD_SEPARATOR),
      wordStarts: Int32Array.from(wordStarts),
      digitStarts: Int32Array.from(digitStarts),
    };
    this.chunks.push(chunk);
    added += textBytes(chunk.words) + textBytes(chunk.digits);
    this.bytes += added;
  }

  /** The held record whose id is `id`, if any. */
  record(id: string): ApiRecord | undefined {
    const index = this.byId.get(id);
    return index === undefined ? undefined : this.records[index];
  }

  /**
   * The held record whose id has the number `digits` ("11004" is CUS-00011004's), when one id alone
   * has it: what a ticket gives of an id is often its number without prefix or leading zeros.
   */
  recordByNumber(digits: string): ApiRecord | undefined {
    if (this.byNumber?.rows !== this.records.length) {
      const indexes = new Map<string, number>();
      for (const [id, index] of this.byId) {
        const number = numberOf(id);
        // An id that shares its number with another is not found by it.
        if (number !== undefined) indexes.set(number, indexes.has(number) ? -1 : index);
      }
      this.byNumber = { rows: this.records.length, indexes };
    }
    const index = this.byNumber.indexes.get(digits.replace(/^0+(?=\d)/, '')) ?? -1;
    return index < 0 ? undefined : this.records[index];
  }

  /**
   * Calls `found` with the index of each row in [`from`, `to`) whose text has every term, in the
   * list's order. The longest term is looked for in each page's text at once; only the rows it is
   * in are tested for the others. Terms must not be blank.
   */
  findTerms(terms: SearchTerms, from: number, to: number, found: (index: number) => void): void {
    const lead = leadTerm(terms);
    const others = {
      words: terms.words.filter((word) => !(lead.kind === 'words' && word === lead.term)),
      digits: terms.digits.filter((sequence) => !(lead.kind === 'digits' && sequence === lead.term)),
    };
    for (const chunk of this.chunksFrom(from)) {
      if (chunk.first >= to) return;
      const text = lead.kind === 'words' ? chunk.words : chunk.digits;
      const starts = lead.kind === 'words' ? chunk.wordStarts : chunk.digitStarts;
      const rows = starts.length - 1;
      let row = Math.max(0, from - chunk.first);
      const end = Math.min(rows, to - chunk.first);
      if (row >= end) continue;
      const limit = starts[end] ?? text.length;
      for (let at = text.indexOf(lead.term, starts[row]); at >= 0 && at < limit;) {
        row = rowAt(starts, at, row);
        if (this.hasAll(chunk, row, others)) found(chunk.first + row);
        if (++row >= end) break;
        at = text.indexOf(lead.term, starts[row]);
      }
    }
  }

  /**
   * Calls `found` with the index of each row that has a field starting with `start` (folded as the
   * rows' text is, or a number's digits), once a row, in the list's order, and whether one such
   * field is `start` whole. A field is found by the separator before it: the page's text has one
   * before every field but its first.
   */
  findFieldStarts(
    start: string,
    kind: 'words' | 'digits',
    found: (index: number, whole: boolean) => void,
  ): void {
    if (!start) return;
    const pattern = FIELD_SEPARATOR + start;
    for (const chunk of this.chunks) {
      const text = kind === 'words' ? chunk.words : chunk.digits;
      const starts = kind === 'words' ? chunk.wordStarts : chunk.digitStarts;
      let row = -1;
      let whole = false;
      const fieldAt = (at: number) => {
        const holding = rowAt(starts, at, Math.max(0, row));
        const isWhole = text.startsWith(FIELD_SEPARATOR, at + start.length);
        if (holding === row) {
          whole ||= isWhole;
          return;
        }
        if (row >= 0) found(chunk.first + row, whole);
        row = holding;
        whole = isWhole;
      };
      if (text.startsWith(start)) fieldAt(0);
      for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) fieldAt(at + 1);
      if (row >= 0) found(chunk.first + row, whole);
    }
  }

  /** The chunks holding rows from `from` on. */
  private *chunksFrom(from: number): Generator<TextChunk> {
    let low = 0;
    let high = this.chunks.length - 1;
    // The last chunk starting at or before `from` (chunks are in list order).
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.chunks[middle]?.first ?? 0) <= from) low = middle;
      else high = middle - 1;
    }
    for (let index = low; index < this.chunks.length; index++) {
      const chunk = this.chunks[index];
      if (chunk) yield chunk;
    }
  }

  private hasAll(chunk: TextChunk, row: number, terms: SearchTerms): boolean {
    if (terms.words.length) {
      const words = chunk.words.slice(chunk.wordStarts[row], chunk.wordStarts[row + 1]);
      if (!terms.words.every((word) => words.includes(word))) return false;
    }
    if (terms.digits.length) {
      const digits = chunk.digits.slice(chunk.digitStarts[row], chunk.digitStarts[row + 1]);
      if (!terms.digits.every((sequence) => digits.includes(sequence))) return false;
    }
    return true;
  }
}

/** A record's id as the id index keys it, if it has one. */
export function idOf(record: ApiRecord): string | undefined {
  const id = record.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The number in an id made of one run of digits ("CUS-00011004": "11004"), without leading zeros. */
function numberOf(id: string): string | undefined {
  const runs = id.match(/\d+/g);
  return runs?.length === 1 ? runs[0]?.replace(/^0+(?=\d)/, '') : undefined;
}

/** The term looked for first: the longest (the rarest, as a rule), words before digits. */
function leadTerm(terms: SearchTerms): { kind: 'words' | 'digits'; term: string } {
  const longest = (list: string[]) =>
    list.reduce((best, term) => (term.length > best.length ? term : best), '');
  return terms.words.length
    ? { kind: 'words', term: longest(terms.words) }
    : { kind: 'digits', term: longest(terms.digits) };
}

/** The row whose text holds position `at`: the last start at or before it, from row `from` on. */
function rowAt(starts: Int32Array, at: number, from: number): number {
  let low = from;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
