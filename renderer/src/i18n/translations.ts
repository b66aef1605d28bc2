import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import { addFormats } from './formats';

/** Every UI string, in both languages (locales/); the key is the English catalog's shape. */
export const CATALOGS = { en, fr } as const;

/** Nouns counted in a sentence, each with its plural forms in locales (`counts`). */
export type CountedNoun =
  'rows' | 'columns' | 'filters' | 'conditions' | 'matches' | 'customers' | 'contacts' | 'agreements';

/**
 * "1 row", "2 rows", "0 ligne": a number written for the language and its noun, by the language's
 * own plural rules (i18next's `count`), for sentences that count more than one thing.
 */
export function counted(t: TFunction, noun: CountedNoun, count: number, numbers: Intl.NumberFormat): string {
  return t(`counts.${noun}`, { count, n: numbers.format(count) });
}

/** Starts i18next in `language`; `i18n.changeLanguage` switches every label at once. */
export async function startI18n(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: language,
    fallbackLng: false,
    // React escapes what it renders: i18next must not escape a second time.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  addFormats(i18next);
  // Screen readers choose their voice from the page's language (WCAG 2.2 SC 3.1.1): it follows the switch.
  const declare = (lng: string) => (document.documentElement.lang = lng);
  i18next.on('languageChanged', declare);
  declare(language);
  return i18next;
}
