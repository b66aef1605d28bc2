/**
 * The words a search may be written with (docs/architecture.md, "Search words"), on top of the
 * rules of search.ts: in the tables' search boxes, the top bar and `cdb export --search`.
 *
 * - `city:lyon` looks in one column, named by its key or its label in either language (`Ville:lyon`),
 *   a label with spaces quoted (`"Date de fin":2025`); `city:"saint étienne"` looks for a phrase there.
 * - `-word`, `-"a phrase"`, `-city:lyon`: rows that do not have it.
 * - `"a phrase"`: its words together, in that order, within one field.
 * - `OR` (in capitals) between two words: rows with either.
 * Case and accents are folded as for any word. What the syntax cannot read (a column no list has, a
 * quote left open, an OR with nothing on one side) is searched as typed, and said (SearchNote).
 */

import {
  foldText,
  highlightRanges,
  searchableTextOf,
  fieldValues,
  recordValues,
  searchTermsOf,
  type LabelOf,
  type SearchTerms,
} from './search.js';
import type { ApiRecord } from './schema.js';

/** One thing looked for: folded words (a word or a phrase) or a sequence of digits, in one field or any. */
export interface SearchTerm {
  kind: 'words' | 'digits';
  text: string;
  /** The key of the one field it is looked for in; any field when absent. */
  field?: string;
}

/** A row passes a clause when it holds one of its terms (none of them, when negated). */
export interface SearchClause {
  any: SearchTerm[];
  negated: boolean;
}

/** What the syntax could not read, searched as typed. */
export type SearchNote =
  | { kind: 'unknownField'; name: string }
  | { kind: 'openQuote' }
  | { kind: 'strayOr' }
  | { kind: 'orWithExclusion' };

/** A search: every clause must pass. */
export interface SearchQuery {
  clauses: SearchClause[];
  notes: SearchNote[];
}

/** A field as a search may name it: its key and its labels (in each language known). */
export interface FieldName {
  key: string;
  labels: readonly (string | undefined)[];
}

/** A name as it is compared: folded, letters and digits only ("E-mail" is "email"). */
const compact = (name: string): string => foldText(name).replace(/[^\p{L}\p{N}]/gu, '');

/** Finds the key a typed name stands for: a key first, then a label, in the order given. */
export function fieldNamer(fields: readonly FieldName[]): (name: string) => string | undefined {
  const byName = new Map<string, string>();
  for (const { key } of fields) if (!byName.has(compact(key))) byName.set(compact(key), key);
  for (const { key, labels } of fields)
    for (const label of labels) if (label && !byName.has(compact(label))) byName.set(compact(label), key);
  return (name) => byName.get(compact(name));
}

/** A piece of what was typed, before it is read as terms. */
interface Piece {
  raw: string;
  value: string;
  negated: boolean;
  quoted: boolean;
  field?: string;
  or?: true;
}

/** A field's name before its colon: a word of letters (and digits, "_", "-", "."), or a quoted label. */
const FIELD_NAME = /^(?:"([^"]+)"|([\p{L}_][\p{L}\p{N}_.-]*)):(?=\S)/u;

/** Splits the text into pieces: quoted parts whole, a leading "-" and a field name taken off. */
function piecesOf(text: string, notes: SearchNote[]): Piece[] {
  const pieces: Piece[] = [];
  const source = text.replace(/\p{Cc}/gu, ' ');
  let at = 0;
  while (at < source.length) {
    while (at < source.length && /\s/.test(source[at]!)) at++;
    if (at >= source.length) break;
    const start = at;
    let negated = false;
    // "-word", "-\"…\"", "-city:…"; "-5" is a number, a lone "-" a character.
    if (source[at] === '-' && /[\p{L}"_]/u.test(source[at + 1] ?? '')) {
      negated = true;
      at++;
    }
    let field: string | undefined;
    const named = FIELD_NAME.exec(source.slice(at));
    if (named) {
      field = named[1] ?? named[2];
      at += named[0].length;
    }
    let value: string;
    let quoted = false;
    if (source[at] === '"') {
      const end = source.indexOf('"', at + 1);
      if (end < 0) {
        notes.push({ kind: 'openQuote' });
        value = source.slice(at + 1);
        at = source.length;
      } else {
        value = source.slice(at + 1, end);
        at = end + 1;
      }
      quoted = true;
    } else {
      const end = source.slice(at).search(/\s/);
      value = end < 0 ? source.slice(at) : source.slice(at, at + end);
      at = end < 0 ? source.length : at + end;
    }
    const raw = source.slice(start, at);
    if (raw === 'OR') pieces.push({ raw, value: raw, negated: false, quoted: false, or: true });
    else pieces.push({ raw, value, negated, quoted, ...(field !== undefined && { field }) });
  }
  return pieces;
}

/** The terms a piece looks for: its words and numbers, or one phrase when quoted, or one number. */
function termsOfPiece(value: string, quoted: boolean, field: string | undefined): SearchTerm[] {
  const place = field === undefined ? {} : { field };
  const terms = searchTermsOf(value);
  if (quoted && !terms.words.length && terms.digits.length)
    return [{ kind: 'digits', text: terms.digits.join(''), ...place }];
  if (!quoted) {
    return [
      ...terms.words.map((text) => ({ kind: 'words' as const, text, ...place })),
      ...terms.digits.map((text) => ({ kind: 'digits' as const, text, ...place })),
    ];
  }
  // A phrase is folded as any word is, its spaces one each.
  const text = foldText(value.trim().replace(/\s+/g, ' '));
  return text ? [{ kind: 'words', text, ...place }] : [];
}

/**
 * Reads what was typed in a search: its clauses (search-words above) and what could not be read.
 * `fieldOf` finds the key of a named field (fieldNamer); without it no name is read as a field.
 */
export function parseSearch(text: string, fieldOf?: (name: string) => string | undefined): SearchQuery {
  const notes: SearchNote[] = [];
  const pieces = piecesOf(text, notes);
  const clauses: SearchClause[] = [];
  // Plain words are read together, as search.ts reads them: a phone typed in groups is one number.
  let plain: string[] = [];
  const endPlain = () => {
    const terms = searchTermsOf(plain.join(' '));
    for (const word of terms.words) clauses.push({ any: [{ kind: 'words', text: word }], negated: false });
    for (const digits of terms.digits)
      clauses.push({ any: [{ kind: 'digits', text: digits }], negated: false });
    plain = [];
  };
  /** A piece as it is read: its value, the field's key, and whether it is a plain word. */
  const read = (piece: Piece) => {
    let value = piece.value;
    let field: string | undefined;
    if (piece.field !== undefined) {
      field = fieldOf?.(piece.field);
      if (field === undefined) {
        notes.push({ kind: 'unknownField', name: piece.field });
        value = `${piece.field}:${piece.value}`;
      }
    }
    const plainWord = !piece.negated && !piece.quoted && field === undefined;
    return { value, plainWord, terms: () => termsOfPiece(value, piece.quoted, field) };
  };
  const addPiece = (piece: Piece) => {
    const { value, plainWord, terms } = read(piece);
    if (plainWord) {
      plain.push(value);
      return;
    }
    endPlain();
    const found = terms();
    // "-word" excludes the rows that have it.
    if (piece.negated) {
      if (found.length) clauses.push({ any: found, negated: true });
    } else for (const term of found) clauses.push({ any: [term], negated: false });
  };
  const operand = (at: number) =>
    pieces[at - 1]?.or && pieces[at] && !pieces[at].or ? pieces[at] : undefined;
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!;
    if (piece.or) {
      notes.push({ kind: 'strayOr' });
      plain.push(piece.value);
      continue;
    }
    if (!operand(index + 2)) {
      addPiece(piece);
      continue;
    }
    // "a OR b OR c": one clause of them all.
    const group = [piece];
    for (let next = operand(index + 2); next; next = operand(index + 2)) {
      group.push(next);
      index += 2;
    }
    if (group.some((each) => each.negated)) {
      // What "-a OR b" means is unsure: each is read alone.
      notes.push({ kind: 'orWithExclusion' });
      group.forEach(addPiece);
      continue;
    }
    endPlain();
    const any = group.flatMap((each) => read(each).terms());
    if (any.length) clauses.push({ any, negated: false });
  }
  endPlain();
  return { clauses, notes: uniqueNotes(notes) };
}

function uniqueNotes(notes: SearchNote[]): SearchNote[] {
  const seen = new Set<string>();
  return notes.filter((note) => {
    const key = JSON.stringify(note);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** Whether the search has nothing to look for. */
export const isBlankQuery = (query: SearchQuery): boolean => query.clauses.length === 0;

/** The words and numbers a cell of `column` highlights: the terms to find there (not those excluded). */
export function shownTermsOf(query: SearchQuery, column?: string): SearchTerms {
  const words = new Set<string>();
  const digits = new Set<string>();
  for (const clause of query.clauses) {
    if (clause.negated) continue;
    for (const term of clause.any) {
      if (term.field !== undefined && term.field !== column) continue;
      (term.kind === 'words' ? words : digits).add(term.text);
    }
  }
  return { words: [...words], digits: [...digits] };
}

/** Where a cell of `column` shows what the search looks for there (search.ts, highlightRanges). */
export const queryHighlights = (query: SearchQuery, column: string, text: string): [number, number][] =>
  highlightRanges(shownTermsOf(query, column), text);

/**
 * Whether a record passes the search, its values read as a table shows them (`labelOf`: the labels
 * of coded values): each term within one field, the record's own or the one it names.
 */
export function recordMatches(query: SearchQuery, record: ApiRecord, labelOf?: LabelOf): boolean {
  let whole: { words: string; digits: string } | undefined;
  const byField = new Map<string, { words: string; digits: string }>();
  const textOf = (field: string | undefined) => {
    if (field === undefined) return (whole ??= searchableTextOf(recordValues(record, labelOf)));
    let text = byField.get(field);
    if (!text) byField.set(field, (text = searchableTextOf(fieldValues(record, field, labelOf))));
    return text;
  };
  return query.clauses.every(
    (clause) =>
      clause.any.some((term) => textOf(term.field)[term.kind].includes(term.text)) !== clause.negated,
  );
}
