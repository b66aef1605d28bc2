import { describe, expect, it } from 'vitest';
import { formatterFor } from './format';

// Intl writes French groups with a narrow no-break space (U+202F) and currency after a no-break space.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('cell formatting by the field type the schema gives, in the language shown', () => {
  it('writes numbers with the locale’s separators', () => {
    const field = { key: 'seats', type: 'integer' } as const;
    expect(formatterFor('number', field, 'en')(1234567, {})).toBe('1,234,567');
    expect(formatterFor('number', field, 'fr')(1234567, {})).toBe(`1${NNBSP}234${NNBSP}567`);
  });

  it('writes amounts in the record’s own currency', () => {
    const field = { key: 'mrr', type: 'number', format: 'currency' } as const;
    expect(formatterFor('number', field, 'en')(1234.5, { currency: 'USD' })).toBe('US$1,234.50');
    expect(formatterFor('number', field, 'fr')(1234.5, { currency: 'EUR' })).toBe(`1${NNBSP}234,50${NBSP}€`);
  });

  it('writes a currency Intl does not know after the amount, and no currency as a plain number', () => {
    const field = { key: 'mrr', type: 'number', format: 'currency' } as const;
    expect(formatterFor('number', field, 'en')(1234.5, { currency: 'euro' })).toBe('1,234.5 euro');
    expect(formatterFor('number', field, 'en')(1234.5, {})).toBe('1,234.5');
  });

  it('writes a date as that calendar day, wherever the machine is', () => {
    const field = { key: 'startDate', type: 'date' } as const;
    expect(formatterFor('date', field, 'en')('2020-01-05', {})).toBe('5 Jan 2020');
    expect(formatterFor('date', field, 'fr')('2020-01-05', {})).toBe('5 janv. 2020');
  });

  it('shows an enum code as its label, and an unknown code as sent', () => {
    const field = { key: 'status', type: 'string', values: [{ value: 'active', label: 'Actif' }] };
    const format = formatterFor('text', field, 'fr');
    expect(format('active', {})).toBe('Actif');
    expect(format('paused', {})).toBe('paused');
  });

  it('shows what does not fit its type as text, and nothing for a missing value', () => {
    const format = formatterFor('number', { key: 'mrr', type: 'number' }, 'en');
    expect(format('n/a', {})).toBe('n/a');
    expect(format(null, {})).toBe('');
    expect(formatterFor('date', undefined, 'en')('soon', {})).toBe('soon');
  });

  it('shows objects and lists as readable text, never [object Object]', () => {
    const format = formatterFor('object', undefined, 'en');
    expect(format({ city: 'Lyon', geo: { lat: 45.7 } }, {})).toBe('city: Lyon, geo: (lat: 45.7)');
    expect(format(['a', 'b'], {})).toBe('a, b');
  });
});
