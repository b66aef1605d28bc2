/**
 * How a search matches records as people type (docs/architecture.md, "Search"): the same rules for
 * the tables' search box, the top bar's customer finder, exports and `cdb`, in core (over the lists
 * held for search) and in the renderer (scans, and the highlights in the cells).
 *
 * - Case and accents are ignored: "berenger" finds "Bérénger", "ÉLODIE" finds "Elodie", "oeuvre"
 *   finds "Œuvre".
 * - The words of a search may come in any order: "sa tabulations" finds "Tabulations SA". Each
 *   word must be found in the record, within one field (a word never spans two fields).
 * - Numbers are matched by their digits: "+33759460237", "07.59.46.02.37" and "+33 7 59 46 02 37"
 *   all find "+33 7 59 46 02 37"; "2019-03" finds a date of March 2019.
 * - A phone is also found as it is written nationally or with the "00" prefix (phone.ts):
 *   "07 59 46 02 37" and "0033 7 59 46 02 37" find "+33 7 59 46 02 37", and the other way round.
 * - A date-time is found by its date and its hours and minutes, as a table shows it: its seconds
 *   and fractions are no text to find ("11004" is no part of "2021-06-04T01:10:04.000Z").
 * - Everything is found by what it starts with and by what it contains: an id by its prefix.
 */

import { mayBePhone, phoneDigitVariants, PHONES_PER_RECORD } from './phone.js';
import type { ApiRecord, SchemaField } from './schema.js';

/** Stands between two fields in a record's searchable text: no word can span two fields. */
export const FIELD_SEPARATOR = '\u0001';

/** Letters that do not decompose into a base letter and a mark, written as people type them. */
const LETTER_SPELLINGS: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  // Typographic apostrophes, as a word processor writes "L’Oréal".
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
};
const SPELLED = /[œæßøłđðþħı\u2018\u2019\u02bc]/g;
const MARKS = /\p{M}/gu;
const NOT_ASCII = /[\u0080-\uffff]/;

/** Lower case without accents, so "élodie" contains "ELO" and "Lefèvre" contains "lefevre". */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most values are plain ASCII: nothing more to do (a record's text is folded as it is read).
  if (!NOT_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(SPELLED, (letter) => LETTER_SPELLINGS[letter] ?? letter);
}

/** What a search looks for: words (folded) and digit sequences, every one of them in the record. */
export interface SearchTerms {
  words: string[];
  digits: string[];
}

/** A word of a search made only of digits and the punctuation numbers are written with. */
const NUMBER_WORD = /^[+(]*\d[\d().\-/]*$/;
/** Punctuation around a word that is not part of what is looked for ("Dupont," or "(SA)"). */
const AROUND_WORD = /^[,;:!?"'«»()[\]{}]+|[,;:!?"'«»()[\]{}]+$/g;
/**
 * Numbers typed in short groups ("+33 7 59 46 02 37", "06 12 34 56 78") are one phone number when
 * they start with "+" (an international number, however short: "+33 1"), or when every group has
 * at most PHONE_GROUP_DIGITS digits and they add up to at least PHONE_DIGITS; others ("12 75", a
 * street number and a postal code "12 75001") stay separate numbers.
 */
const PHONE_DIGITS = 6;
const PHONE_GROUP_DIGITS = 4;

/** A date-time as the API writes one: what a table shows of it ends at the minutes. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/;

/** The digits a value is found by: a date-time's up to its minutes, any other value's all. */
export const digitsOf = (text: string): string => {
  const dateTime = ISO_DATE_TIME.exec(text);
  return (dateTime ? `${dateTime[1]}${dateTime[2]}${dateTime[3]}` : text).replace(/\D/g, '');
};

/** The terms of what the user typed; none for blank text. */
export function searchTermsOf(text: string): SearchTerms {
  const words: string[] = [];
  const digits: string[] = [];
  let numbers: string[] = [];
  let international = false;
  const endNumbers = () => {
    const joined = numbers.join('');
    const phone =
      numbers.length > 1 &&
      (international ||
        (joined.length >= PHONE_DIGITS && numbers.every((group) => group.length <= PHONE_GROUP_DIGITS)));
    if (phone) digits.push(joined);
    else digits.push(...numbers);
    numbers = [];
  };
  // Control characters are never part of a term: the field separator is one.
  for (const word of text
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .split(/\s+/)) {
    if (!word) continue;
    if (NUMBER_WORD.test(word)) {
      if (!numbers.length) international = word.startsWith('+');
      numbers.push(digitsOf(word));
      continue;
    }
    endNumbers();
    const folded = foldText(word).replace(AROUND_WORD, '');
    if (folded) words.push(folded);
  }
  endNumbers();
  return { words: unique(words), digits: unique(digits) };
}

/** Whether the search has nothing to look for. */
export function isBlank(terms: SearchTerms): boolean {
  return terms.words.length === 0 && terms.digits.length === 0;
}

function unique(terms: string[]): string[] {
  return [...new Set(terms)].filter(Boolean);
}

/** The label a field's coded value has in the language shown (the schema's), if any. */
export type LabelOf = (field: string, value: unknown) => string | undefined;

/** The labels of coded values the schema's fields give (`values`: code and label). */
export function labelsOf(fields: readonly Pick<SchemaField, 'key' | 'values'>[] | undefined): LabelOf {
  const byField = new Map<string, Map<string, string>>();
  for (const field of fields ?? []) {
    if (field.values?.length)
      byField.set(field.key, new Map(field.values.map((option) => [option.value, option.label])));
  }
  return (field, value) => (typeof value === 'string' ? byField.get(field)?.get(value) : undefined);
}

/**
 * What a search reads of a record: each value, after a coded value the label it is shown with
 * ("terminated", then "Résilié" in French), so the user finds what the table shows, and after a
 * phone the other ways it is written (phone.ts), read in the record's country.
 */
export function recordValues(record: ApiRecord, labelOf?: LabelOf): unknown[] {
  const values: unknown[] = [];
  let phonesLeft = PHONES_PER_RECORD;
  for (const field in record) {
    const value = record[field];
    const asPhone = phonesLeft > 0 && typeof value === 'string' && mayBePhone(value);
    if (asPhone) phonesLeft--;
    values.push(...fieldValues(record, field, labelOf, asPhone));
  }
  return values;
}

/**
 * What a search reads of one field of a record: its value, its label, a phone's other writings
 * (unless `asPhone` is false: the record's phones were read already, PHONES_PER_RECORD).
 */
export function fieldValues(record: ApiRecord, field: string, labelOf?: LabelOf, asPhone = true): unknown[] {
  const value = record[field];
  const label = labelOf?.(field, value);
  const values = label === undefined ? [value] : [value, label];
  if (asPhone && typeof value === 'string') values.push(...phoneDigitVariants(value, record.country));
  return values;
}

/** The text a search reads in one value; undefined for an empty one (no text to find). */
export function searchableValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return typeof value === 'object' ? JSON.stringify(value) : undefined;
}

/** The folded text and the digits of a record's values, one field after another. */
export function searchableTextOf(values: readonly unknown[]): { words: string; digits: string } {
  const texts: string[] = [];
  for (const value of values) {
    const text = searchableValue(value);
    if (text !== undefined) texts.push(text);
  }
  return {
    words: foldText(texts.join(FIELD_SEPARATOR)),
    digits: texts.map(digitsOf).join(FIELD_SEPARATOR),
  };
}

/**
 * Whether every term is found in the values (each within one value). The rule every search
 * follows; core's held lists run the same test over text folded once, ahead of the searches.
 */
export function valuesMatch(terms: SearchTerms, values: readonly unknown[]): boolean {
  const { words, digits } = searchableTextOf(values);
  return (
    terms.words.every((word) => words.includes(word)) &&
    terms.digits.every((sequence) => digits.includes(sequence))
  );
}

/**
 * Where the terms are in `text` (a cell as it is shown), as [start, end) ranges of `text`, in
 * order and merged: what a table highlights. Folding can change a text's length ("Œ" is "oe"),
 * so positions are mapped back to the characters they came from.
 */
export function highlightRanges(terms: SearchTerms, text: string): [number, number][] {
  if (!text || isBlank(terms)) return [];
  const ranges: [number, number][] = [];
  if (terms.words.length) {
    const folded = foldedWithPlaces(text);
    for (const word of terms.words) addRanges(ranges, folded, word);
  }
  if (terms.digits.length) {
    const digits: FoldedText = { text: '', starts: [], ends: [] };
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code < 48 || code > 57) continue;
      digits.text += text[index];
      digits.starts.push(index);
      digits.ends.push(index + 1);
    }
    for (const sequence of terms.digits) addRanges(ranges, digits, sequence);
  }
  return merged(ranges);
}

/** A text as a search reads it, with where in the shown text each of its characters came from. */
interface FoldedText {
  text: string;
  /** Index in the shown text of the character each character of `text` came from, and its end. */
  starts: number[];
  ends: number[];
}

/** `text` folded character by character, each folded character knowing the character it came from. */
function foldedWithPlaces(text: string): FoldedText {
  const folded: FoldedText = { text: '', starts: [], ends: [] };
  let index = 0;
  for (const character of text) {
    const part = foldText(character);
    folded.text += part;
    for (let count = 0; count < part.length; count++) {
      folded.starts.push(index);
      folded.ends.push(index + character.length);
    }
    index += character.length;
  }
  return folded;
}

/** Adds every occurrence of `term` in the folded text, as a range of the shown text. */
function addRanges(ranges: [number, number][], folded: FoldedText, term: string): void {
  const { text, starts, ends } = folded;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) {
    ranges.push([starts[at] ?? 0, ends[at + term.length - 1] ?? 0]);
  }
}

function merged(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
