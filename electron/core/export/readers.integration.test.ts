import { rm } from 'node:fs/promises';

import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportOptions } from '../../shared/export.js';
import { connect, type Connection } from '../api/connect.js';
import { GrantLedger } from '../auth/grant-ledger.js';
import { LimiterRegistry } from '../rate/limiter-registry.js';
import { profileFor, startOtherApi, type OtherApi } from '../testing/other-api.js';
import { calcRows, openpyxlRows, pythonCsv, pythonJsonLines, strictCsv } from '../testing/readers.js';
import { TokenManagers } from '../auth/token-managers.js';
import { Vault } from '../auth/vault.js';
import { runExport } from './run-export.js';
import { makeTempFolder } from '../testing/temp-folder.js';

// Exports read back with the readers our users have, not with the library that wrote them:
// Python's csv module, csv-parse in a strict configuration, openpyxl (Debian's python3-openpyxl),
// read-excel-file, and LibreOffice Calc (Debian's libreoffice-calc-nogui, headless). The data is
// what real records hold: line breaks of every kind, quotes, both delimiters, leading, trailing and
// inner spaces and tabs, formula-like text, control characters, emoji, other scripts, dates, and a
// value longer than Excel's cell limit. Every record must come back exactly once, every cell equal
// to its source or to its documented form (docs/using.md, "Exported files").

const LONG = `${'long text '.repeat(3_999)}🎉`; // 40,000 characters, an emoji across Excel's limit
const RECORDS: Record<string, unknown>[] = [
  { id: 'lf', name: 'line\nbreak', mrr: 1999.5 },
  { id: 'cr', name: 'carriage\rreturn', mrr: -12 },
  { id: 'crlf', name: 'both\r\nends', mrr: 0 },
  { id: 'quotes', name: 'say "hi", then; leave', mrr: 1e21 },
  { id: 'formula', name: '=1+1', mrr: null },
  { id: 'spaced-formula', name: '  =HYPERLINK("http://x")', mrr: 3 },
  { id: 'full-width', name: '＝1+1 ＋ －1 ＠SUM', mrr: 4 },
  { id: 'plus', name: '+33 1 23 45 67 89', mrr: 5 },
  { id: 'minus', name: '-2', mrr: 6 },
  { id: 'at', name: '@SUM(A1)', mrr: 7 },
  { id: 'tab', name: '\tindented', mrr: 8 },
  { id: 'controls', name: 'nul\u0000byte\u0007bell\u001b[0m', mrr: 9 },
  { id: 'control-formula', name: '\u0001=cmd|calc', mrr: 10 },
  { id: 'emoji', name: '👩‍💻 Zoë 🎉', mrr: 11 },
  { id: 'scripts', name: 'Ελληνικά 日本語 العربية Ñandú', mrr: 12 },
  { id: 'long', name: LONG, mrr: 13 },
  { id: 'empty', name: '', mrr: 14 },
  { id: 'padded', name: ' padded ', mrr: 15, signedOn: '2024-03-01' },
  { id: 'inner', name: 'inner  double   spaces', mrr: 16.25, signedOn: '1999-12-31' },
  { id: 'tabs', name: 'tab\tinside and trailing\t', mrr: 17 },
  { id: 'blank', name: '   ', mrr: 18, signedOn: '2030-01-15' },
];
// Header labels come from the API's schema, which may hold what a cell may.
const SCHEMAS = {
  data: [
    {
      resource: 'contacts',
      fields: [
        { key: 'id', label: 'Id' },
        { key: 'name', label: '=Name' },
        { key: 'mrr', label: 'MRR, "€"\n(monthly)', type: 'number' },
        { key: 'signedOn', label: ' Signed on ', type: 'date' },
      ],
    },
  ],
};

let api: OtherApi;
let connection: Connection;
let dir: string;
let limiters: LimiterRegistry;
beforeAll(async () => {
  api = await startOtherApi({ records: RECORDS, schemas: SCHEMAS });
  dir = await makeTempFolder('cdb-readers-');
  limiters = new LimiterRegistry();
  const vault = new Vault(undefined, 'readers', 'the test keeps its secret in memory');
  connection = connect(profileFor(api), {
    tokens: new TokenManagers({ vault, ledger: await GrantLedger.open(undefined) }),
    limiters,
    readSecret: () => Promise.resolve(api.clientSecret),
  });
});
afterAll(async () => {
  limiters.closeAll();
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

/** Exports the contacts with `options` (4 records a page, so records cross page boundaries). */
async function exported(name: string, options: ExportOptions): Promise<string> {
  const target = join(dir, name);
  const result = await runExport(connection.client, {
    profile: 'readers',
    view: { resource: 'contacts', lang: 'en' },
    options: { pageSize: 4, ...options },
    target,
  });
  expect(result.rows).toBe(RECORDS.length);
  return target;
}

/** The documented CSV form of a text (docs/using.md, "Exported files"), written out here independently. */
function csvForm(text: string): string {
  const clean = [...text]
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .filter((character) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(character))
    .join('');
  return /^(?:[\t\r]|[\s\p{Cc}]*[=+\-@＝＋－＠])/u.test(clean) ? `'${clean}` : clean;
}

const XLSX_LIMIT = 32_767;

describe.each([
  ['standard', { format: 'csv', delimiter: ',' } as const],
  ['Excel (French)', { format: 'csv', delimiter: ';', bom: true, decimalComma: true } as const],
])('CSV, %s preset', (preset, options) => {
  const number = (value: unknown) =>
    typeof value !== 'number'
      ? ''
      : 'decimalComma' in options
        ? String(value).replace('.', ',')
        : String(value);
  const expected = [
    ['Id', "'=Name", 'MRR, "€"\n(monthly)', ' Signed on '],
    ...RECORDS.map((record) => [
      record.id as string,
      csvForm(record.name as string),
      number(record.mrr),
      (record.signedOn as string | undefined) ?? '',
    ]),
  ];

  it('reads back the same with Python’s csv module and with a strict RFC 4180 parser', async () => {
    const path = await exported(`contacts-${preset}.csv`, options);
    expect(await pythonCsv(path, options.delimiter)).toEqual(expected);
    expect(await strictCsv(path, options.delimiter)).toEqual(expected);
  });

  it('writes the risky cells in their documented forms', async () => {
    const rows = await pythonCsv(await exported(`risky-${preset}.csv`, options), options.delimiter);
    const cell = (id: string) => rows.find((row) => row[0] === id)?.[1];
    expect(cell('lf')).toBe('line\nbreak');
    expect(cell('cr')).toBe('carriage\rreturn');
    expect(cell('formula')).toBe("'=1+1");
    expect(cell('spaced-formula')).toBe('\'  =HYPERLINK("http://x")');
    expect(cell('full-width')).toBe("'＝1+1 ＋ －1 ＠SUM");
    expect(cell('tab')).toBe("'\tindented");
    expect(cell('controls')).toBe('nulbytebell[0m');
    expect(cell('control-formula')).toBe("'=cmd|calc");
    expect(cell('long')).toBe(LONG);
    expect(rows.find((row) => row[0] === 'lf')?.[2]).toBe(preset === 'standard' ? '1999.5' : '1999,5');
  });
});

describe('CSV for French Excel, opened in LibreOffice Calc with the French locale', () => {
  it('gives numbers equal to the server’s and dates as dates', async () => {
    const path = await exported('contacts-calc.csv', {
      format: 'csv',
      delimiter: ';',
      bom: true,
      decimalComma: true,
    });
    // `;`, `"`, UTF-8, from line 1, standard columns, French (1036), quoted text as text, special numbers detected.
    const rows = await calcRows(dir, path, 'CSV:59,34,76,1,,1036,false,true');
    expect(rows.slice(1).map((row) => row[0])).toEqual(RECORDS.map((record) => record.id));
    for (const [index, record] of RECORDS.entries()) {
      const [, , mrr = null, signedOn = null] = rows[index + 1] ?? [];
      expect(mrr).toEqual(record.mrr);
      expect(signedOn).toEqual(
        record.signedOn === undefined ? null : `${record.signedOn as string} 00:00:00`,
      );
    }
  }, 120_000);
});

describe('XLSX', () => {
  const text = (value: string) => {
    const clean = value
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\r\n?/g, '\n');
    return clean === '' ? null : clean;
  };

  /** Each reader's rows, with how it writes a date. */
  const readers: [string, (path: string) => Promise<unknown[][]>, (day: string) => unknown][] = [
    ['openpyxl', openpyxlRows, (day) => `${day} 00:00:00`],
    [
      'read-excel-file',
      // read-excel-file trims text by default (its choice, not the file's): the cells as written.
      async (path) => (await readXlsxFile(path, { trim: false }))[0]?.data ?? [],
      (day) => new Date(`${day}T00:00:00Z`),
    ],
    ['LibreOffice Calc', (path) => calcRows(dir, path), (day) => `${day} 00:00:00`],
  ];

  it.each(readers)(
    'opens in %s with every cell equal to its source, the long one cut with a marker',
    async (reader, rowsOf, dateOf) => {
      const path = await exported(`contacts-${reader.replace(/\W/g, '')}.xlsx`, { format: 'xlsx' });
      {
        const rows = await rowsOf(path);
        expect(rows[0]).toEqual(['Id', '=Name', 'MRR, "€"\n(monthly)', ' Signed on ']);
        expect(rows.slice(1).map((row) => row[0])).toEqual(RECORDS.map((record) => record.id));
        for (const [index, record] of RECORDS.entries()) {
          // An empty cell at the end of a row may come back as a shorter row: empty all the same.
          const [, name = null, mrr = null, signedOn = null] = rows[index + 1] ?? [];
          expect(mrr).toEqual(record.mrr);
          expect(signedOn).toEqual(record.signedOn === undefined ? null : dateOf(record.signedOn as string));
          if (record.id === 'long') {
            expect((name as string).length).toBeLessThanOrEqual(XLSX_LIMIT);
            expect(name).toMatch(/^(long text )+.*\[…cut\]$/);
            expect(LONG.startsWith((name as string).replace(' […cut]', ''))).toBe(true);
          } else {
            expect(name, `${reader}: ${record.id as string}`).toEqual(text(record.name as string));
          }
        }
      }
    },
    120_000,
  );

  it('says how many cells it cut', async () => {
    const result = await runExport(connection.client, {
      profile: 'readers',
      view: { resource: 'contacts', lang: 'en' },
      options: { format: 'xlsx' },
      target: join(dir, 'cut.xlsx'),
    });
    expect(result.cutCells).toBe(1);
  });
});

describe('JSON Lines', () => {
  it('holds each record exactly as the API sent it, read back with Python’s json', async () => {
    const path = await exported('contacts.jsonl', { format: 'jsonl' });
    expect(await pythonJsonLines(path)).toEqual(RECORDS);
  });
});
