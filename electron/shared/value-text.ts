import type { Language } from './api-rules.js';
import { localeOf } from './locale.js';

// Values written as the app writes them in every place a person reads them: the tables, the
// customer's card, its record as a PDF.

/** Money writers made so far, by locale and currency: an Intl formatter is costly to make, cheap to use. */
const moneyWriters = new Map<string, (amount: number) => string>();
/** Bounds the writers kept (a broken API may send a new currency code on every row). */
const MONEY_WRITERS_KEPT = 64;

/**
 * An amount in `currency` as the language writes it ("€492.50", « 492,50 € »). A code Intl does not
 * know ("euro", "") is written after the number rather than failing; no code at all is a plain
 * number (the API never says its currency: the Demo's records carry one, another API's may not).
 */
export function formatMoney(amount: number, currency: string | null, language: Language): string {
  const locale = localeOf(language);
  const key = `${locale} ${currency ?? ''}`;
  let writer = moneyWriters.get(key);
  if (!writer) {
    writer = newMoneyWriter(locale, currency);
    if (moneyWriters.size >= MONEY_WRITERS_KEPT) moneyWriters.clear();
    moneyWriters.set(key, writer);
  }
  return writer(amount);
}

function newMoneyWriter(locale: string, currency: string | null): (amount: number) => string {
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  if (currency) {
    try {
      const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
      return (amount) => format.format(amount);
    } catch {
      return (amount) => `${plain.format(amount)} ${currency}`;
    }
  }
  return (amount) => plain.format(amount);
}

/** A country code as the language names it ("FR": "France"), or the code when Intl does not know it. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
