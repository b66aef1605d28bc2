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
    expect(fr_.summary).toMatch(/^L’API a répondu par une erreur \(HTTP 500\)/);
    expect(fr_.detail).toEqual({ from: 'server', text: 'database is down' });
    expect(failureLine(await translator('fr'), 'fr', failure)).toMatch(
      /Le serveur a répondu\u00a0: «\u00a0database is down\u00a0»$/u,
    );
    expect(failureLine(await translator('en'), 'en', failure)).toMatch(
      /The server said: “database is down”$/,
    );
  });

  it("gives a French line no English: the app's specifics are left to the details", async () => {
    const failure = new AppFailure({
      code: 'network',
      message: 'cannot reach the token endpoint at http://127.0.0.1:9',
    });
    const line = failureLine(await translator('fr'), 'fr', failure);
    expect(line).toMatch(/^Le serveur est injoignable/);
    expect(line).not.toContain('cannot reach');
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

  it.each([
    [
      'certificate-untrusted',
      /authority this computer does not trust.*root certificate/,
      /autorité que cet ordinateur ne reconnaît pas.*certificat racine/,
    ],
    [
      'certificate-expired',
      /not valid now: it has expired, or this computer's clock is wrong/,
      /n’est pas valide en ce moment\u00a0: il a expiré/,
    ],
    [
      'certificate-name',
      /for another name: check the connection's address/,
      /pour un autre nom\u00a0: vérifiez l’adresse/,
    ],
  ] as const)(
    'says a refused certificate (%s) in both languages, with the host in the detail',
    async (code, english, french) => {
      const message = `cannot connect securely to the API at https://api.example: its certificate …`;
      const failure = new AppFailure({ code, message });
      expect(describeFailure(await translator('en'), 'en', failure).summary).toMatch(english);
      const inFrench = describeFailure(await translator('fr'), 'fr', failure);
      expect(inFrench.summary).toMatch(french);
      expect(inFrench.detail).toEqual({ from: 'app', text: message });
    },
  );
});
