import { z } from 'zod';
import { LANGUAGES, PAGE_SIZE_MAX, type Language } from './api-rules.js';
import { filterSchema, type FilterCondition } from './filter.js';
import { checkScope, viewFields, type View } from './view.js';

/** File formats of an export (docs/architecture.md, "How an export runs"). */
export const EXPORT_FORMATS = ['csv', 'jsonl', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The format of a customer's record (core/export/customer-record.ts), beside the exports' in the audit log. */
export const RECORD_FORMAT = 'pdf';

/** Exactly the view on screen: resource, customer scope, sort, columns in order, filter, language. */
export const exportViewSchema = z
  .object({
    ...viewFields,
    columns: z.array(z.string().min(1).max(200)).max(500).optional(),
    filter: filterSchema.optional(),
    lang: z.enum(LANGUAGES),
  })
  .strict()
  .superRefine(checkScope);
export type ExportView = z.infer<typeof exportViewSchema>;

/**
 * The export of a view as a table shows it, or as a saved view holds it: its list, the visible
 * columns in order, its filter (none when empty) and the language of the labels.
 */
export function exportViewOf(
  view: View & { columns: string[]; filter: FilterCondition[] },
  lang: Language,
): ExportView {
  return {
    resource: view.resource,
    ...(view.customerId !== undefined && { customerId: view.customerId }),
    ...(view.sort !== undefined && { sort: view.sort }),
    columns: view.columns,
    ...(view.filter.length && { filter: view.filter }),
    lang,
  };
}

export const exportOptionsSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    /** CSV only: `,` (standard) or `;` (what French Excel expects). */
    delimiter: z.enum([',', ';']).default(','),
    /** CSV only: a UTF-8 byte order mark, so Excel reads the accents right. */
    bom: z.boolean().default(false),
    /** CSV only: numbers with a decimal comma (the "Excel (French)" preset: French Excel reads 1999,5 as a number). */
    decimalComma: z.boolean().default(false),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
  })
  .strict();
export type ExportOptions = z.input<typeof exportOptionsSchema>;

/** How far an export is, pushed a few times a second. */
export interface ExportProgress {
  /** Rows written to the file. */
  records: number;
  /** Rows received from the API (more than `records` when a filter drops some). */
  scanned: number;
  pages: number;
  recordsPerSecond: number;
  /** Rows in the view, when the API said (offset mode's total). */
  total?: number;
  /** Seconds left, from the rows still to scan at the current pace. */
  etaSeconds?: number;
  /** True after an invalid cursor made the export start again from the top. */
  restarted: boolean;
  /** Cells cut at the format's limit (XLSX: Excel's 32,767 characters), each ending with a marker. */
  cutCells: number;
  /** Written from the list held in memory, up to date with the API at this time (epoch ms): nothing read again. */
  heldAsOf?: number;
}

/**
 * One export as the audit log keeps it: what, by which connection, where, how it ended; never
 * record data, a filter's values or a server's words.
 */
export interface AuditEntry {
  id: string;
  /** When it started. */
  time: string;
  profile: string;
  view: Omit<ExportView, 'filter'> & {
    /** Which fields were filtered and how; the values are left out, as they may be personal data. */
    filter?: { field: string; op: string }[];
  };
  format: ExportFormat | typeof RECORD_FORMAT;
  path: string;
  /** Written from the list held in memory, up to date with the API at this time (ISO); absent: read from the API. */
  heldAsOf?: string;
  /** `unfinished`: started and never ended (still running, or its process was stopped). */
  outcome: 'completed' | 'failed' | 'cancelled' | 'unfinished';
  /** Rows written to the file (for a failed or cancelled export: before it stopped; none reached the target). */
  rows: number;
  cutCells?: number;
  /** What went wrong, as an error code and HTTP status. */
  error?: string;
}
