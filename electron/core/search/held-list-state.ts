import { API_LIMITS, PAGE_SIZE_MAX, type Language } from '../../shared/api-rules.js';
import type { HeldListStatus, HeldListView } from '../../shared/held-list.js';
import type { SchemaField } from '../../shared/schema.js';
import { labelsOf, type LabelOf } from '../../shared/search.js';
import type { ApiClient } from '../api/api-client.js';
import { HeldRows } from './held-rows.js';
import type { ListReader } from './list-reader.js';

/** Where a list is read from: the chosen connection. */
export interface ListSource {
  connectionId: string;
  client: ApiClient;
}

/** One list held for search (or being read, or refused), and the read that fills it. */
export class HeldList {
  state: HeldListStatus['state'] = 'reading';
  /** What searches read: the whole list, or what its first read has so far. */
  rows: HeldRows;
  /** The read under way or stopped (a first read, or one that will replace `rows`). */
  reader: ListReader | undefined;
  replacing = false;
  /** Read because the app prepares search, before anyone asked: in the background until someone uses it. */
  prepared = false;
  controller: AbortController | undefined;
  total: number | undefined;
  asOf: number | undefined;
  stale = false;
  lastUsed = Date.now();
  error: HeldListStatus['error'];
  estimatedBytes: number | undefined;
  fields: SchemaField[] | undefined;
  labelOf: LabelOf = labelsOf(undefined);
  /** When the read under way started, and the rows it had then: its pace. */
  readStart = { at: 0, rows: 0 };
  lastTold = 0;
  toldLater: NodeJS.Timeout | undefined;
  freshness: NodeJS.Timeout | undefined;

  constructor(
    readonly key: string,
    readonly source: ListSource,
    readonly view: HeldListView,
    readonly lang: Language,
  ) {
    this.rows = new HeldRows();
  }

  /** Estimated memory: the rows searched, and those of a read that will replace them. */
  get bytes(): number {
    return this.rows.bytes + (this.replacing ? (this.reader?.rows.bytes ?? 0) : 0);
  }

  get reading(): boolean {
    return this.controller !== undefined;
  }

  /** New rows for this list: their coded values searched by the labels its schema gives them. */
  newRows(): HeldRows {
    return new HeldRows((field, value) => this.labelOf(field, value));
  }

  /** Its status as the UI shows it, within a budget of `budgetBytes` for all lists. */
  status(budgetBytes: number): HeldListStatus {
    const status: HeldListStatus = {
      connectionId: this.source.connectionId,
      ...this.view,
      lang: this.lang,
      state: this.state,
      read: this.state === 'reading' ? (this.reader?.rows.length ?? 0) : this.rows.length,
      rereading: this.replacing && this.reading,
      ...(this.prepared && { prepared: true }),
      bytes: this.bytes,
      budgetBytes,
    };
    if (this.total !== undefined) status.total = this.total;
    if (this.asOf !== undefined) status.asOf = this.asOf;
    if (this.error) status.error = this.error;
    if (this.reading) {
      const eta = this.etaSeconds();
      if (eta !== undefined) status.etaSeconds = eta;
    }
    if (this.state === 'too-long') {
      if (this.estimatedBytes !== undefined) status.estimatedBytes = this.estimatedBytes;
      if (this.total !== undefined) status.scanSeconds = scanSeconds(this.total);
    }
    return status;
  }

  /** The memory the whole list will take, from what was read and the count. */
  estimateWhole(): number | undefined {
    const rows = this.reader?.rows ?? this.rows;
    if (this.total === undefined || rows.length === 0) return undefined;
    return (rows.bytes / rows.length) * this.total;
  }

  /** The time left reading the list, at the pace of the read so far. */
  private etaSeconds(): number | undefined {
    const read = this.reader?.rows.length ?? 0;
    const seconds = (performance.now() - this.readStart.at) / 1000;
    const pace = (read - this.readStart.rows) / seconds;
    if (this.total === undefined || !(pace > 0)) return undefined;
    return Math.max(0, (this.total - read) / pace);
  }
}

/** How long a scan of `total` rows takes at the API's rate, in 500-row pages. */
function scanSeconds(total: number): number {
  return total / (API_LIMITS.requestsPerSecond * PAGE_SIZE_MAX);
}
