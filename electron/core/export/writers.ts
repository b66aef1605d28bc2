import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type ExcelJS from 'exceljs';
import type { ExportFormat } from '../../shared/export.js';
import type { ApiRecord } from '../../shared/schema.js';
import { csvCell, csvText, xlsxText } from '../../shared/cells.js';
import { isDeadlineField } from '../../shared/deadline.js';
import { shownValue, type Column } from './export-columns.js';
import { moneyFormat } from './money-format.js';
import type { Language } from '../../shared/api-rules.js';
import { withoutCustomerColumns } from '../../shared/customer-columns.js';

/** Writes one export's rows to a file, in one format, waiting for the disk when it is behind. */
export interface RowWriter {
  write(record: ApiRecord): Promise<void>;
  /** Finishes the file and waits until it is all on disk. */
  close(): Promise<void>;
  /** Stops writing without finishing (the caller removes the file). */
  destroy(): void;
  /** Cells cut at a format's limit so far (XLSX: Excel's 32,767 characters). */
  readonly cutCells: number;
}

export interface WriterOptions {
  columns: Column[];
  delimiter: ',' | ';';
  bom: boolean;
  /** CSV numbers with a decimal comma (what French Excel reads as a number). */
  decimalComma: boolean;
  /** The labels' language: where XLSX amounts put their currency. */
  lang: Language;
  /** "Today" for days to a deadline (epoch ms): the export's start, so every row counts from one day. */
  now: number;
}

/**
 * Opens a writer of `format` on `file` (the temporary file's stream, from its start). ExcelJS is
 * loaded by the first XLSX export, not with the app: a third of a second of every start (the
 * window's process, the browser host, each `cdb`) for a format most runs never write.
 */
export async function openWriter(
  format: ExportFormat,
  file: Writable,
  options: WriterOptions,
): Promise<RowWriter> {
  switch (format) {
    case 'csv':
      return csvWriter(file, options);
    case 'jsonl':
      return jsonLinesWriter(file);
    case 'xlsx':
      return xlsxWriter(file, options, (await import('exceljs')).default);
  }
}

/**
 * A file being written, with the first error of any stream in its pipeline kept, so the next write
 * or the close reports it (a full disk, a removed folder) instead of an unhandled 'error' event.
 */
class Sink {
  private failure: Error | undefined;
  private destroyed = false;

  /** Settles when the file stream ends, one way or another (one listener for the whole file). */
  private readonly ended: Promise<void>;

  constructor(readonly file: Writable) {
    this.watch(this.file);
    this.ended = finished(this.file).catch(() => undefined);
  }

  watch(stream: NodeJS.EventEmitter): void {
    stream.on('error', (error: Error) => {
      if (!this.destroyed) this.failure ??= error;
    });
  }

  /** Writes `chunk` to `stream` and waits for it to drain when its buffer is full. */
  async write(stream: NodeJS.WritableStream, chunk: unknown): Promise<void> {
    this.check();
    if (!stream.write(chunk as string)) await Promise.race([once(stream, 'drain'), this.ended]);
    this.check();
  }

  async finish(head: NodeJS.WritableStream): Promise<void> {
    head.end();
    await finished(this.file);
    this.check();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  destroy(...streams: { destroy(): void }[]): void {
    this.destroyed = true;
    for (const stream of [...streams, this.file]) stream.destroy();
  }
}

function csvWriter(file: Writable, { columns, delimiter, bom, decimalComma, now }: WriterOptions): RowWriter {
  const sink = new Sink(file);
  // RFC 4180 §2.6: a field holding the delimiter, a quote or a line break is quoted, and a lone CR
  // or LF is a line break too (csv-stringify with CRLF records quotes only a whole CRLF by itself).
  const csv = stringify({ delimiter, bom, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  sink.watch(csv);
  csv.pipe(sink.file);
  // Header labels come from the API's schema: the same quoting and formula guard as any cell.
  csv.write(columns.map((column) => csvText(column.label)));
  return {
    write: (record) =>
      sink.write(
        csv,
        columns.map((column) => csvCell(shownValue(column, record, now), decimalComma)),
      ),
    close: () => sink.finish(csv),
    destroy: () => {
      csv.unpipe(sink.file);
      sink.destroy(csv);
    },
    cutCells: 0,
  };
}

function jsonLinesWriter(file: Writable): RowWriter {
  const sink = new Sink(file);
  return {
    // Exactly the record the API sent, one per line (JSON escapes every control character): the
    // customer's columns the app joined to it are the table's, not the API's.
    write: (record) => sink.write(sink.file, `${JSON.stringify(withoutCustomerColumns(record))}\n`),
    close: () => sink.finish(sink.file),
    destroy: () => sink.destroy(),
    cutCells: 0,
  };
}

/**
 * Excel's built-in short date (id 14) and short date and time (id 22), spelled as exceljs names
 * them: the reader's spreadsheet shows them in its own locale's order (31/12/2026 in France).
 */
const DAY_FORMAT = 'mm-dd-yy';
const INSTANT_FORMAT = 'm/d/yy "h":mm';
/** Days to a deadline: a passed one (below zero) in red, still a number to sort and filter by. */
const DAYS_FORMAT = '0;[Red]-0';

/**
 * Text as a real string cell: an inline string (`t="inlineStr"`, its text kept exactly:
 * `xml:space="preserve"` where it starts or ends with whitespace or holds a line break), not the
 * `t="str"` exceljs writes for a plain string, which is a formula's cached result (ECMA-376 Part 1,
 * §18.18.11) that LibreOffice Calc trims. Inline, not shared: a shared-strings table grows with the
 * export, and memory must stay flat. Cut at Excel's limit with a marker (`onCut` counts it).
 */
function xlsxTextCell(value: string, onCut: () => void): ExcelJS.CellRichTextValue {
  const { text, cut } = xlsxText(value);
  if (cut) onCut();
  return { richText: [{ text }] };
}

/** A column's number format: dates in the reader's order, days to a deadline, plain numbers. */
function columnStyle(column: Column): Partial<ExcelJS.Style> {
  if (column.kind === 'date') return { numFmt: column.dayOnly ? DAY_FORMAT : INSTANT_FORMAT };
  if (isDeadlineField(column.key)) return { numFmt: DAYS_FORMAT };
  return {};
}

/**
 * A cell as Excel wants it: numbers as numbers, dates as dates, the rest as text (never a formula),
 * cut at Excel's limit with a marker (`onCut` counts it).
 */
function xlsxCell(column: Column, value: unknown, onCut: () => void): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'number' && typeof value === 'number') return value;
  if (column.kind === 'date' && typeof value === 'string') {
    if (column.dayOnly) {
      const day = Date.parse(`${value}T00:00:00Z`);
      if (!Number.isNaN(day)) return new Date(day);
    } else {
      // A spreadsheet's dates have no time zone: the instant is written as the clock here reads
      // it, as the table shows it.
      const at = Date.parse(value);
      if (!Number.isNaN(at)) return new Date(at - new Date(at).getTimezoneOffset() * 60_000);
    }
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return xlsxTextCell(typeof value === 'string' ? value : JSON.stringify(value), onCut);
}

function xlsxWriter(file: Writable, { columns, lang, now }: WriterOptions, excel: typeof ExcelJS): RowWriter {
  const sink = new Sink(file);
  let cutCells = 0;
  const countCut = () => cutCells++;
  // Streamed: each row is committed to the zip as it comes, so memory stays flat.
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: sink.file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: Math.min(60, Math.max(12, column.label.length + 2)),
    style: columnStyle(column),
  }));
  // Header labels come from the API's schema: text cells like any other, cut and counted alike.
  sheet.addRow(columns.map((column) => xlsxTextCell(column.label, countCut))).commit();
  return {
    write: (record) => {
      const row = sheet.addRow(
        columns.map((column) => xlsxCell(column, shownValue(column, record, now), countCut)),
      );
      // An amount in its record's currency, with that currency's decimals.
      columns.forEach((column, index) => {
        if (column.money && typeof row.getCell(index + 1).value === 'number')
          row.getCell(index + 1).numFmt = moneyFormat(record.currency, lang);
      });
      row.commit();
      return Promise.resolve();
    },
    close: async () => {
      sheet.commit();
      await workbook.commit();
      await finished(sink.file);
    },
    destroy: () => sink.destroy(),
    get cutCells() {
      return cutCells;
    },
  };
}
