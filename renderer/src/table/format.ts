import type { Language } from '../../../electron/shared/api-rules';
import type { SchemaField } from '../../../electron/shared/schema';
import type { ValueKind } from '../../../electron/shared/value-kind';
import { localeOf } from '../../../electron/shared/wire';

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
  const locale = localeOf(language);
  const labels = new Map((field?.values ?? []).map((option) => [option.value, option.label]));
  switch (kind) {
    case 'date': {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      // A calendar day is that day wherever the machine is: read and written in UTC.
      return (value) =>
        typeof value === 'string' && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
          ? format.format(new Date(`${value}T00:00:00Z`))
          : text(value);
    }
    case 'date-time': {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
      return (value) =>
        typeof value === 'string' && !Number.isNaN(Date.parse(value))
          ? format.format(new Date(value))
          : text(value);
    }
    case 'number': {
      const plain = new Intl.NumberFormat(locale);
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

/**
 * An amount in `currency` as the language writes it. A code Intl does not know ("euro", "") is
 * written after the number rather than failing the whole table; no code at all is a plain number
 * (the API never says its currency: the Demo's records carry one, another API's may not).
 */
export function formatMoney(amount: number, currency: string | null, language: Language): string {
  const locale = localeOf(language);
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
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
