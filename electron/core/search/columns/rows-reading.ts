import type { LabelOf } from '../../../shared/search.js';
import { searchableTextOf } from '../../../shared/search.js';
import type { ListColumns } from './list-columns.js';
import { slotsBytes, slotsOf, type TextSlots } from './text-slots.js';

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
  /**
   * The other languages a search finds coded values in too (a status by its label in either), so a
   * search gives the same rows whatever the language shown: a language is a display.
   */
  also?: readonly RowsReading[];
}

/** `shown` as a search reads it: coded values found in `others`' words and labels too. */
export function searchedIn(shown: RowsReading, others: readonly RowsReading[]): RowsReading {
  return others.length
    ? { ...shown, key: [shown.key, ...others.map((other) => other.key)].join('+'), also: others }
    : shown;
}

/** The list as it was read. */
export const AS_READ: RowsReading = { key: '' };

/** `value` of `field` as `reading` shows it. */
export function shown(reading: RowsReading, field: string, value: unknown): unknown {
  if (typeof value !== 'string' || !reading.words) return value;
  return reading.words.get(field)?.get(value) ?? value;
}

/** Readings whose dictionary texts are kept at once (a language or two, as their words grow). */
const TEXTS_KEPT = 4;

/** A dictionary's values as a reading shows them, a slot each: folded words, and digits. */
export interface DictionaryText {
  words: TextSlots;
  digits: TextSlots;
}

/**
 * Column `column`'s dictionary as `reading` shows it (each value in that language, with its label),
 * made once and kept on the dictionary while it holds no more values than then.
 */
export function dictionaryText(list: ListColumns, column: number, reading: RowsReading): DictionaryText {
  const dictionary = list.dictionaries[column];
  if (!dictionary) throw new RangeError(`no column ${column}`);
  const kept = dictionary.texts.get(reading.key);
  if (kept?.size === dictionary.size) return kept;
  const field = list.names[column] ?? '';
  const words: string[] = [];
  const digits: string[] = [];
  for (const value of dictionary.values) {
    const texts: unknown[] = [];
    for (const each of [reading, ...(reading.also ?? [])]) {
      const label = each.labelOf?.(field, value);
      texts.push(shown(each, field, value), ...(label === undefined ? [] : [label]));
    }
    const text = searchableTextOf(texts);
    words.push(text.words);
    digits.push(text.digits);
  }
  const made = { size: dictionary.size, words: slotsOf(words), digits: slotsOf(digits), bytes: 0 };
  made.bytes = slotsBytes(made.words) + slotsBytes(made.digits);
  dictionary.texts.delete(reading.key);
  dictionary.texts.set(reading.key, made);
  for (const old of dictionary.texts.keys()) {
    if (dictionary.texts.size <= TEXTS_KEPT) break;
    dictionary.texts.delete(old);
  }
  return made;
}

/**
 * Makes the searchable text of every dictionary of `list` for `reading` now (a list just read, in
 * the background), so that the first search typed does not wait for it: a dictionary at a time,
 * `pause` between two.
 */
export async function prepareDictionaryText(
  list: ListColumns,
  reading: RowsReading,
  pause: () => Promise<void> = async () => {},
): Promise<void> {
  for (let column = 0; column < list.dictionaries.length; column++) {
    if (!list.dictionaries[column]) continue;
    dictionaryText(list, column, reading);
    await pause();
  }
}
