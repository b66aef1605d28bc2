import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import type { ApiRecord, SchemaField } from '../../../electron/shared/schema';
import { valueKind } from '../../../electron/shared/value-kind';
import { useFieldsOf } from '../data/queries';
import { formatterFor } from '../ui/format';
import { useHeldCustomer } from './useHeldCustomer';

/** Fields the heading already shows. */
const IN_HEADING = new Set(['id', 'name']);

/**
 * The customer's own fields at the top of its page (address, phone, email, country, created…), in
 * the schema's order, labelled and written as the tables write them. The record comes from what the
 * app already holds — a row of a list seen, or the customers held for search — never from a read of
 * its own: a customer opened by a pasted id shows them once its name is looked up.
 */
export function CustomerCard({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const fields = useFieldsOf('customers', language);
  const record = useHeldCustomer(customerId, language);
  if (!record) return null;
  const entries = entriesOf(record, fields, language);
  if (!entries.length) return null;
  return (
    <dl className="customer-card" aria-label={t('detail.card')}>
      {entries.map(({ key, label, text }) => (
        <div key={key} className="card-field">
          <dt>{label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The record's fields with a value, in the schema's order then the others', labelled and written. */
function entriesOf(
  record: ApiRecord,
  fields: readonly SchemaField[] | undefined,
  language: Language,
): { key: string; label: string; text: string }[] {
  const listed = fields?.map((field) => field.key) ?? [];
  const keys = [...listed, ...Object.keys(record).filter((key) => !listed.includes(key))];
  return keys.flatMap((key) => {
    const value = record[key];
    if (IN_HEADING.has(key) || value === null || value === undefined || value === '') return [];
    const field = fields?.find((candidate) => candidate.key === key);
    const text =
      field?.format === 'country' && typeof value === 'string'
        ? countryName(value, language)
        : formatterFor(valueKind(field, [value]), field, language)(value, record);
    return [{ key, label: field?.label ?? key, text }];
  });
}

/** A country code as the language names it ("FR": "France"), or the code when Intl does not know it. */
function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
