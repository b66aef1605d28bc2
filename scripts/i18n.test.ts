import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import { addFormats } from '../renderer/src/i18n/formats.js';
import { schemasIn } from '../electron/demo-api/schemas.js';

// Every UI string comes from locales/{en,fr}.json: no key missing in either, and no text
// written into a component.
const keysOf = (catalog: object, prefix = ''): string[] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const SOURCE = join(import.meta.dirname, '../renderer/src');
const MENU = join(import.meta.dirname, '../electron/main/menu.ts');
/** Core's customer record takes its words from the catalogs too (core/export/customer-pdf.ts). */
const RECORD = ['customer-pdf.ts', 'customer-record.ts'].map((file) =>
  join(import.meta.dirname, '../electron/core/export', file),
);
const components = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.tsx'),
);

/** The code that names the catalogs' keys: the renderer's, the Electron menu's and the customer record's. */
const codeNamingKeys = (): string =>
  components
    .concat(readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')))
    .map((file) => readFileSync(join(SOURCE, file), 'utf8'))
    .concat([MENU, ...RECORD].map((file) => readFileSync(file, 'utf8')))
    .join('\n');

/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'alt',
  'placeholder',
  'aria-description',
  'aria-roledescription',
]);

/** Text written straight into JSX, with where it stands. */
function hardCodedText(file: string): string[] {
  const text = readFileSync(join(SOURCE, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(`${file}: "${node.text.trim()}"`);
    if (
      ts.isJsxAttribute(node) &&
      READ_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    ) {
      if (/\p{L}/u.test(node.initializer.text))
        found.push(`${file}: ${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('UI strings', () => {
  it('have the same keys in English and French', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('have no empty translation', () => {
    const values = (catalog: object): unknown[] =>
      Object.values(catalog).flatMap((value) =>
        typeof value === 'object' && value !== null ? values(value as object) : [value],
      );
    expect(
      [...values(en), ...values(fr)].filter((value) => typeof value !== 'string' || !value.trim()),
    ).toEqual([]);
  });

  describe('follow French typography (the rules, in one place: every French string is held to them)', () => {
    const entries = (catalog: object, prefix = ''): [string, string][] =>
      Object.entries(catalog).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null
          ? entries(value as object, `${prefix}${key}.`)
          : [[`${prefix}${key}`, String(value)] as [string, string]],
      );
    // The one string that lists characters as they are (a file name's forbidden ones): its sentence
    // is French, the list after "caractères" is not typography. A `typed` string is what a person
    // types (a search's words, `ville:lyon`), not prose.
    const french = entries(fr)
      .filter(([key]) => !key.endsWith('.typed'))
      .map(([key, value]): [string, string] => [
        key,
        key === 'export.fileNameRule' ? value.slice(0, value.indexOf('caractères')) : value,
      ]);
    const breaking = (pattern: RegExp) =>
      french.filter(([, value]) => pattern.test(value)).map(([key, value]) => `${key}: ${value}`);

    it("one apostrophe, ’ (never the typewriter's)", () => {
      expect(breaking(/'/)).toEqual([]);
    });

    it('a no-break space before ":" and inside « », a narrow one before ; ? !', () => {
      // A line must not break between a word and its colon (Lexique des règles typographiques en
      // usage à l'Imprimerie nationale). Not a colon of an address (https://) or a time (13:42).
      expect(breaking(/(?<![\u00a0\d]):(?!\/\/)|(?<!\u202f)[;?!]|«(?!\u00a0)|(?<!\u00a0)»/u)).toEqual([]);
    });

    it('quotes are « », and what is set inside them is quoted “ ” (the `inner` format)', () => {
      expect(breaking(/["“”]/)).toEqual([]);
      expect(breaking(/«\u00a0\{\{(?![^}]*, inner\}\})/u)).toEqual([]);
    });

    it('a value quoted « » that holds quotes of its own has them as “ ”', async () => {
      const instance = i18next.createInstance();
      await instance.init({
        resources: { fr: { translation: fr } },
        lng: 'fr',
        interpolation: { escapeValue: false },
      });
      addFormats(instance);
      expect(instance.t('views.confirmDelete', { name: 'Préavis sous 60 jours « actifs »' })).toBe(
        'Supprimer la vue «\u00a0Préavis sous 60 jours “actifs”\u00a0»\u202f?',
      );
    });

    it('counts agree through the plural rules (0 and 1 are singular in French): each has its forms', () => {
      const keys = new Set(french.map(([key]) => key));
      expect(breaking(/\{\{count\}\}/).filter((line) => !/^[^:]*_(one|other|many):/.test(line))).toEqual([]);
      expect(
        [...keys].filter((key) => key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other'))),
      ).toEqual([]);
    });
  });

  it('write the French apostrophe one way, typographic (’), in the catalog and the Demo’s labels alike', () => {
    const texts = (catalog: object): string[] =>
      Object.values(catalog).flatMap((value) =>
        typeof value === 'object' && value !== null ? texts(value as object) : [String(value)],
      );
    const labels = (language: 'fr') =>
      JSON.stringify(schemasIn(language))
        .match(/"label":"[^"]*"/g)
        ?.map((label) => label.slice(9, -1)) ?? [];
    const straight = /\p{L}'\p{L}/u;
    expect([...texts(fr), ...labels('fr')].filter((text) => straight.test(text))).toEqual([]);
  });

  it('are never written into a component', () => {
    expect(components.length).toBeGreaterThan(3);
    expect(components.flatMap(hardCodedText)).toEqual([]);
  });

  it('hold every key the code names: a key written in the code and missing shows the key itself', () => {
    const code = codeNamingKeys();
    const known = new Set(
      keysOf(en).flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, '')]),
    );
    // Keys named whole: t('a.b'), recordWord(lang, 'a.b'); not those made from a template.
    const named = [...code.matchAll(/\b(?:t|recordWord\(\w+,)\(?\s*'([a-zA-Z]\w*(?:\.\w+)+)'/g)].map(
      (match) => match[1] ?? '',
    );
    expect(named.length).toBeGreaterThan(100);
    expect([...new Set(named)].filter((key) => !known.has(key))).toEqual([]);
  });

  it('are all used, so the catalogs hold no dead text', () => {
    const code = codeNamingKeys();
    // A key is used by name, or through one of its parents in a template (nav.${resource},
    // shortcuts.names.${id} for shortcuts.names.list.customers), or with its siblings as one object
    // (t('keys', { returnObjects: true })); a plural form (search.matches_one) by the name of the
    // plural (search.matches, with a count).
    const unused = keysOf(en).filter((key) => {
      const parents = key
        .split('.')
        .slice(0, -1)
        .map((_, index, parts) => parts.slice(0, index + 1).join('.'));
      const plural = key.replace(/_(zero|one|two|few|many|other)$/, '');
      return (
        !code.includes(`'${key}'`) &&
        !code.includes(`'${plural}'`) &&
        !parents.some(
          (parent) =>
            code.includes(`\`${parent}.\${`) || code.includes(`'${parent}', { returnObjects: true }`),
        )
      );
    });
    expect(unused).toEqual([]);
  });
});
