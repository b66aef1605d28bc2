import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EventPayloads, ParsedRequestInput, RequestOutputs } from '../../shared/contract/contract.js';
import type { ApiClient } from '../api/api-client.js';
import type { AuditLog } from '../export/audit-log.js';
import {
  runExport,
  type ExportHooks,
  type HeldExportRows,
  type JoinedColumns,
} from '../export/run-export.js';
import { runCustomerRecord, type HeldCustomer } from '../export/customer-record.js';
import { freeTarget } from '../export/free-name.js';
import { removeLeftovers } from '../export/temp-file.js';
import { toErrorPayload } from './error-payload.js';
import { PRIVATE_FOLDER } from '../store/data-file.js';

type ExportInput = ParsedRequestInput<'export.start'>;
type ExportState = EventPayloads['export.progress']['state'];

export interface ExportJobsOptions {
  /** Where exports go when nobody chooses (the browser host, tests). */
  exportDir: string;
  /** Asks the user where to save (Electron's native dialog); undefined: the user cancelled. */
  chooseExportTarget?: (fileName: string) => Promise<string | undefined>;
  /** Shows a file in the system's file manager (Electron). */
  revealFile?: (path: string) => void;
}

/**
 * The app's exports (docs/architecture.md, "How an export runs"): each runs under an id the app gives it, reports its
 * progress as events, is cancelled by that id only (never by a page request's id), and may have
 * its file revealed; what a crash left behind is removed at start.
 */
export class ExportJobs {
  /** The exports running now, by id. */
  private readonly running = new Map<string, AbortController>();
  /** Each running export's end, once its file is in place or removed and its audit line written. */
  private readonly ends = new Set<Promise<void>>();
  /** This session's exports, by id: only their files may be revealed. */
  private readonly paths = new Map<string, string>();
  /** Targets of the exports running now: no second export may pick the same name. */
  private readonly targetsUnderWay = new Set<string>();

  constructor(
    private readonly options: ExportJobsOptions,
    private readonly auditLog: AuditLog,
    private readonly report: (progress: EventPayloads['export.progress']) => void,
  ) {}

  /** Whether files can be shown in the file manager (the UI offers "Show in folder"). */
  get canReveal(): boolean {
    return this.options.revealFile !== undefined;
  }

  /** Starts exporting `view` through `client`; resolves once the target is chosen, not at the end. */
  async start(
    client: ApiClient,
    profile: string,
    { view, options, fileName }: ExportInput,
    held?: HeldExportRows,
    customers?: JoinedColumns,
  ): Promise<RequestOutputs['export.start']> {
    return this.launch(fileName, (exportId, target, hooks) =>
      runExport(
        client,
        {
          id: exportId,
          profile,
          view,
          options,
          target,
          ...(held && { held }),
          ...(customers && { customers }),
        },
        hooks,
      ),
    );
  }

  /**
   * Starts writing a customer's record (customer-record.ts) as an export is written: the same
   * target, progress, cancel and audit log. `customer`: its own record, when the app holds it.
   */
  async startRecord(
    client: ApiClient,
    profile: string,
    { customerId, lang, fileName }: ParsedRequestInput<'export.record'>,
    customer?: HeldCustomer,
  ): Promise<RequestOutputs['export.record']> {
    return this.launch(fileName, (exportId, target, hooks) =>
      runCustomerRecord(
        client,
        { id: exportId, profile, customerId, lang, target, ...(customer && { customer }) },
        hooks,
      ),
    );
  }

  /** Runs one export under a new id to a target chosen now, its progress told, its end awaited at quit. */
  private async launch(
    fileName: string,
    run: (exportId: string, target: string, hooks: ExportHooks) => Promise<unknown>,
  ): Promise<{ exportId: string; path: string }> {
    const path = await this.target(fileName);
    const exportId = randomUUID();
    this.paths.set(exportId, path);
    const controller = new AbortController();
    this.running.set(exportId, controller);
    let last = emptyProgress();
    const report = (state: ExportState, error?: unknown) =>
      this.report({
        exportId,
        state,
        progress: last,
        path,
        ...(error !== undefined && { error: toErrorPayload(error) }),
      });
    const end = run(exportId, path, {
      signal: controller.signal,
      auditLog: this.auditLog,
      onProgress: (progress) => {
        last = progress;
        report('running');
      },
    })
      .then(
        () => report('completed'),
        (error: unknown) => report(controller.signal.aborted ? 'cancelled' : 'failed', error),
      )
      .finally(() => {
        this.running.delete(exportId);
        this.targetsUnderWay.delete(path);
        this.ends.delete(end);
      });
    this.ends.add(end);
    return { exportId, path };
  }

  /** Cancels the export `exportId`; false if none is running under that id. */
  cancel(exportId: string): boolean {
    const controller = this.running.get(exportId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Shows this session's export `exportId` in the file manager; false if it cannot. */
  reveal(exportId: string): boolean {
    const path = this.paths.get(exportId);
    if (path === undefined || !this.options.revealFile) return false;
    this.options.revealFile(path);
    return true;
  }

  /** The latest exports from the audit log, newest first. */
  recent(count: number) {
    return this.auditLog.recent(count);
  }

  /**
   * Cancels every running export (the app is quitting) and waits until each has ended: its
   * temporary file removed and its audit line written, so none is left for the next start to
   * clean up, and nothing writes in the data folder once the app has closed.
   */
  async cancelAll(): Promise<void> {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
    await Promise.allSettled([...this.ends]);
  }

  /**
   * Removes what exports interrupted by a crash left (their temporary files, full of personal
   * data) from the export folder and the folders of unfinished exports in the audit log; returns
   * a notice per folder cleaned.
   */
  async removeLeftovers(): Promise<string[]> {
    const unfinished = (await this.auditLog.recent(200)).filter((entry) => entry.outcome === 'unfinished');
    const folders = new Set([this.options.exportDir, ...unfinished.map((entry) => dirname(entry.path))]);
    const notices: string[] = [];
    for (const folder of folders) {
      const removed = await removeLeftovers(folder);
      if (removed.length) {
        notices.push(
          `Removed ${removed.length} temporary file(s) left in ${folder} by exports that were interrupted.`,
        );
      }
    }
    return notices;
  }

  /** Where the export goes: the user's choice, or a free name in the export folder. */
  private async target(fileName: string): Promise<string> {
    if (this.options.chooseExportTarget) {
      const chosen = await this.options.chooseExportTarget(fileName);
      if (chosen === undefined) throw new DOMException('The save dialog was cancelled', 'AbortError');
      return chosen;
    }
    // Made the user's alone, as every folder the app makes: exports hold customers' personal data.
    await mkdir(this.options.exportDir, { recursive: true, mode: PRIVATE_FOLDER });
    return freeTarget(this.options.exportDir, fileName, this.targetsUnderWay);
  }
}

function emptyProgress() {
  return { records: 0, scanned: 0, pages: 0, recordsPerSecond: 0, restarted: false, cutCells: 0 };
}
