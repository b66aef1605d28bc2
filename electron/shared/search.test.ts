import { describe, expect, it } from 'vitest';
import { phoneDigitVariants } from './phone.js';
import {
  foldText,
  highlightRanges,
  recordValues,
  searchTermsOf,
  searchableTextOf,
  valuesMatch,
} from './search.js';

/** Whether searching `text` finds a record with these values. */
const finds = (text: string, ...values: unknown[]) => valuesMatch(searchTermsOf(text), values);
/** The parts of `shown` a search for `text` highlights. */
const highlighted = (text: string, shown: string) =>
  highlightRanges(searchTermsOf(text), shown).map(([start, end]) => shown.slice(start, end));

describe('search: matching as people type', () => {
  it('ignores case and accents, in French and English names', () => {
    expect(finds('berenger', 'Agence Bérénger SA')).toBe(true);
    expect(finds('ÉLODIE', 'Elodie')).toBe(true);
    expect(finds('elodie', 'ÉLODIE LEFÈVRE')).toBe(true);
    expect(finds('stefan facon', 'Ştefan Façon')).toBe(true);
    expect(finds('Lefèvre', 'lefevre@example.com')).toBe(true);
    expect(finds('zoe', 'Zoé')).toBe(true);
    expect(finds('zoé', 'Zoe')).toBe(true);
  });

  it('spells letters without an accent as they are typed: Œ, Æ, ß, Ø, and typographic apostrophes', () => {
    expect(finds('oeuvre', 'Œuvre Solidaire')).toBe(true);
    expect(finds('laetitia', 'Lætitia')).toBe(true);
    expect(finds('strasse', 'Hauptstraße 3')).toBe(true);
    expect(finds('bjorn', 'Bjørn')).toBe(true);
    expect(finds("l'oreal", 'L’Oréal')).toBe(true);
    expect(foldText('Œuvre ÇA Ærø')).toBe('oeuvre ca aero');
  });

  it('finds the words in any order, each within one field', () => {
    expect(finds('sa tabulations', '\tTabulations SA')).toBe(true);
    expect(finds('marseille dupont', 'Dupont SARL', 'Marseille')).toBe(true);
    expect(finds('dupont lyon', 'Dupont SARL', 'Marseille')).toBe(false);
    // "ab" + "cd" are two fields: "bc" is in neither.
    expect(finds('bc', 'ab', 'cd')).toBe(false);
    expect(finds('Dupont,', 'Dupont SARL')).toBe(true);
  });

  it('finds a phone by its digits, typed with or without spaces, dots or dashes', () => {
    const phone = '+33 7 59 46 02 37';
    for (const typed of ['+33759460237', '+33 7 59 46 02 37', '33.7.59.46.02.37', '33-759-460-237', '759460'])
      expect(finds(typed, 'Jean Martin', phone), typed).toBe(true);
    expect(finds('+33 7 59 46 02 38', phone)).toBe(false);
    expect(searchTermsOf('+33 7 59 46 02 37').digits).toEqual(['33759460237']);
    // A number starting with "+" is a phone however short: "+33 1" is the start of one.
    expect(searchTermsOf('+33 1').digits).toEqual(['331']);
    expect(finds('+33 1', '+33 1 38 56 58 52')).toBe(true);
    expect(finds('+33 1', '+33 4 89 63 94 37', '12 rue')).toBe(false);
    // A few short numbers are not a phone: each is looked for on its own.
    expect(searchTermsOf('12 75').digits).toEqual(['12', '75']);
    expect(finds('12 75001', '12 rue de la Paix', '75001')).toBe(true);
  });

  it("finds a phone as callers give it: national, international, with 00, in the record's country", () => {
    const record = (phone: string, country?: string) => recordValues({ name: 'Jean Martin', phone, country });
    const typings = [
      '07 40 05 64 73',
      '07.40.05.64.73',
      '0740056473',
      '0033 7 40 05 64 73',
      '+33 7 40 05 64 73',
      '07-40-05-64-73',
    ];
    for (const stored of ['+33 7 40 05 64 73', '07 40 05 64 73', '+33740056473'])
      for (const typed of typings)
        expect(valuesMatch(searchTermsOf(typed), record(stored)), `${typed} → ${stored}`).toBe(true);
    // Another number, or another country's: not found.
    expect(valuesMatch(searchTermsOf('07 40 05 64 74'), record('+33 7 40 05 64 73'))).toBe(false);
    // A British number stored nationally is read in the record's country.
    expect(valuesMatch(searchTermsOf('+44 20 7946 0958'), record('020 7946 0958', 'GB'))).toBe(true);
    expect(valuesMatch(searchTermsOf('020 7946 0958'), record('+44 20 7946 0958', 'GB'))).toBe(true);
    // Dates, ids and amounts get no phone writings.
    expect(phoneDigitVariants('2021-06-04')).toEqual([]);
    expect(phoneDigitVariants('CUS-00011004')).toEqual([]);
  });

  it('reads the first few phone-like values of a record as phones, not hundreds (a page of them cost a second)', () => {
    const record = Object.fromEntries(
      Array.from({ length: 6 }, (_, at) => [`line${at + 1}`, `06 12 34 56 7${at + 1}`]),
    );
    const values = recordValues(record);
    expect(valuesMatch(searchTermsOf('+33 6 12 34 56 71'), values)).toBe(true);
    expect(valuesMatch(searchTermsOf('+33 6 12 34 56 74'), values)).toBe(true);
    // The fifth and sixth: found as written, not in other writings.
    expect(valuesMatch(searchTermsOf('06 12 34 56 76'), values)).toBe(true);
    expect(valuesMatch(searchTermsOf('+33 6 12 34 56 76'), values)).toBe(false);
  });

  it('finds a date-time by its date and minutes, never by its seconds', () => {
    expect(finds('2021-06-04 01:10', '2021-06-04T01:10:04.000Z')).toBe(true);
    expect(finds('11004', '2021-06-04T01:10:04.000Z')).toBe(false);
  });

  it('finds ids by their prefix, dates by their digits, numbers and objects as written', () => {
    expect(finds('CUS-0005', 'CUS-00057895')).toBe(true);
    expect(finds('cus-00057895', 'CUS-00057895')).toBe(true);
    expect(finds('00057895', 'CUS-00057895')).toBe(true);
    expect(finds('2019-03', '2019-03-01T10:00:00.000Z')).toBe(true);
    expect(finds('1234', 1234.5)).toBe(true);
    expect(finds('paris', { city: 'Paris' })).toBe(true);
    expect(finds('x', null, undefined, '')).toBe(false);
  });

  it('matches coded values by their label in the language shown (fr, en)', () => {
    // The caller adds each label to the values it searches: "résilié" and "terminated" both find it.
    expect(finds('résilié', 'terminated', 'Résilié')).toBe(true);
    expect(finds('RESILIE', 'terminated', 'Résilié')).toBe(true);
    expect(finds('terminated', 'terminated', 'Terminated')).toBe(true);
  });

  it('keeps a record’s text folded once, one field after another', () => {
    expect(searchableTextOf(['Élodie', null, 42, '+33 1'])).toEqual({
      words: 'elodie\u000142\u0001+33 1',
      digits: '\u000142\u0001331',
    });
  });
});

describe('search: highlights in the text shown', () => {
  it('marks each word where it is, accents and case kept', () => {
    expect(highlighted('berenger sa', 'Agence Bérénger SA')).toEqual(['Bérénger', 'SA']);
    expect(highlighted('ÉLO', 'élodie et Elodie')).toEqual(['élo', 'Elo']);
  });

  it('marks a whole letter folded into two (Œ) and characters outside the BMP', () => {
    expect(highlighted('oeuvre', 'Œuvre')).toEqual(['Œuvre']);
    expect(highlighted('o', '😀 Bob')).toEqual(['o']);
    expect(highlightRanges(searchTermsOf('bob'), '😀 Bob')).toEqual([[3, 6]]);
  });

  it('marks a phone from its first to its last digit, across the spaces', () => {
    expect(highlighted('0759460237', '07 59 46 02 37')).toEqual(['07 59 46 02 37']);
    expect(highlighted('+33 7 59 46', '+33 7 59 46 02 37')).toEqual(['33 7 59 46']);
  });

  it('merges overlapping marks and marks nothing for a blank search', () => {
    expect(highlighted('dup pon', 'Dupont')).toEqual(['Dupon']);
    expect(highlightRanges(searchTermsOf('   '), 'Dupont')).toEqual([]);
  });
});
