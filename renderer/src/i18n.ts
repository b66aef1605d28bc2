import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../electron/shared/api-rules';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';

/** Every UI string, in both languages (locales/); the key is the English catalog's shape. */
export const CATALOGS = { en, fr } as const;

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
  // Screen readers choose their voice from the page's language (WCAG 2.2 SC 3.1.1): it follows the switch.
  const declare = (lng: string) => (document.documentElement.lang = lng);
  i18next.on('languageChanged', declare);
  declare(language);
  return i18next;
}
