import type { Language } from '../../shared/api-rules.js';
import { localeOf } from '../../shared/locale.js';

/** Formats made so far, by currency and language (a broken API may send a new code on every row). */
const made = new Map<string, string>();
const MADE_KEPT = 64;

/**
 * The XLSX number format of an amount in `currency`, as `lang` writes it: its symbol before or after
 * the number, and the currency's own decimals (none for JPY). The separators are the reader's: a
 * number format's "," and "." stand for the locale's own. An unknown or missing currency is an
 * amount with two decimals and its code, if any, after it.
 */
export function moneyFormat(currency: unknown, lang: Language): string {
  const code = typeof currency === 'string' ? currency : '';
  const key = `${lang} ${code}`;
  let format = made.get(key);
  if (format === undefined) {
    format = newMoneyFormat(code, lang);
    if (made.size >= MADE_KEPT) made.clear();
    made.set(key, format);
  }
  return format;
}

function newMoneyFormat(code: string, lang: Language): string {
  const quoted = (text: string) => `"${text.replace(/"/g, '')}"`;
  let intl: Intl.NumberFormat | undefined;
  try {
    intl = code
      ? new Intl.NumberFormat(localeOf(lang), {
          style: 'currency',
          currency: code,
          currencyDisplay: 'narrowSymbol',
        })
      : undefined;
  } catch {
    intl = undefined;
  }
  if (!intl) return code ? `#,##0.00 ${quoted(code)}` : '#,##0.00';
  const digits = intl.resolvedOptions().maximumFractionDigits ?? 2;
  const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  const parts = intl.formatToParts(1);
  const symbol = parts.find((part) => part.type === 'currency')?.value ?? code;
  const before =
    parts.findIndex((part) => part.type === 'currency') < parts.findIndex((part) => part.type === 'integer');
  const positive = before ? `${quoted(symbol)}${number}` : `${number} ${quoted(symbol)}`;
  return `${positive};-${positive}`;
}
