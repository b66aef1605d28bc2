import { languageOfLocales, type Language } from '@shared/api-rules';
import type { Settings } from '@shared/settings';

/** The settings as the window uses them: with the language it speaks. */
export type ShownSettings = Settings & { language: Language };

/**
 * The settings with the language the window speaks: the one the person chose, else their browser's
 * (navigator.languages: a fr-FR browser, or in Electron the system's) until they choose.
 */
export function withShownLanguage(settings: Settings): ShownSettings {
  return { ...settings, language: settings.language ?? browserLanguage() };
}

/** The language of the browser the window is in. */
export function browserLanguage(): Language {
  return languageOfLocales(navigator.languages.length ? navigator.languages : [navigator.language]);
}
