import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import type { Language } from '../../shared/api-rules.js';
import { localeOf } from '../../shared/locale.js';

// The text of a customer's record (customer-pdf.ts lays it out): its words in each language, and
// values made printable at a bounded cost.

/** The record's own words, in each language (the app's catalogue). */
const WORDS: Record<Language, Record<string, string>> = { en: en.customerRecord, fr: fr.customerRecord };

/** One of the record's words in `lang` (`customerRecord.title`), its `{{name}}`s given. */
export function recordWord(
  lang: Language,
  key: `customerRecord.${string}`,
  values: Record<string, string | number> = {},
): string {
  const text = WORDS[lang][key.slice('customerRecord.'.length)] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The longest value the record prints: past it the value is cut with a mark saying how much more
 * there was. A page one sends a customer has no use for a 30,000-character value, and it bounds
 * the work each cell costs.
 */
export const RECORD_VALUE_MAX = 2_000;
/** `text` cut at RECORD_VALUE_MAX characters (never in a surrogate pair), with a mark saying how long it was. */
export function cut(text: string, lang: Language): string {
  if (text.length <= RECORD_VALUE_MAX) return text;
  let kept = text.slice(0, RECORD_VALUE_MAX);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  const total = new Intl.NumberFormat(localeOf(lang)).format(text.length);
  return `${kept} ${recordWord(lang, 'customerRecord.cut', { total })}`;
}

/**
 * `text` with each run of characters wider than `width` (in the font and size set) broken into
 * lines that fit, measured once, character by character: a URL or a code without a space is
 * printed whole over several lines, at a cost that grows with its length, not its square.
 */
export function breakable(doc: PDFKit.PDFDocument, text: string, width: number): string {
  return text.replace(/\S{8,}/g, (run) => {
    if (doc.widthOfString(run) <= width) return run;
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const character of run) {
      const characterWidth = doc.widthOfString(character);
      // A little room kept: characters measured apart may kern closer or wider together.
      if (line && lineWidth + characterWidth > width * 0.95) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += character;
      lineWidth += characterWidth;
    }
    return [...lines, line].join('\n');
  });
}
