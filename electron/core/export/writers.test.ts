import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { CUT_MARKER, XLSX_CELL_LIMIT } from '../../shared/cells.js';
import type { Column } from './export-columns.js';
import { openWriter } from './writers.js';
import { tempFolders } from '../testing/temp-folder.js';

// The XLSX writer's cells as the file holds them; readers.integration.test.ts reads whole exports
// back with openpyxl, read-excel-file and LibreOffice Calc.

const newFolder = tempFolders('cdb-writer-');

async function xlsxOf(label: string, values: unknown[]): Promise<{ path: string; cutCells: number }> {
  const dir = await newFolder();
  const path = join(dir, 'x.xlsx');
  const writer = await openWriter('xlsx', createWriteStream(path), {
    columns: [{ key: 'v', label, kind: 'text', dayOnly: false }],
    delimiter: ',',
    bom: false,
    decimalComma: false,
    lang: 'en',
    now: Date.now(),
  });
  for (const v of values) await writer.write({ v });
  await writer.close();
  return { path, cutCells: writer.cutCells };
}

describe('XLSX text cells', () => {
  it('are inline strings that keep their spaces, never a formula’s result (t="str")', async () => {
    const { path } = await xlsxOf(' Label ', [' padded ', 'line\nbreak', 'plain']);
    const files = unzipSync(new Uint8Array(await readFile(path)));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).not.toContain('t="str"');
    expect(sheet).toContain(
      '<c r="A1" t="inlineStr"><is><r><t xml:space="preserve"> Label </t></r></is></c>',
    );
    expect(sheet).toContain('<t xml:space="preserve"> padded </t>');
    expect(sheet).toContain('<t xml:space="preserve">line\nbreak</t>');
    // No shared-strings table: memory does not grow with the text exported.
    expect(Object.keys(files)).not.toContain('xl/sharedStrings.xml');
  });

  it('cut header labels at Excel’s limit like cells, and count them', async () => {
    const long = 'h'.repeat(XLSX_CELL_LIMIT + 10);
    const { path, cutCells } = await xlsxOf(long, ['v'.repeat(XLSX_CELL_LIMIT + 1), 'short']);
    expect(cutCells).toBe(2);
    const [sheet] = await readXlsxFile(path, { trim: false });
    const header = String(sheet?.data[0]?.[0]);
    expect(header).toHaveLength(XLSX_CELL_LIMIT);
    expect(header.endsWith(CUT_MARKER)).toBe(true);
    expect(String(sheet?.data[1]?.[0]).endsWith(CUT_MARKER)).toBe(true);
  });
});

describe('CSV and XLSX cells hold what the table shows', () => {
  const NOW = Date.parse('2026-11-27T12:00:00Z');
  const columns: Column[] = [
    { key: 'id', label: 'Id', kind: 'text', dayOnly: false },
    { key: 'status', label: 'Statut', kind: 'text', dayOnly: false, labels: new Map([['active', 'Actif']]) },
    { key: 'notice', label: 'Jours avant préavis', kind: 'number', dayOnly: false },
    { key: 'mrr', label: 'MRR', kind: 'number', dayOnly: false, money: true },
    { key: 'startDate', label: 'Début', kind: 'date', dayOnly: true },
  ];
  const records = [
    // Ends in 40 days; the notice period ends 30 days before: 10 days from today.
    {
      id: 'ahead',
      status: 'active',
      engagement: 300,
      notice: 270,
      endDate: '2027-01-06',
      mrr: 1234.5,
      currency: 'EUR',
      startDate: '2024-03-01',
    },
    // Ended yesterday: no deadline ahead, an empty cell (the API still counts 12).
    {
      id: 'over',
      status: 'active',
      engagement: 12,
      notice: 2,
      endDate: '2026-11-26',
      mrr: 100,
      currency: 'JPY',
      startDate: '2024-03-01',
    },
    // Notice period passed 5 days ago: -5, not the 0 the screen once showed as both.
    {
      id: 'passed',
      status: 'gone',
      engagement: 20,
      notice: 0,
      endDate: '2026-12-12',
      mrr: 3,
      currency: 'USD',
      startDate: '2024-03-01',
    },
  ];

  async function write(format: 'csv' | 'xlsx', lang: 'en' | 'fr'): Promise<string> {
    const path = join(await newFolder(), `x.${format}`);
    const writer = await openWriter(format, createWriteStream(path), {
      columns,
      delimiter: ',',
      bom: false,
      decimalComma: false,
      lang,
      now: NOW,
    });
    for (const record of records) await writer.write(record);
    await writer.close();
    return path;
  }

  it('CSV: days as of today (passed below zero, none once over) and codes as their labels', async () => {
    const text = await readFile(await write('csv', 'fr'), 'utf8');
    expect(text.trimEnd().split('\r\n')).toEqual([
      'Id,Statut,Jours avant préavis,MRR,Début',
      'ahead,Actif,10,1234.5,2024-03-01',
      'over,Actif,,100,2024-03-01',
      'passed,gone,-5,3,2024-03-01',
    ]);
  });

  it('XLSX: the same values, amounts in their currency, dates in the reader’s own order', async () => {
    const path = await write('xlsx', 'fr');
    const [sheet] = await readXlsxFile(path);
    expect(sheet?.data.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ['ahead', 'Actif', 10, 1234.5],
      ['over', 'Actif', null, 100],
      ['passed', 'gone', -5, 3],
    ]);
    const files = unzipSync(new Uint8Array(await readFile(path)));
    const styles = strFromU8(files['xl/styles.xml'] ?? new Uint8Array());
    // French writes the symbol after the amount; yen have no decimals.
    expect(styles).toContain('formatCode="#,##0.00 &quot;€&quot;;-#,##0.00 &quot;€&quot;"');
    expect(styles).toContain('formatCode="#,##0 &quot;¥&quot;;-#,##0 &quot;¥&quot;"');
    expect(styles).toContain('formatCode="0;[Red]-0"');
    // Excel's built-in short date (14), shown in the reader's locale, not a yyyy-mm-dd text format.
    expect(styles).toMatch(/<xf numFmtId="14"/);
    expect(styles).not.toContain('yyyy-mm-dd');
  });

  it('XLSX in English puts the symbol first', async () => {
    const files = unzipSync(new Uint8Array(await readFile(await write('xlsx', 'en'))));
    expect(strFromU8(files['xl/styles.xml'] ?? new Uint8Array())).toContain(
      'formatCode="&quot;$&quot;#,##0.00;-&quot;$&quot;#,##0.00"',
    );
  });
});
