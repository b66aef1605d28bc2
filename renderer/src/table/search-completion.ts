import { foldText } from '@shared/search';

/** A column a search may name, as the table shows it. */
export interface NamedColumn {
  key: string;
  label: string;
}

/** A column's name offered for the word being typed, and the search's text once it is taken. */
export interface Completion {
  name: string;
  text: string;
}

/** How many names are offered at once. */
const OFFERED = 6;
/** Letters typed before names are offered: a word of one letter is most often the start of a value. */
const FIRST_LETTERS = 2;
/** A word that may be the start of a field's name, after an optional "-". */
const NAME_START = /(^|\s)(-?)([\p{L}_][\p{L}\p{N}_.-]*)$/u;

const compact = (name: string): string => foldText(name).replace(/[^\p{L}\p{N}]/gu, '');

/** A column's name as a search writes it: quoted when it holds more than letters and digits. */
export const searchName = (label: string): string =>
  /^[\p{L}_][\p{L}\p{N}_.-]*$/u.test(label) ? label : `"${label}"`;

/**
 * The columns whose label (or key) starts with the last word of `text`, each as the text would be
 * with that word completed to `Label:` (search-words.ts); none while the word is a value being typed.
 */
export function completionsOf(text: string, columns: readonly NamedColumn[]): Completion[] {
  const word = NAME_START.exec(text);
  if (!word) return [];
  const [, space = '', minus = '', start = ''] = word;
  const typed = compact(start);
  if (typed.length < FIRST_LETTERS) return [];
  const before = text.slice(0, word.index) + space + minus;
  // Within a quote the word is part of a phrase.
  if ((before.match(/"/g)?.length ?? 0) % 2 === 1) return [];
  const offered: Completion[] = [];
  for (const column of columns) {
    const named = compact(column.label).startsWith(typed) || compact(column.key).startsWith(typed);
    // A name typed whole is offered no more: its colon is all that is left to type.
    if (!named || compact(column.label) === typed) continue;
    const name = searchName(column.label);
    offered.push({ name, text: `${before}${name}:` });
    if (offered.length === OFFERED) break;
  }
  return offered;
}
