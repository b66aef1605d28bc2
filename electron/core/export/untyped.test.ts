import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, tempDir, wire } from '../testing/wired.js';
import { runExport } from './run-export.js';

// An API whose schema types every field `number` or `string` (dates are ISO strings), as the spec
// allows: the export reads the kinds from the values, as the table does (value-kind.ts).
afterEach(cleanUp);

const records = [
  { id: 'C-1', name: 'Alpha', startDate: '2020-03-01', signedAt: '2020-02-20T10:30:00Z', mrr: 10 },
  { id: 'C-2', name: 'Beta', startDate: '2021-07-15', signedAt: '2021-07-01T08:00:00Z', mrr: 20 },
  { id: 'C-3', name: 'Gamma', startDate: '2019-12-31', signedAt: '2019-12-01T00:00:00Z', mrr: 30 },
];
const schemas = {
  data: [
    {
      resource: 'contacts',
      fields: [
        { key: 'id', label: 'Id', type: 'string' },
        { key: 'name', label: 'Name', type: 'string' },
        { key: 'startDate', label: 'Start', type: 'string' },
        { key: 'signedAt', label: 'Signed', type: 'string' },
        { key: 'mrr', label: 'MRR', type: 'number' },
      ],
    },
  ],
};

describe('an export of an API that types dates as plain strings', () => {
  it('filters them as dates and writes them as date cells', async () => {
    const { connection } = await wire({ records, schemas });
    const dir = await tempDir();
    const view = {
      resource: 'contacts' as const,
      lang: 'en' as const,
      filter: [{ field: 'startDate', op: 'lt' as const, value: '2021-01-01' }],
    };
    const csv = join(dir, 'untyped.csv');
    await runExport(connection.client, { profile: 'other', view, options: { format: 'csv' }, target: csv });
    const rows: string[][] = parse(await readFile(csv));
    expect(rows[0]).toEqual(['Id', 'Name', 'Start', 'Signed', 'MRR']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['C-1', 'C-3']);

    const xlsx = join(dir, 'untyped.xlsx');
    await runExport(connection.client, { profile: 'other', view, options: { format: 'xlsx' }, target: xlsx });
    const [sheet] = await readXlsxFile(xlsx);
    const [, first] = sheet?.data ?? [];
    expect(first?.[2]).toEqual(new Date('2020-03-01T00:00:00Z'));
    expect(first?.[3]).toEqual(new Date('2020-02-20T10:30:00Z'));
    expect(first?.[4]).toBe(10);
  });
});
