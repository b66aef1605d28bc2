import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import {
  exportOptionsSchema,
  type ExportOptions,
  type ExportProgress,
  type ExportView,
} from '../../shared/export.js';
import { ANY_FIELD, compileFilter, FilterError } from '../../shared/filter.js';
import { labelsOf } from '../../shared/search.js';
import { searchNamesOf } from './search-names.js';
import { filterKindOf, kindsOf } from '../../shared/value-kind.js';
import type { ApiRecord, ResourceSchema, SchemaField } from '../../shared/schema.js';
import type { ApiClient } from '../api/api-client.js';
import { describeForLog, isAbort } from '../engine-errors.js';
import { traverse } from '../api/paging.js';
import type { AuditLog, AuditStart } from './audit-log.js';
import { knownFields, resolveColumns, type Column } from './export-columns.js';
import { TempFile } from './temp-file.js';
import { openWriter, type RowWriter } from './writers.js';
import { progressTracker } from './progress-tracker.js';

export interface ExportRequest {
  /** The export's id in the audit log (a new one when not given). */
  id?: string;
  /** The connection's name, for the audit log. */
  profile: string;
  view: ExportView;
  options: ExportOptions;
  /** Where the file goes (relative paths are from the current folder). */
  target: string;
  /** The view's rows as the app holds them, when they are whole and fresh: written without reading the list again. */
  held?: HeldExportRows;
  /**
   * The customer's columns of contacts and agreements (search/customer-join.ts), from the customers
   * held: the rows read from the API get them; held rows have them already.
   */
  customers?: JoinedColumns;
}

/** Columns a record is given from elsewhere than the API's answer: their fields, and how a record gets them. */
export interface JoinedColumns {
  fields: SchemaField[];
  addTo: (record: ApiRecord) => ApiRecord;
}

/** The rows of a view held in memory (search/held-view.ts): filtered, in the view's order, in its language. */
export interface HeldExportRows {
  /** When they were last brought up to date with the API (epoch ms): the audit log says so. */
  asOf: number;
  /** The view's schema as the list holds it (null when the API has none): no request for it either. */
  schema: ResourceSchema | null;
  rows: (signal?: AbortSignal) => Promise<{ count: number; recordAt: (index: number) => ApiRecord }>;
}

export interface ExportHooks {
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  auditLog?: AuditLog;
}

export interface ExportResult {
  path: string;
  rows: number;
  scanned: number;
  pages: number;
  seconds: number;
  /** Cells cut at the format's limit (XLSX), each ending with a marker. */
  cutCells: number;
}

/**
 * Exports exactly one view (docs/architecture.md, "How an export runs"): one traversal at export priority, rows filtered
 * and projected as they arrive and streamed to a temporary file beside the target, which replaces
 * the target only when complete. An invalid cursor restarts the export once. On failure or cancel
 * nothing is left at the target. Every export, whatever its outcome, gets an audit log line.
 */
export async function runExport(
  client: ApiClient,
  request: ExportRequest,
  hooks: ExportHooks = {},
): Promise<ExportResult> {
  const options = exportOptionsSchema.parse(request.options);
  const { view } = request;
  const target = resolve(request.target);
  const id = request.id ?? randomUUID();
  const tracker = progressTracker(hooks.onProgress);
  const { progress } = tracker;
  if (request.held) progress.heldAsOf = request.held.asOf;
  let temp: TempFile | undefined;
  let writer: RowWriter | undefined;

  // The "started" line comes first: a crash leaves it, so the log never loses an export.
  await hooks.auditLog?.started(auditStart(id, request, target));
  try {
    const read = request.held ? request.held.schema : await schemaOf(client, view, hooks.signal);
    const { customers } = request;
    const schema = read && customers ? { ...read, fields: [...read.fields, ...customers.fields] } : read;
    const fieldOf = request.held ? undefined : await searchNamesOf(client, view, schema, hooks.signal);
    temp = await TempFile.beside(target);
    const file = temp;
    const formatOptions = {
      delimiter: options.delimiter,
      bom: options.bom,
      decimalComma: options.decimalComma,
      lang: view.lang,
      now: Date.now(),
    };
    const open = async (columns: Column[]) =>
      openWriter(options.format, await file.restart(), { columns, ...formatOptions });
    let plan: ExportPlan | undefined;
    const pages = request.held
      ? heldPages(request.held, options.pageSize, progress, hooks.signal)
      : apiPages(client, view, options.pageSize, progress, hooks.signal, customers);
    for await (const page of pages) {
      if (page.restarted) {
        // An invalid cursor restarts an export once, from an empty file (docs/architecture.md).
        writer?.destroy();
        writer = undefined;
        Object.assign(progress, { records: 0, scanned: 0, pages: 0, restarted: true });
      }
      plan ??= planOf(view, schema, page.rows, fieldOf);
      writer ??= await open(plan.columns);
      await writeRows(writer, page.rows, plan.keep, progress);
      progress.cutCells = writer.cutCells;
      progress.pages++;
      tracker.report();
    }
    writer ??= await open(plan?.columns ?? resolveColumns(schema, view.columns, []));
    await writer.close();
    await file.commit();
    progress.cutCells = writer.cutCells;
    tracker.report(true);
    const end = { rows: progress.records, ...(progress.cutCells && { cutCells: progress.cutCells }) };
    await hooks.auditLog?.ended(id, { outcome: 'completed', ...end });
    const { records: rows, scanned, pages: pageCount, cutCells } = progress;
    return { path: target, rows, scanned, pages: pageCount, seconds: tracker.seconds(), cutCells };
  } catch (error) {
    writer?.destroy();
    await temp?.discard();
    await hooks.auditLog
      ?.ended(id, {
        outcome: isAbort(error) ? 'cancelled' : 'failed',
        rows: progress.records,
        error: describeForLog(error),
      })
      .catch(() => undefined);
    throw error;
  }
}

interface ExportPage {
  rows: readonly ApiRecord[];
  restarted?: boolean;
}

/** The view read from the API at export priority, its count asked beside: what `keep` filters. */
function apiPages(
  client: ApiClient,
  view: ExportView,
  size: number,
  progress: ExportProgress,
  signal?: AbortSignal,
  customers?: JoinedColumns,
): AsyncIterable<ExportPage> {
  void client
    .count(view, { signal, priority: 'export' })
    .then((total) => (progress.total = total))
    .catch(() => undefined);
  const { resource, customerId, sort, lang } = view;
  const pages = traverse(
    client,
    { resource, customerId, sort, size, lang },
    { signal, priority: 'export', restarts: 1, total: () => progress.total, readAhead: true },
  );
  return customers ? joined(pages, customers) : pages;
}

async function* joined(
  pages: AsyncIterable<ExportPage>,
  customers: JoinedColumns,
): AsyncIterable<ExportPage> {
  for await (const page of pages) yield { ...page, rows: page.rows.map(customers.addTo) };
}

/** The held rows of the view, a page at a time: already filtered, so the filter keeps them all. */
async function* heldPages(
  held: HeldExportRows,
  size: number,
  progress: ExportProgress,
  signal?: AbortSignal,
): AsyncIterable<ExportPage> {
  const { count, recordAt } = await held.rows(signal);
  progress.total = count;
  for (let from = 0; from < count; from += size) {
    signal?.throwIfAborted();
    const rows: ApiRecord[] = [];
    for (let index = from; index < Math.min(count, from + size); index++) rows.push(recordAt(index));
    yield { rows };
    // The window's requests and the app's events go on while a long list is written.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** What an export writes: its columns, and the filter's test of a record. */
interface ExportPlan {
  columns: Column[];
  keep: (record: ApiRecord) => boolean;
}

/** The plan of an export, from the view, the schema and the first page's records. */
function planOf(
  view: ExportView,
  schema: ResourceSchema | null,
  firstRows: readonly ApiRecord[],
  /** What the search may name a field by; none when the rows come filtered (held rows judged by the same rules): none is tested again. */
  fieldOf: ((name: string) => string | undefined) | undefined,
): ExportPlan {
  assertFilterFields(view, schema, firstRows);
  // Filters compare as the table's do: by the kinds the schema or the first records give.
  const kindOf = kindsOf(schema?.fields ?? [], firstRows);
  return {
    columns: resolveColumns(schema, view.columns, firstRows),
    keep: fieldOf
      ? compileFilter(
          view.filter ?? [],
          (field) => filterKindOf(kindOf(field)),
          labelsOf(schema?.fields),
          fieldOf,
        )
      : () => true,
  };
}

/** A filter on a field the view does not have would silently keep nothing: refuse it, naming the field. */
function assertFilterFields(
  view: ExportView,
  schema: ResourceSchema | null,
  records: readonly ApiRecord[],
): void {
  if (!schema) return;
  const known = knownFields(schema, records);
  const unknown = (view.filter ?? []).find(
    (condition) => condition.field !== ANY_FIELD && !known.has(condition.field),
  );
  if (unknown) throw new FilterError(`${unknown.field}: not a field of ${view.resource}`);
}

async function writeRows(
  writer: RowWriter,
  rows: readonly ApiRecord[],
  keep: (record: ApiRecord) => boolean,
  progress: ExportProgress,
): Promise<void> {
  for (const row of rows) {
    progress.scanned++;
    if (!keep(row)) continue;
    await writer.write(row);
    progress.records++;
  }
}

/** The view's resource schema in its language, or null when the API has no usable listing. */
async function schemaOf(
  client: ApiClient,
  view: ExportView,
  signal?: AbortSignal,
): Promise<ResourceSchema | null> {
  const listing = await client.schemas(view.lang, { signal, priority: 'export' });
  return listing.schemas?.find((schema) => schema.resource === view.resource) ?? null;
}

/** The audit log's "started" line: what, by which connection, where; a filter's fields and operators, never its values. */
function auditStart(id: string, request: ExportRequest, path: string): AuditStart {
  const { filter, ...view } = request.view;
  return {
    id,
    time: new Date().toISOString(),
    profile: request.profile,
    view: { ...view, ...(filter && { filter: filter.map(({ field, op }) => ({ field, op })) }) },
    format: request.options.format,
    path,
    ...(request.held && { heldAsOf: new Date(request.held.asOf).toISOString() }),
  };
}
