import type { Language } from '../../../electron/shared/api-rules';
import type { SchemaField } from '../../../electron/shared/schema';
import type { ValueKind } from '../../../electron/shared/value-kind';
import { localeOf } from '../../../electron/shared/wire';
import { dateTimeFormat, numberFormat } from '../i18n/intl';

/** Turns a record value into the text a cell shows, by the field's type, in the current locale. */
export type CellFormatter = (value: unknown, record: Record<string, unknown>) => string;

/**
 * The formatter of one field of kind `kind` (value-kind.ts): dates, amounts and numbers through
 * Intl in the language shown; enum codes as their labels; objects and lists as readable text.
 */
export function formatterFor(
  kind: ValueKind,
  field: SchemaField | undefined,
  language: Language,
): CellFormatter {
  const labels = new Map((field?.values ?? []).map((option) => [option.value, option.label]));
  switch (kind) {
    case 'date': {
      const format = dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
      // A calendar day is that day wherever the machine is: read and written in UTC.
      return (value) => dateText(format, value, (day) => `${day}T00:00:00Z`);
    }
    case 'date-time': {
      const format = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
      return (value) => dateText(format, value, (moment) => moment);
    }
    case 'number': {
      const plain = numberFormat(language);
      if (field?.format !== 'currency')
        return (value) => (typeof value === 'number' ? plain.format(value) : text(value));
      return (value, record) =>
        typeof value === 'number'
          ? formatMoney(value, typeof record.currency === 'string' ? record.currency : null, language)
          : text(value);
    }
    default:
      return (value) =>
        typeof value === 'string' && labels.has(value) ? (labels.get(value) ?? value) : text(value);
  }
}

/** A date value through `format` (read once), or, when it is no date, the value as text. */
function dateText(format: Intl.DateTimeFormat, value: unknown, asDate: (text: string) => string): string {
  if (typeof value !== 'string') return text(value);
  const date = new Date(asDate(value));
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** Money writers made so far, by locale and currency: an Intl formatter is costly to make, cheap to use. */
const moneyWriters = new Map<string, (amount: number) => string>();
/** Bounds the writers kept (a broken API may send a new currency code on every row). */
const MONEY_WRITERS_KEPT = 64;

/** Writes amounts in `currency` (or plain amounts) for `locale`. */
function moneyWriter(locale: string, currency: string | null): (amount: number) => string {
  const key = `${locale} ${currency ?? ''}`;
  let writer = moneyWriters.get(key);
  if (!writer) {
    writer = newMoneyWriter(locale, currency);
    if (moneyWriters.size >= MONEY_WRITERS_KEPT) moneyWriters.clear();
    moneyWriters.set(key, writer);
  }
  return writer;
}

/** A currency Intl does not know ("euro", "") is written after a plain number rather than failing. */
function newMoneyWriter(locale: string, currency: string | null): (amount: number) => string {
  if (currency) {
    try {
      const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
      return (amount) => format.format(amount);
    } catch {
      const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      return (amount) => `${plain.format(amount)} ${currency}`;
    }
  }
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (amount) => plain.format(amount);
}

/**
 * An amount in `currency` as the language writes it. A code Intl does not know ("euro", "") is
 * written after the number rather than failing the whole table; no code at all is a plain number
 * (the API never says its currency: the Demo's records carry one, another API's may not).
 */
export function formatMoney(amount: number, currency: string | null, language: Language): string {
  return moneyWriter(localeOf(language), currency)(amount);
}

/** A value as readable text: objects as "key: value" pairs, lists joined, never "[object Object]". */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(
        ([key, inner]) =>
          `${key}: ${typeof inner === 'object' && inner !== null ? `(${text(inner)})` : text(inner)}`,
      )
      .join(', ');
  }
  // JSON holds nothing else; a bigint is the one other value with a text of its own.
  return typeof value === 'bigint' ? value.toString() : '';
}

/** A duration as both languages write it: "6 s", "1 min 40 s", "2 h 5 min", with the locale's digits. */
export function durationText(seconds: number, numbers: Intl.NumberFormat): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3_600);
  const minutes = Math.floor((whole % 3_600) / 60);
  const rest = whole % 60;
  if (hours) return `${numbers.format(hours)} h${minutes ? ` ${numbers.format(minutes)} min` : ''}`;
  if (minutes) return `${numbers.format(minutes)} min${rest ? ` ${numbers.format(rest)} s` : ''}`;
  return `${numbers.format(rest)} s`;
}
