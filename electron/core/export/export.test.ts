import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExportProgress, ExportView } from '../../shared/export.js';
import type { ApiRecord, ResourceSchema } from '../../shared/schema.js';
import { traverse } from '../paging.js';
import { startEngine, type Engine } from '../test-kit.js';
import { AuditLog } from './audit-log.js';
import { runExport } from './export.js';

// Round trips: export from the Demo API, read the file back with an independent parser (csv-parse,
// read-excel-file) and compare every cell with the records the API sends for the same view.
let engine: Engine;
let dir: string;
beforeAll(async () => {
  engine = await startEngine({
    // The API's rate limit and the limiter's backoff are limiter.test.ts's subject; here an API ten
    // times as fast, and a short backoff: a storm only has to be ridden out, in seconds.
    demo: {
      seed: 8,
      size: { customers: 1_500, contacts: 300, agreements: 1_400 },
      limits: { requestsPerSecond: 200, burst: 350 },
    },
    limiter: { requestsPerSecond: 200, burst: 350, baseBackoffMs: 5 },
  });
});
afterAll(() => engine.close());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdb-export-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const AGREEMENTS: ExportView = { resource: 'agreements', sort: 'mrr.desc', lang: 'en' };

/** The records of a view as the API sends them (a traversal of its own). */
async function apiRecords(view: ExportView): Promise<ApiRecord[]> {
  const records: ApiRecord[] = [];
  for await (const page of traverse(engine.client, { ...view, size: 500 })) records.push(...page.rows);
  return records;
}

async function schemaOf(view: ExportView): Promise<ResourceSchema> {
  const listing = await engine.client.schemas(view.lang);
  const schema = listing.schemas?.find((candidate) => candidate.resource === view.resource);
  if (!schema) throw new Error('no schema');
  return schema;
}

/** A cell as the CSV must hold it: empty for null, ' before formula-like text. */
function expectedCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Files left in the export folder (temporary files included). */
const filesIn = () => readdir(dir);

describe('CSV', () => {
  it('holds every record of the view, every cell as the API sent it, with schema labels as header', async () => {
    const view: ExportView = { resource: 'customers', sort: 'createdAt.desc', lang: 'en' };
    const target = join(dir, 'customers.csv');
    const result = await runExport(engine.client, {
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
    rows.forEach((row, i) => {
      expect(row).toEqual(schema.fields.map((field) => expectedCsvCell(records[i]?.[field.key])));
    });
  });

  it('neutralises formula-like text, and keeps commas, quotes, line breaks and other scripts intact', async () => {
    const view: ExportView = { resource: 'customers', lang: 'en', columns: ['id', 'name', 'street'] };
    const target = join(dir, 'names.csv');
    await runExport(engine.client, { profile: 'Demo', view, options: { format: 'csv' }, target });
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
    const target = join(dir, 'contrats.csv');
    await runExport(engine.client, {
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
    const target = join(dir, 'filtered.csv');
    const result = await runExport(engine.client, {
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
    expect(rows).toEqual(
      expected.map((record) => [record.mrr, record.status, record.id, record.startDate].map(expectedCsvCell)),
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
    const target = join(dir, 'contacts.jsonl');
    await runExport(engine.client, { profile: 'Demo', view, options: { format: 'jsonl' }, target });
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
    const target = join(dir, 'contrats.xlsx');
    await runExport(engine.client, { profile: 'Demo', view, options: { format: 'xlsx' }, target });
    const schema = await schemaOf(view);
    const records = (await apiRecords({ ...view, filter: undefined })).filter((record) =>
      (record.customerId as string).includes('1'),
    );
    const [sheet] = await readXlsxFile(target);
    const [header, ...rows] = sheet?.data ?? [];
    expect(header).toEqual(schema.fields.map((field) => field.label));
    expect(rows).toHaveLength(records.length);
    rows.forEach((row, i) => {
      schema.fields.forEach((field, column) => {
        const value = records[i]?.[field.key];
        const cell = row[column];
        if (value === null) expect(cell).toBeNull();
        else if (field.type === 'date') expect(cell).toEqual(new Date(`${value as string}T00:00:00Z`));
        // Excel keeps instants as fractions of a day: read back, they may be a millisecond off.
        else if (field.type === 'date-time')
          expect(Math.abs(Number(cell) - Date.parse(value as string))).toBeLessThanOrEqual(1);
        else expect(cell).toEqual(value);
      });
    });
  });
});

describe('safety', () => {
  it('creates the file readable by the user only, leaves no temporary file, and logs the export without data', async () => {
    const auditLog = new AuditLog(join(dir, 'audit', 'exports.log'));
    const target = join(dir, 'customers.xlsx');
    const view: ExportView = {
      resource: 'customers',
      lang: 'en',
      filter: [{ field: 'name', op: 'contains', value: 'Dupont' }],
    };
    const result = await runExport(
      engine.client,
      { profile: 'Demo', view, options: { format: 'xlsx' }, target },
      { auditLog },
    );
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await filesIn()).toEqual(['audit', 'customers.xlsx']);
    const [entry] = await auditLog.recent(5);
    expect(entry).toMatchObject({
      profile: 'Demo',
      view: { resource: 'customers', lang: 'en', filter: [{ field: 'name', op: 'contains' }] },
      format: 'xlsx',
      rows: result.rows,
      path: target,
      outcome: 'completed',
    });
    const logText = await readFile(auditLog.path, 'utf8');
    expect(logText).not.toContain('Dupont');
  });

  it('reports progress: records, pages, rate, the view total and an ETA', async () => {
    const seen: ExportProgress[] = [];
    engine.demo.faults.delayNext(6, 150);
    await runExport(
      engine.client,
      {
        profile: 'Demo',
        view: AGREEMENTS,
        options: { format: 'jsonl', pageSize: 100 },
        target: join(dir, 'a.jsonl'),
      },
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(seen.length).toBeGreaterThan(1);
    const last = seen.at(-1);
    expect(last).toMatchObject({ records: 1_400, scanned: 1_400, pages: 14, total: 1_400, restarted: false });
    expect(last?.recordsPerSecond).toBeGreaterThan(0);
    expect(seen.some((progress) => progress.etaSeconds !== undefined && progress.etaSeconds > 0)).toBe(true);
    expect(seen.map((progress) => progress.records)).toEqual(
      [...seen.map((progress) => progress.records)].sort((a, b) => a - b),
    );
  });
});

describe('faults leave the complete file or nothing', () => {
  const exportAgreements = (target: string, signal?: AbortSignal, onProgress?: (p: ExportProgress) => void) =>
    runExport(
      engine.client,
      { profile: 'Demo', view: AGREEMENTS, options: { format: 'csv', pageSize: 100 }, target },
      { signal, onProgress },
    );

  const expectComplete = async (target: string) => {
    const rows = parse(await readFile(target, 'utf8')).slice(1);
    const records = await apiRecords(AGREEMENTS);
    expect(rows.map((row) => row[0])).toEqual(records.map((record) => record.id));
  };

  it('cancelled mid-way: nothing at the target, no temporary file, and an earlier file untouched', async () => {
    const target = join(dir, 'agreements.csv');
    await writeFile(target, 'the previous export\r\n');
    const controller = new AbortController();
    engine.demo.faults.delayNext(20, 30);
    const run = exportAgreements(target, controller.signal, (progress) => {
      if (progress.pages >= 2) controller.abort();
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readFile(target, 'utf8')).toBe('the previous export\r\n');
    expect(await filesIn()).toEqual(['agreements.csv']);
  });

  it('through a 503 storm: the complete file', async () => {
    const target = join(dir, 'storm.csv');
    const overloadsBefore = engine.limiter.stats().overloadAnswers;
    // Near the end of the 14 pages, so the slowed rate has few pages left to recover over.
    engine.demo.faults.failNext(6, {}, 11);
    await exportAgreements(target);
    expect(engine.limiter.stats().overloadAnswers - overloadsBefore).toBe(6);
    await expectComplete(target);
  });

  it('through a token expiry mid-export: the complete file, after one renewal', async () => {
    const target = join(dir, 'renewed.csv');
    const before = engine.demo.counters.tokenRequests;
    engine.demo.faults.revokeTokens(3);
    await exportAgreements(target);
    await expectComplete(target);
    expect(engine.demo.counters.tokenRequests).toBe(before + 1);
  });

  it('after one invalid cursor: restarted once, the complete file with no row twice', async () => {
    const target = join(dir, 'restarted.csv');
    const seen: ExportProgress[] = [];
    const invalidCursor = {
      status: 400,
      body: JSON.stringify({ status: 'error', message: 'invalid cursor' }),
    };
    engine.demo.faults.failNext(1, invalidCursor, 4);
    await exportAgreements(target, undefined, (progress) => seen.push(progress));
    await expectComplete(target);
    expect(seen.at(-1)?.restarted).toBe(true);
  });

  it('after a second invalid cursor: fails cleanly, nothing at the target', async () => {
    const target = join(dir, 'failed.csv');
    // A cursor page refused, then again after the restart.
    engine.demo.faults.failNext(1, { status: 400 }, 3);
    engine.demo.faults.failNext(1, { status: 400 }, 3);
    await expect(exportAgreements(target)).rejects.toMatchObject({ code: 'invalid-cursor' });
    expect(await filesIn()).toEqual([]);
  });

  it.each([
    [
      'a folder that does not exist',
      () => join(dir, 'missing', 'x.csv'),
      /^the folder .*missing does not exist: create it, or export to another one$/,
    ],
    ['a place nobody may write, root included', () => '/proc/cdb-export.csv', /ENOENT|EACCES|EROFS/],
  ])('to %s: fails before fetching anything', async (_kind, target, message) => {
    const requests = engine.demo.counters.apiRequests;
    await expect(exportAgreements(target())).rejects.toThrow(message);
    expect(engine.demo.counters.apiRequests - requests).toBeLessThanOrEqual(1);
  });

  it('with a filter that cannot apply: fails naming the field, nothing written', async () => {
    const target = join(dir, 'bad.csv');
    const view: ExportView = { ...AGREEMENTS, filter: [{ field: 'mrr', op: 'gt', value: 'lots' }] };
    await expect(
      runExport(engine.client, { profile: 'Demo', view, options: { format: 'csv' }, target }),
    ).rejects.toThrow(/^mrr: "lots" is not a number/);
    await expect(
      runExport(engine.client, {
        profile: 'Demo',
        view: { ...AGREEMENTS, columns: ['mrr', 'nope'] },
        options: { format: 'csv' },
        target,
      }),
    ).rejects.toThrow(/columns: "nope" is not a field of agreements/);
    await expect(
      runExport(engine.client, {
        profile: 'Demo',
        view: { ...AGREEMENTS, filter: [{ field: 'stauts', op: 'eq', value: 'active' }] },
        options: { format: 'csv' },
        target,
      }),
    ).rejects.toThrow(/^stauts: not a field of agreements/);
    expect(await filesIn()).toEqual([]);
  });
});
