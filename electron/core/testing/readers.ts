import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';

// The readers users have, for reading exports back (never the library that wrote them): Python's
// csv module, csv-parse with no relaxation, openpyxl, LibreOffice Calc and poppler's pdftotext.

const run = promisify(execFile);

/** Rows of a CSV file as Python's csv module reads it (strict: a malformed quote is an error). */
export async function pythonCsv(path: string, delimiter: string): Promise<string[][]> {
  const script = [
    'import csv, json, sys',
    "with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:",
    '    print(json.dumps(list(csv.reader(f, delimiter=sys.argv[2], strict=True))))',
  ].join('\n');
  const { stdout } = await run('python3', ['-c', script, path, delimiter], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as string[][];
}

/** Rows of a CSV file as csv-parse reads it with no relaxation and CRLF as the only record delimiter. */
export async function strictCsv(path: string, delimiter: string): Promise<string[][]> {
  return parse(await readFile(path), {
    delimiter,
    record_delimiter: '\r\n',
    bom: true,
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
  });
}

/** Cells of an XLSX file as openpyxl (Debian's python3-openpyxl) reads them. */
export async function openpyxlRows(path: string): Promise<unknown[][]> {
  const script = [
    'import json, sys, openpyxl',
    'sheet = openpyxl.load_workbook(sys.argv[1], read_only=True).active',
    'print(json.dumps([list(row) for row in sheet.iter_rows(values_only=True)], default=str))',
  ].join('\n');
  const { stdout } = await run('/usr/bin/python3', ['-c', script, path], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as unknown[][];
}

/** A cell as openpyxl reads it: its value (dates and times as ISO text) and number format. */
export interface OpenpyxlCell {
  value: string | number | boolean | null;
  format: string;
}

/** Cells of an XLSX file as openpyxl reads them, each with its number format (how a reader shows it). */
export async function openpyxlCells(path: string): Promise<OpenpyxlCell[][]> {
  const script = [
    'import json, sys, openpyxl',
    'sheet = openpyxl.load_workbook(sys.argv[1]).active',
    'print(json.dumps([[{"value": c.value, "format": c.number_format} for c in row] for row in sheet.iter_rows()], default=str))',
  ].join('\n');
  const { stdout } = await run('/usr/bin/python3', ['-c', script, path], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as OpenpyxlCell[][];
}

/**
 * The text LibreOffice Calc shows in each cell of `path` (an XLSX file), in a French Calc: Calc
 * saves what it shows as CSV (`;` between cells), with a fresh profile in a folder made in `dir`.
 */
export async function calcShownFrench(dir: string, path: string): Promise<string[][]> {
  const out = await mkdtemp(join(dir, 'calc-'));
  // Calc, in a locale this machine may not have installed, reads a plain name only.
  const plain = join(out, 'shown.xlsx');
  await copyFile(path, plain);
  await run(
    'soffice',
    [
      '--headless',
      '--convert-to',
      // ; between cells, " around text, UTF-8, French (1036), cells as shown.
      'csv:Text - txt - csv (StarCalc):59,34,76,1,,1036,false,true,true',
      '--outdir',
      out,
      plain,
    ],
    { env: { ...process.env, HOME: out, LANG: 'fr_FR.UTF-8', LC_ALL: 'fr_FR.UTF-8' }, timeout: 120_000 },
  );
  return parse(await readFile(join(out, 'shown.csv')), { delimiter: ';' });
}

/**
 * Cells of `path` as LibreOffice Calc holds them once it opened the file (with `infilter`, the CSV
 * import's options): Calc saves what it holds as XLSX (in a folder made in `dir`), which openpyxl
 * then reads, types and all.
 */
export async function calcRows(dir: string, path: string, infilter?: string): Promise<unknown[][]> {
  const out = await mkdtemp(join(dir, 'calc-'));
  await run(
    'soffice',
    [
      '--headless',
      ...(infilter ? [`--infilter=${infilter}`] : []),
      '--convert-to',
      'xlsx:Calc MS Excel 2007 XML',
      '--outdir',
      out,
      path,
    ],
    // Calc writes a profile in HOME: a throwaway one.
    { env: { ...process.env, HOME: out }, timeout: 120_000 },
  );
  return openpyxlRows(join(out, `${basename(path, extname(path))}.xlsx`));
}

/** The records of a JSON Lines file as Python's json module reads them, one per line. */
export async function pythonJsonLines(path: string): Promise<unknown[]> {
  const script =
    'import json, sys\nprint(json.dumps([json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]))';
  const { stdout } = await run('python3', ['-c', script, path], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as unknown[];
}

/** The text of a PDF as poppler's pdftotext reads it, page by page (form feeds between pages). */
export async function pdfPages(path: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 * 2 ** 20 });
  return stdout.split('\f').filter((page) => page.trim());
}
