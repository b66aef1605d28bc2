import type { Language } from '../../shared/api-rules.js';
import type { ApiRecord } from '../../shared/schema.js';
import type { View } from '../../shared/view.js';
import type { Priority } from '../rate/limiter.js';

// What the API client is asked and gives back (api-client.ts).

/** Where a profile's API is: `{baseUrl}{apiPrefix}/customers`, `{baseUrl}{schemaPath}`. */
export interface ApiLocation {
  baseUrl: string;
  apiPrefix: string;
  schemaPath: string;
}

export interface PageRequest extends View {
  size: number;
  cursor?: string;
  lang: Language;
}

/** A page in offset mode: `page` counted from 1 (spec "List endpoints with pagination"). */
export interface OffsetPageRequest extends View {
  size: number;
  page: number;
  lang: Language;
}

/** An offset page: its rows and the view's total. */
export interface OffsetPage {
  rows: ApiRecord[];
  total: number;
}

export interface Page {
  rows: ApiRecord[];
  nextCursor: string | null;
  hasNextPage: boolean;
  /** The server's clock when it answered (its `Date` header), when it said one that reads. */
  serverDate?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  priority?: Priority;
}

/** A GET's answer: its body, and the server's clock then (its `Date` header, when it reads). */
export interface Answered {
  body: unknown;
  serverDate?: number;
}
