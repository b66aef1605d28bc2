import { isBlank, searchTermsOf, valuesMatch } from '@shared/search';

/** An action as the command box lists it: its name in the window's language and its keys. */
export interface Choice {
  key: string;
  label: string;
  /** Its shortcut's chords as this computer writes them, if it has one. */
  keys: readonly string[];
  /** Other names it is found by. */
  aliases?: readonly string[];
  /** Listed only once something is typed. */
  typedOnly?: boolean;
}

/**
 * What the command box lists for `text`: nothing typed, the choices run recently (`recent`, latest
 * first), then the others in their order (those listed only for what is typed left out); typed,
 * the choices whose name (or its name with one of its aliases) holds every word typed,
 * folded as search folds them (case, accents, words in any order), and those whose name starts with
 * what was typed first.
 */
export function commandsFor(choices: readonly Choice[], text: string, recent: readonly string[]): Choice[] {
  const terms = searchTermsOf(text);
  if (isBlank(terms)) {
    const listed = choices.filter((choice) => !choice.typedOnly);
    const recentFirst = recent.flatMap((key) => listed.filter((choice) => choice.key === key));
    return [...recentFirst, ...listed.filter((choice) => !recent.includes(choice.key))];
  }
  const found = choices.filter(
    (choice) =>
      valuesMatch(terms, [choice.label]) ||
      (choice.aliases ?? []).some((alias) => valuesMatch(terms, [choice.label, alias])),
  );
  const first = terms.words[0] ?? '';
  const startsWith = (choice: Choice) => searchTermsOf(choice.label).words[0]?.startsWith(first) ?? false;
  return [...found.filter(startsWith), ...found.filter((choice) => !startsWith(choice))];
}
