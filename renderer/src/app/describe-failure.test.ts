import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import { AppFailure } from '../api/call';
import { describeFailure, failureLine } from './describe-failure';

const translator = async (language: 'en' | 'fr') => {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return instance.t;
};

describe('a failure as the user reads it', () => {
  it("says what happened in the language shown, and quotes the server's own words after it", async () => {
    const failure = new AppFailure({
      code: 'http',
      status: 500,
      message: 'the API answered HTTP 500: database is down',
      serverMessage: 'database is down',
    });
    const fr_ = describeFailure(await translator('fr'), 'fr', failure);
    expect(fr_.summary).toMatch(/^L'API a répondu par une erreur \(HTTP 500\)/);
    expect(fr_.detail).toEqual({ from: 'server', text: 'database is down' });
    expect(failureLine(await translator('fr'), 'fr', failure)).toMatch(
      /Le serveur a répondu\u00a0: «\u00a0database is down\u00a0»$/u,
    );
    expect(failureLine(await translator('en'), 'en', failure)).toMatch(
      /The server said: “database is down”$/,
    );
  });

  it('never uses an English message of the app as the French sentence', async () => {
    const t = await translator('fr');
    for (const code of ['network', 'invalid-response', 'not-found', 'file', 'invalid-argument'] as const) {
      const { summary, detail } = describeFailure(
        t,
        'fr',
        new AppFailure({ code, message: 'english words' }),
      );
      expect(summary).not.toContain('english words');
      expect(detail).toEqual({ from: 'app', text: 'english words' });
    }
  });
});
