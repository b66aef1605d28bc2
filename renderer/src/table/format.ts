import type { Language } from '../../../electron/shared/api-rules';
import type { SchemaField } from '../../../electron/shared/schema';
import { localeOf } from '../../../electron/shared/wire';

/** Turns a record value into the text a cell shows, by the field's type, in the current locale. */
export type CellFormatter = (value: unknown, record: Record<string, unknown>) => string;

/** The formatter of one field: dates, amounts and numbers through Intl; enum codes as their labels. */
export function formatterFor(field: SchemaField | undefined, language: Language): CellFormatter {
  const locale = localeOf(language);
  const labels = new Map((field?.values ?? []).map((option) => [option.value, option.label]));
  switch (field?.type) {
    case 'date': {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      return (value) =>
        typeof value === 'string' ? format.format(new Date(`${value}T00:00:00Z`)) : text(value);
    }
    case 'date-time': {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
      return (value) => (typeof value === 'string' ? format.format(new Date(value)) : text(value));
    }
    case 'number':
    case 'integer': {
      const plain = new Intl.NumberFormat(locale);
      if (field.format !== 'currency')
        return (value) => (typeof value === 'number' ? plain.format(value) : text(value));
      return (value, record) => {
        if (typeof value !== 'number') return text(value);
        const currency = typeof record.currency === 'string' ? record.currency : 'EUR';
        return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
      };
    }
    default:
      return (value) =>
        typeof value === 'string' && labels.has(value) ? (labels.get(value) ?? value) : text(value);
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
