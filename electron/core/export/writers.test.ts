import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { CUT_MARKER, XLSX_CELL_LIMIT } from './cells.js';
import { openWriter } from './writers.js';
import { tempFolders } from '../testing/temp-folder.js';

// The XLSX writer's cells as the file holds them; readers.integration.test.ts reads whole exports
// back with openpyxl, read-excel-file and LibreOffice Calc.

const newFolder = tempFolders('cdb-writer-');

async function xlsxOf(label: string, values: unknown[]): Promise<{ path: string; cutCells: number }> {
  const dir = await newFolder();
  const path = join(dir, 'x.xlsx');
  const writer = openWriter('xlsx', createWriteStream(path), {
    columns: [{ key: 'v', label, kind: 'text', dayOnly: false }],
    delimiter: ',',
    bom: false,
    decimalComma: false,
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
