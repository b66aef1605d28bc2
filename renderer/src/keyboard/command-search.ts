import { isBlank, searchTermsOf, valuesMatch } from '../../../electron/shared/search';

/** An action as the command box lists it: its name in the window's language and its keys. */
export interface Choice {
  key: string;
  label: string;
  /** Its shortcut's chords as this computer writes them, if it has one. */
  keys: readonly string[];
}

/**
 * What the command box lists for `text`: nothing typed, the choices run recently (`recent`, latest
 * first), then the others in their order; typed, the choices whose name holds every word typed,
 * folded as search folds them (case, accents, words in any order), and those whose name starts with
 * what was typed first.
 */
export function commandsFor(choices: readonly Choice[], text: string, recent: readonly string[]): Choice[] {
  const terms = searchTermsOf(text);
  if (isBlank(terms)) {
    const recentFirst = recent.flatMap((key) => choices.filter((choice) => choice.key === key));
    return [...recentFirst, ...choices.filter((choice) => !recent.includes(choice.key))];
  }
  const found = choices.filter((choice) => valuesMatch(terms, [choice.label]));
  const first = terms.words[0] ?? '';
  const startsWith = (choice: Choice) => searchTermsOf(choice.label).words[0]?.startsWith(first) ?? false;
  return [...found.filter(startsWith), ...found.filter((choice) => !startsWith(choice))];
}
