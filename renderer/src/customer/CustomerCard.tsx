import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { ApiRecord, SchemaField } from '@shared/schema';
import { valueKind } from '@shared/value-kind';
import { countryName } from '@shared/value-text';
import { useCopyText, useDetailsOf } from '../data/clipboard';
import { useFieldsOf } from '../data/queries';
import { useCommand } from '../keyboard/commands';
import { failureLine } from '../ui/describe-failure';
import { formatterFor } from '../ui/format';
import { useHeldCustomer } from './useHeldCustomer';
import { useSummaryLines } from './summary-lines';

/** Fields the heading already shows (Copy details puts them first). */
const IN_HEADING = ['id', 'name'];
/** When the API wrote the record: no detail a customer is sent. */
const API_TIMES = ['createdAt', 'updatedAt'];

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
  const copyText = useCopyText();
  const detailsOf = useDetailsOf();
  const [said, setSaid] = useState<string | undefined>();
  // « Copier la fiche »: the customer as a person reads it, to paste into a mail or a ticket.
  const summaryLines = useSummaryLines(customerId);
  const copyDetails = () => {
    if (!record) return;
    // For a mail: the API's timestamps left out, what a customer asks of its agreements added.
    const own = entriesOf(record, fields, language, 'all').filter(({ key }) => !API_TIMES.includes(key));
    const copied = detailsOf([...own, ...summaryLines()]);
    copyText(copied.text, copied.html).then(
      () => setSaid(t('table.copied')),
      (failure: unknown) => setSaid(t('table.copyFailed', { reason: failureLine(t, language, failure) })),
    );
  };
  useCommand('customer.copyDetails', copyDetails, {
    enabled: record !== undefined,
    label: t('copy.details'),
  });
  if (!record) return null;
  const entries = entriesOf(record, fields, language, 'card');
  return (
    <div className="customer-card-block">
      {entries.length > 0 && (
        <dl className="customer-card" aria-label={t('detail.card')}>
          {entries.map(({ key, label, text }) => (
            <div key={key} className="card-field">
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      )}
      <button
        type="button"
        className="card-copy"
        onClick={copyDetails}
        aria-label={t('copy.detailsOf', { id: customerId })}
      >
        {t('copy.details')}
      </button>
      <span className="hint" role="status">
        {said}
      </span>
    </div>
  );
}

/**
 * The record's fields with a value, in the schema's order then the others', labelled and written:
 * those of the card (the heading shows the id and the name), or all of them, the id and name first.
 */
function entriesOf(
  record: ApiRecord,
  fields: readonly SchemaField[] | undefined,
  language: Language,
  which: 'card' | 'all',
): { key: string; label: string; text: string }[] {
  const listed = fields?.map((field) => field.key) ?? [];
  const others = [...listed, ...Object.keys(record).filter((key) => !listed.includes(key))].filter(
    (key) => !IN_HEADING.includes(key),
  );
  const keys = which === 'all' ? [...IN_HEADING, ...others] : others;
  return keys.flatMap((key) => {
    const value = record[key];
    if (value === null || value === undefined || value === '') return [];
    const field = fields?.find((candidate) => candidate.key === key);
    const text =
      field?.format === 'country' && typeof value === 'string'
        ? countryName(value, language)
        : formatterFor(valueKind(field, [value]), field, language)(value, record);
    return [{ key, label: field?.label ?? key, text }];
  });
}
