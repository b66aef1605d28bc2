import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Language } from '../../shared/api-rules.js';
import { summarize } from '../../shared/agreement-summary.js';
import { daysLeft, isDeadlineField } from '../../shared/deadline.js';
import { RECORD_FORMAT } from '../../shared/export.js';
import type { ApiRecord, SchemaField } from '../../shared/schema.js';
import { labelsOf, type LabelOf } from '../../shared/search.js';
import { labelEndOf, localeOf } from '../../shared/locale.js';
import { countryName, formatMoney } from '../../shared/value-text.js';
import type { ApiClient } from '../api/api-client.js';
import { traverse } from '../api/paging.js';
import { AppError, describeForLog, isAbort } from '../engine-errors.js';
import { writeRecordPdf, type RecordTable } from './customer-pdf.js';
import { recordWord } from './record-text.js';
import type { ExportHooks } from './run-export.js';
import { progressTracker } from './progress-tracker.js';
import { TempFile } from './temp-file.js';

export interface CustomerRecordRequest {
  /** Its id in the audit log (a new one when not given). */
  id?: string;
  /** The connection's name: the audit log says it. */
  profile: string;
  customerId: string;
  lang: Language;
  /** Where the PDF goes (relative paths are from the current folder). */
  target: string;
  /**
   * The customer's own record when the caller holds it (the customers held for search), and when
   * it was read. The API has no route for one customer: without it, its customers are read until
   * it is found.
   */
  customer?: HeldCustomer;
}

/** A customer's record as a list held for search has it, and when that list was read. */
export interface HeldCustomer {
  record: ApiRecord;
  asOf: Date;
}

/**
 * Fields the record leaves out, a page one sends the customer: the customer its rows all name, when
 * the API wrote them, a status's label beside the status, the currency each amount carries, a
 * contact's id in the API (the agreements keep theirs: the customer quotes them).
 */
const LEFT_OUT = new Set(['customerId', 'createdAt', 'updatedAt', 'statusLabel', 'currency']);
const LEFT_OUT_OF_CONTACTS = new Set([...LEFT_OUT, 'id']);
const PAGE = 500;

/**
 * A customer's record as a PDF (customer-pdf.ts), made by one engine for the app, the browser host
 * and `cdb export --customer … --format pdf`: its fields, the summary of its agreements, every
 * agreement and contact, read from the API at export priority in 500-row pages, written to a
 * temporary file beside the target that replaces it only when whole (mode 0600), with an audit log
 * line whatever the outcome, as an export's.
 */
export async function runCustomerRecord(
  client: ApiClient,
  request: CustomerRecordRequest,
  hooks: ExportHooks = {},
): Promise<{ path: string; rows: number }> {
  const { customerId, lang, profile } = request;
  const path = resolve(request.target);
  const id = request.id ?? randomUUID();
  const { signal } = hooks;
  const tracker = progressTracker(hooks.onProgress);
  const { progress } = tracker;
  const view = { resource: 'customers' as const, customerId, lang };
  await hooks.auditLog?.started({
    id,
    time: new Date().toISOString(),
    profile,
    view,
    format: RECORD_FORMAT,
    path,
  });
  let temp: TempFile | undefined;
  try {
    const listing = await client.schemas(lang, { signal, priority: 'export' });
    const fieldsOf = (resource: string) =>
      listing.schemas?.find((schema) => schema.resource === resource)?.fields ?? [];
    const read = async (resource: 'agreements' | 'contacts') => {
      const rows: ApiRecord[] = [];
      for await (const page of traverse(
        client,
        { resource, customerId, size: PAGE, lang },
        { signal, priority: 'export', restarts: 1 },
      )) {
        if (page.restarted) rows.length = 0;
        rows.push(...page.rows);
        progress.records += page.rows.length;
        progress.scanned += page.rows.length;
        progress.pages++;
        tracker.report();
      }
      return rows;
    };
    const customer =
      request.customer?.record ??
      (await findCustomer(client, customerId, lang, signal, (rows) => {
        progress.scanned += rows;
        progress.pages++;
        tracker.report();
      }));
    const agreements = await read('agreements');
    const contacts = await read('contacts');
    // Every row read is told before the record is done: its line and the audit log count the same.
    tracker.report(true);
    const readAt = new Date();
    const shown = shownValues(lang);
    const customerFields = fieldsOf('customers');
    const customerLabels = labelsOf(customerFields);
    temp = await TempFile.beside(path);
    await writeRecordPdf(
      {
        lang,
        customerId,
        name: typeof customer.name === 'string' ? customer.name : customerId,
        readAt,
        ...(request.customer && { fieldsAsOf: request.customer.asOf }),
        fields: fieldsOfRecord(customer, customerFields)
          .filter((field) => !LEFT_OUT.has(field.key))
          .map((field) => [field.label ?? field.key, shown(customer, field, customerLabels)]),
        summary: summaryLines(agreements, lang, readAt),
        agreements: tableOf(agreements, fieldsOf('agreements'), shown, LEFT_OUT),
        contacts: tableOf(contacts, fieldsOf('contacts'), shown, LEFT_OUT_OF_CONTACTS),
      },
      await temp.restart(),
      signal,
    );
    await temp.commit();
    const rows = agreements.length + contacts.length;
    await hooks.auditLog?.ended(id, { outcome: 'completed', rows });
    return { path, rows };
  } catch (error) {
    await temp?.discard();
    await hooks.auditLog
      ?.ended(id, { outcome: isAbort(error) ? 'cancelled' : 'failed', rows: 0, error: describeForLog(error) })
      .catch(() => undefined);
    throw error;
  }
}

/** The customer, read from the API's customers until it comes (the API has no route for one); each page told. */
async function findCustomer(
  client: ApiClient,
  customerId: string,
  lang: Language,
  signal: AbortSignal | undefined,
  onPage: (rows: number) => void,
): Promise<ApiRecord> {
  for await (const page of traverse(
    client,
    { resource: 'customers', size: PAGE, lang },
    { signal, priority: 'export', restarts: 1, readAhead: true },
  )) {
    onPage(page.rows.length);
    const found = page.rows.find((record) => record.id === customerId);
    if (found) return found;
  }
  throw new AppError('not-found', `the API's customers have no ${customerId}: check the customer's id`);
}

/** The fields a record shows: the schema's that it has, else its own keys, in order. */
function fieldsOfRecord(record: ApiRecord, fields: readonly SchemaField[]): SchemaField[] {
  const known = fields.filter((field) => field.key in record);
  return known.length ? known : Object.keys(record).map((key) => ({ key }));
}

/** A table of records, its columns the schema's fields (or the first record's) but those `leftOut`. */
function tableOf(
  records: readonly ApiRecord[],
  fields: readonly SchemaField[],
  shown: Shown,
  leftOut: ReadonlySet<string>,
): RecordTable {
  const columns = (
    fields.length ? [...fields] : Object.keys(records[0] ?? {}).map((key) => ({ key }))
  ).filter((field: SchemaField) => !leftOut.has(field.key));
  const labelOf = labelsOf(fields);
  return {
    labels: columns.map((field: SchemaField) => field.label ?? field.key),
    rows: records.map((record) => columns.map((field) => shown(record, field, labelOf))),
  };
}

type Shown = (record: ApiRecord, field: SchemaField, labelOf: LabelOf) => string;

/**
 * A value as the app shows it in `lang`: a code by its label, an amount in its currency, a country
 * by its name, a number, a date and a time as the language writes them.
 */
function shownValues(lang: Language): Shown {
  const locale = localeOf(lang);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (record, { key: field, format }, labelOf) => {
    // Days to a deadline as they stand today, as the tables show them (deadline.ts), not as the API counted.
    const value = isDeadlineField(field) ? daysLeft(record, field) : record[field];
    if (value === null || value === undefined) return '';
    const label = labelOf(field, value);
    if (label !== undefined) return label;
    if (typeof value === 'number' && format === 'currency')
      return formatMoney(value, typeof record.currency === 'string' ? record.currency : null, lang);
    if (typeof value === 'string' && format === 'country') return countryName(value, lang);
    if (typeof value === 'number') return number.format(value);
    if (typeof value !== 'string') return JSON.stringify(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return date.format(new Date(`${value}T00:00:00Z`));
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))
      return dateTime.format(new Date(value));
    return value;
  };
}

/** The summary's lines: agreements, MRR and ARR per currency, the next deadlines as dates. */
function summaryLines(agreements: readonly ApiRecord[], lang: Language, readAt: Date): [string, string][] {
  const summary = summarize(agreements, readAt.getTime());
  const locale = localeOf(lang);
  const money = (amount: number, currency: string | null) => formatMoney(amount, currency, lang);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const deadline = (found: { days: number; id: string; name: string } | undefined) =>
    found
      ? recordWord(lang, 'customerRecord.deadline', {
          date: day.format(
            new Date(
              Date.UTC(readAt.getUTCFullYear(), readAt.getUTCMonth(), readAt.getUTCDate() + found.days),
            ),
          ),
          name: found.name,
          id: found.id,
        })
      : recordWord(lang, 'customerRecord.none');
  return [
    [recordWord(lang, 'customerRecord.agreementsCount'), String(summary.agreements)],
    [
      recordWord(lang, 'customerRecord.mrr'),
      summary.live.map((total) => money(total.mrr, total.currency)).join(' · ') || '—',
    ],
    [
      recordWord(lang, 'customerRecord.arr'),
      summary.live.map((total) => money(total.arr, total.currency)).join(' · ') || '—',
    ],
    [recordWord(lang, 'customerRecord.nextCommitment'), deadline(summary.nearestEngagement)],
    [recordWord(lang, 'customerRecord.nextNotice'), deadline(summary.nearestNotice)],
    [
      recordWord(lang, 'customerRecord.byStatus'),
      summary.byStatus
        .map((group) => `${group.label ?? group.status ?? '—'}${labelEndOf(lang)}${group.count}`)
        .join(' · '),
    ],
  ];
}
