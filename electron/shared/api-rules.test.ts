import { describe, expect, it } from 'vitest';
import { languageOfLocales } from './api-rules.js';

describe('the language a person is spoken to before they choose one', () => {
  it("is the first of their browser's or system's languages the app has, else English", () => {
    expect(languageOfLocales(['fr-FR', 'en-US'])).toBe('fr');
    expect(languageOfLocales(['de-DE', 'fr-CH', 'en'])).toBe('fr');
    expect(languageOfLocales(['en-GB', 'fr'])).toBe('en');
    // A POSIX locale as the system gives it (LANG=fr_FR.UTF-8).
    expect(languageOfLocales(['fr_FR.UTF-8'])).toBe('fr');
    expect(languageOfLocales(['de-DE'])).toBe('en');
    expect(languageOfLocales([])).toBe('en');
  });
});
