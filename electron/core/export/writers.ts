import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '../../shared/export.js';
import type { ApiRecord } from '../../shared/schema.js';
import type { Column } from './columns.js';

/** Writes one export's rows to a file, in one format, waiting for the disk when it is behind. */
export interface RowWriter {
  write(record: ApiRecord): Promise<void>;
  /** Finishes the file and waits until it is all on disk. */
  close(): Promise<void>;
  /** Stops writing without finishing (the caller removes the file). */
  destroy(): void;
}

export interface WriterOptions {
  columns: Column[];
  delimiter: ',' | ';';
  bom: boolean;
}

/** Opens a writer of `format` on `path` (an existing temporary file, truncated). */
export function openWriter(format: ExportFormat, path: string, options: WriterOptions): RowWriter {
  switch (format) {
    case 'csv':
      return csvWriter(path, options);
    case 'jsonl':
      return jsonLinesWriter(path);
    case 'xlsx':
      return xlsxWriter(path, options.columns);
  }
}

/** Characters that make a spreadsheet read a text cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as CSV text: nulls empty, formula-like text prefixed with ' so it stays text. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A file being written, with the first error of any stream in its pipeline kept, so the next write
 * or the close reports it (a full disk, a removed folder) instead of an unhandled 'error' event.
 */
class Sink {
  readonly file: WriteStream;
  private failure: Error | undefined;
  private destroyed = false;

  /** Settles when the file stream ends, one way or another (one listener for the whole file). */
  private readonly ended: Promise<void>;

  constructor(path: string) {
    this.file = createWriteStream(path, { flags: 'w', mode: 0o600 });
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

function csvWriter(path: string, { columns, delimiter, bom }: WriterOptions): RowWriter {
  const sink = new Sink(path);
  // RFC 4180: fields quoted when they hold the delimiter, a quote or a line break; CRLF between records.
  const csv = stringify({ delimiter, bom, record_delimiter: 'windows' });
  sink.watch(csv);
  csv.pipe(sink.file);
  csv.write(columns.map((column) => column.label));
  return {
    write: (record) =>
      sink.write(
        csv,
        columns.map((column) => csvCell(record[column.key])),
      ),
    close: () => sink.finish(csv),
    destroy: () => {
      csv.unpipe(sink.file);
      sink.destroy(csv);
    },
  };
}

function jsonLinesWriter(path: string): RowWriter {
  const sink = new Sink(path);
  return {
    // Exactly the record the API sent, one per line.
    write: (record) => sink.write(sink.file, `${JSON.stringify(record)}\n`),
    close: () => sink.finish(sink.file),
    destroy: () => sink.destroy(),
  };
}

const DAY_FORMAT = 'yyyy-mm-dd';
const INSTANT_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A cell as Excel wants it: numbers as numbers, dates as dates, the rest as text (never a formula). */
function xlsxCell(column: Column, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'number' && typeof value === 'number') return value;
  if (column.kind === 'date' && typeof value === 'string') {
    const at = Date.parse(column.dayOnly ? `${value}T00:00:00Z` : value);
    if (!Number.isNaN(at)) return new Date(at);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function xlsxWriter(path: string, columns: Column[]): RowWriter {
  const sink = new Sink(path);
  // Streamed: each row is committed to the zip as it comes, so memory stays flat.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink.file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.label,
    key: column.key,
    width: Math.min(60, Math.max(12, column.label.length + 2)),
    style: column.kind === 'date' ? { numFmt: column.dayOnly ? DAY_FORMAT : INSTANT_FORMAT } : {},
  }));
  return {
    write: (record) => {
      sheet.addRow(columns.map((column) => xlsxCell(column, record[column.key]))).commit();
      return Promise.resolve();
    },
    close: async () => {
      sheet.commit();
      await workbook.commit();
      await finished(sink.file);
    },
    destroy: () => sink.destroy(),
  };
}
