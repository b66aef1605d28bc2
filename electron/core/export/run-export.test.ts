import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { daysLeft, isDeadlineField } from '../../shared/deadline.js';
import type { ExportView } from '../../shared/export.js';
import type { ApiRecord, SchemaField } from '../../shared/schema.js';
import { AGREEMENTS, exportKit } from '../testing/export-kit.js';
import { runExport } from './run-export.js';

// Round trips: export from the Demo API, read the file back with an independent parser (csv-parse,
// read-excel-file) and compare every cell with the records the API sends for the same view.
const kit = exportKit();
const { apiRecords, schemaOf } = kit;

/**
 * What the table shows for `key` of `record`, which CSV and XLSX hold: days to a deadline as they
 * stand today, codes as the schema's labels (decision 16).
 */
function shown(record: ApiRecord | undefined, field: SchemaField): unknown {
  if (!record) return undefined;
  if (isDeadlineField(field.key)) return daysLeft(record, field.key) ?? null;
  const value = record[field.key];
  return field.values?.find((option) => option.value === value)?.label ?? value;
}

/** A cell as the CSV must hold it: empty for null, ' before formula-like text. */
function expectedCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

describe('CSV', () => {
  it('holds every record of the view, every cell as the API sent it, with schema labels as header', async () => {
    const view: ExportView = { resource: 'customers', sort: 'createdAt.desc', lang: 'en' };
    const target = join(kit.dir, 'customers.csv');
    const result = await runExport(kit.engine.client, {
      profile: 'Demo',
      view,
      options: { format: 'csv' },
      target,
    });
    const schema = await schemaOf(view);
    const records = await apiRecords(view);
    const text = await readFile(target, 'utf8');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text).toContain('\r\n');
    const [header, ...rows] = parse(text, { relax_column_count: false });
    expect(header).toEqual(schema.fields.map((field) => field.label));
    expect(rows).toHaveLength(records.length);
    expect(result.rows).toBe(records.length);
    expect(rows).toEqual(
      records.map((record) => schema.fields.map((field) => expectedCsvCell(shown(record, field)))),
    );
  });

  it('neutralises formula-like text, and keeps commas, quotes, line breaks and other scripts intact', async () => {
    const view: ExportView = { resource: 'customers', lang: 'en', columns: ['id', 'name', 'street'] };
    const target = join(kit.dir, 'names.csv');
    await runExport(kit.engine.client, { profile: 'Demo', view, options: { format: 'csv' }, target });
    const rows = parse(await readFile(target, 'utf8')).slice(1);
    const records = await apiRecords(view);
    expect(rows).toEqual(
      records.map((record) => [record.id, record.name, record.street].map(expectedCsvCell)),
    );
    const names = rows.map((row) => row[1] ?? '');
    const leads = new Set(names.filter((name) => name.startsWith("'")).map((name) => name[1]));
    expect(leads.size, 'formula-like starts in the data').toBeGreaterThanOrEqual(3);
    expect(names.filter((name) => /^[=+\-@\t\r]/.test(name))).toEqual([]);
    for (const awkward of [',', '"', '\n', '東京', '🎉'])
      expect(
        names.some((name) => name.includes(awkward)),
        awkward,
      ).toBe(true);
  });

  it('writes the French preset: ; between columns, a BOM, French labels, and opens as columns', async () => {
    const view: ExportView = { ...AGREEMENTS, lang: 'fr' };
    const target = join(kit.dir, 'contrats.csv');
    await runExport(kit.engine.client, {
      profile: 'Demo',
      view,
      options: { format: 'csv', delimiter: ';', bom: true },
      target,
    });
    const bytes = await readFile(target);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const rows = parse(text, { delimiter: ';' });
    const header = rows[0] ?? [];
    expect(header).toEqual((await schemaOf(view)).fields.map((field) => field.label));
    expect(header).toContain('Date de début');
    expect(rows.every((row) => row.length === header.length)).toBe(true);
    const records = await apiRecords(view);
    expect(rows.slice(1).map((row) => row[header.indexOf('Statut (libellé)')])).toEqual(
      records.map((record) => expectedCsvCell(record.statusLabel)),
    );
  });

  it('exports only the rows the filter keeps, in the chosen columns and order', async () => {
    const view: ExportView = {
      ...AGREEMENTS,
      columns: ['mrr', 'status', 'id', 'startDate'],
      filter: [
        { field: 'status', op: 'eq', value: 'active' },
        { field: 'mrr', op: 'gte', value: 199 },
        { field: 'startDate', op: 'lt', value: '2024-01-01' },
      ],
    };
    const target = join(kit.dir, 'filtered.csv');
    const result = await runExport(kit.engine.client, {
      profile: 'Demo',
      view,
      options: { format: 'csv' },
      target,
    });
    const expected = (await apiRecords(AGREEMENTS)).filter(
      (record) =>
        record.status === 'active' &&
        (record.mrr as number) >= 199 &&
        (record.startDate as string) < '2024-01-01',
    );
    const [header, ...rows] = parse(await readFile(target, 'utf8'));
    expect(header).toEqual(['MRR', 'Status', 'Agreement ID', 'Start date']);
    const status = (await schemaOf(AGREEMENTS)).fields.find((field) => field.key === 'status');
    expect(status?.values?.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      expected.map((record) =>
        [record.mrr, status && shown(record, status), record.id, record.startDate].map(expectedCsvCell),
      ),
    );
    expect(result).toMatchObject({ rows: expected.length, scanned: 1_400 });
    expect(expected.length).toBeGreaterThan(10);
  });
});

describe('JSON Lines', () => {
  it('writes one record per line exactly as the API sent it', async () => {
    const view: ExportView = {
      resource: 'contacts',
      sort: 'updatedAt.asc',
      lang: 'fr',
      filter: [{ field: 'lastName', op: 'contains', value: 'lefevre' }],
    };
    const target = join(kit.dir, 'contacts.jsonl');
    await runExport(kit.engine.client, { profile: 'Demo', view, options: { format: 'jsonl' }, target });
    const lines = (await readFile(target, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    const expected = (await apiRecords({ ...view, filter: undefined })).filter((record) =>
      ['Lefèvre', 'Lefebvre'].some((name) => (record.lastName as string).startsWith(name)),
    );
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(
      expected.filter((record) => record.lastName === 'Lefèvre'),
    );
  });
});

describe('XLSX', () => {
  it('has the header labels and typed cells: numbers, dates, text', async () => {
    const view: ExportView = {
      ...AGREEMENTS,
      lang: 'fr',
      filter: [{ field: 'customerId', op: 'contains', value: '1' }],
    };
    const target = join(kit.dir, 'contrats.xlsx');
    await runExport(kit.engine.client, { profile: 'Demo', view, options: { format: 'xlsx' }, target });
    const schema = await schemaOf(view);
    const records = (await apiRecords({ ...view, filter: undefined })).filter((record) =>
      (record.customerId as string).includes('1'),
    );
    const [sheet] = await readXlsxFile(target);
    const [header, ...rows] = sheet?.data ?? [];
    expect(header).toEqual(schema.fields.map((field) => field.label));
    expect(rows).toHaveLength(records.length);
    // One comparison of the whole sheet (an assertion per cell took most of the test's time).
    const expected = records.map((record) =>
      schema.fields.map((field) => {
        const value = shown(record, field);
        if (value === null) return null;
        if (field.type === 'date') return new Date(`${value as string}T00:00:00Z`);
        // Excel keeps instants as fractions of a day: read back, they may be a millisecond off.
        // They are written as the clock here reads them, as the table shows them.
        if (field.type === 'date-time') {
          const at = Date.parse(value as string);
          return at - new Date(at).getTimezoneOffset() * 60_000;
        }
        return value;
      }),
    );
    const read = rows.map((row, i) =>
      row.map((cell, column) => {
        const wanted = expected[i]?.[column];
        const instant = schema.fields[column]?.type === 'date-time' && typeof wanted === 'number';
        return instant && Math.abs(Number(cell) - wanted) <= 1 ? wanted : cell;
      }),
    );
    expect(read).toEqual(expected);
  });
});
