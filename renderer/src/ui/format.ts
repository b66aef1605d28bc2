import type { Language } from '@shared/api-rules';
import type { SchemaField } from '@shared/schema';
import type { ValueKind } from '@shared/value-kind';
import { formatMoney } from '@shared/value-text';
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
