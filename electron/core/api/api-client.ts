import { isSortableField, PAGE_SIZE_MAX, type Language } from '../../shared/api-rules.js';
import type { SchemaListing } from '../../shared/schema.js';
import { scopeProblem, type View } from '../../shared/view.js';
import {
  cursorPaginationSchema,
  invalidResponse,
  notPermitted,
  notPermittedAnswer,
  offsetPaginationSchema,
  schemaListingOf,
  shapeProblem,
  successEnvelope,
} from './api-answers.js';
import { ApiError, LONGEST_SERVER_WAIT_MS, retryAfterMs, serverMessageOf } from '../engine-errors.js';
import { httpCall, jsonOf, type Fetch } from '../net/http.js';
import type { RequestLimiter } from '../rate/limiter.js';
import type {
  Answered,
  ApiLocation,
  CallOptions,
  OffsetPage,
  OffsetPageRequest,
  Page,
  PageRequest,
} from './api-requests.js';
import type { TokenManager } from '../auth/tokens.js';

export type { ApiLocation, CallOptions, OffsetPage, OffsetPageRequest, Page, PageRequest, View };

/**
 * What one record of a page may take at most, in bytes and in values: a page's answer is bounded by
 * the rows asked (500 rows: 8 MiB), so a server that ignores `size` or sends a megabyte-long page
 * is refused before it fills the memory of the app and of the windows it is passed on to.
 */
const ROW_BYTES_MAX = 16 * 1024;
const ROW_VALUES_MAX = 1_000;
/** An envelope's own bytes and values (status, metadata), beside its rows. */
const ENVELOPE_BYTES = 256 * 1024;
const ENVELOPE_VALUES = 1_000;
/** The schema listing's bounds: a few resources' fields, far below these. */
const SCHEMA_ROWS = 500;

/** How a GET is made and judged: its language, the caller's options, and what it may bring. */
interface Get {
  lang: Language;
  options: CallOptions;
  /** The request carries a cursor: a 4xx then means the cursor is refused. */
  carriesCursor: boolean;
  /** The resource (or "schemas") a 401 is learnt for. */
  scope: string;
  /** Rows asked for: what bounds the answer's bytes and values. */
  rows: number;
}

/**
 * The API's list and schema calls (spec "Endpoints"), each through the origin's limiter, with
 * `Authorization` and `Accept-Language`, the envelope checked, a 401 answered by one token renewal
 * at most, and every failure an ApiError that says what happened.
 */
export class ApiClient {
  private readonly fetch: Fetch;
  private readonly timeoutMs: number;

  constructor(
    private readonly location: ApiLocation,
    private readonly tokens: TokenManager,
    private readonly limiter: RequestLimiter,
    options: { fetch?: Fetch; timeoutMs?: number } = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** One page of a view (cursor mode). */
  async listPage(request: PageRequest, options: CallOptions = {}): Promise<Page> {
    const query: Record<string, string> = { size: String(checkedSize(request.size)) };
    if (request.sort) query.sort = request.sort;
    if (request.cursor) query.cursor = request.cursor;
    const { body, serverDate } = await this.getJson(this.listUrl(request, query), {
      lang: request.lang,
      options,
      carriesCursor: request.cursor !== undefined,
      scope: request.resource,
      rows: request.size,
    });
    const { data, metadata } = successEnvelope(body);
    if (data.length > request.size) throw tooManyRows(data.length, request.size);
    const pagination = cursorPaginationSchema.safeParse(metadata.pagination);
    if (!pagination.success || (pagination.data.hasNextPage && !pagination.data.nextCursor)) {
      throw invalidResponse('its pagination has no hasNextPage, or no nextCursor while there is a next page');
    }
    return {
      rows: data,
      hasNextPage: pagination.data.hasNextPage,
      nextCursor: pagination.data.hasNextPage ? (pagination.data.nextCursor ?? null) : null,
      ...(serverDate !== undefined && { serverDate }),
    };
  }

  /**
   * One page in offset mode (`page`, no cursor): where a far jump reads, without walking every
   * cursor page before it. Rows are in the traversal's order (spec rule 5: ordering is
   * deterministic); spec rule 6 says offset mode degrades deep down, so only jumps use it.
   */
  async offsetPage(request: OffsetPageRequest, options: CallOptions = {}): Promise<OffsetPage> {
    const query: Record<string, string> = {
      page: String(request.page),
      size: String(checkedSize(request.size)),
    };
    if (request.sort) query.sort = request.sort;
    const { data, metadata } = successEnvelope(
      (
        await this.getJson(this.listUrl(request, query), {
          lang: request.lang,
          options,
          carriesCursor: false,
          scope: request.resource,
          rows: request.size,
        })
      ).body,
    );
    if (data.length > request.size) throw tooManyRows(data.length, request.size);
    const pagination = offsetPaginationSchema.safeParse(metadata.pagination);
    if (!pagination.success) throw invalidResponse('its offset pagination has no total');
    return { rows: data, total: pagination.data.total };
  }

  /** How many records a view has: offset mode's `total` (`page=1&size=1`). */
  async count(view: View, options: CallOptions = {}): Promise<number> {
    const query: Record<string, string> = { page: '1', size: '1' };
    if (view.sort) query.sort = view.sort;
    const { metadata } = successEnvelope(
      (
        await this.getJson(this.listUrl(view, query), {
          lang: 'en',
          options,
          carriesCursor: false,
          scope: view.resource,
          rows: 1,
        })
      ).body,
    );
    const pagination = offsetPaginationSchema.safeParse(metadata.pagination);
    if (!pagination.success) throw invalidResponse('its offset pagination has no total');
    return pagination.data.total;
  }

  /** The schema listing in `lang`; null with a reason when the API has none or an unreadable one. */
  async schemas(lang: Language, options: CallOptions = {}): Promise<SchemaListing> {
    const url = `${this.location.baseUrl}${this.location.schemaPath}`;
    let body: unknown;
    try {
      ({ body } = await this.getJson(url, {
        lang,
        options,
        carriesCursor: false,
        scope: 'schemas',
        rows: SCHEMA_ROWS,
      }));
    } catch (error) {
      // Columns then come from the records themselves (docs/api.md, "Where the specification is silent").
      if (error instanceof ApiError && error.status === 404) {
        return {
          schemas: null,
          reason: `the API has no schema listing at ${this.location.schemaPath} (HTTP 404)`,
        };
      }
      if (error instanceof ApiError && error.code === 'not-permitted') {
        return {
          schemas: null,
          reason: `these credentials may not read the schema listing at ${this.location.schemaPath} (HTTP ${error.status ?? 401})`,
        };
      }
      throw error;
    }
    return schemaListingOf(body, this.location.schemaPath);
  }

  private listUrl(view: View, query: Record<string, string>): string {
    if (view.sort !== undefined) {
      const [field = '', direction] = view.sort.split('.');
      if (!isSortableField(view.resource, field) || !['asc', 'desc'].includes(direction ?? '')) {
        throw new RangeError(`sort "${view.sort}" is not one the API offers for ${view.resource}`);
      }
    }
    // The contract and cdb refuse these already; the client that builds the path refuses them too.
    const scope = scopeProblem(view);
    if (scope) throw new RangeError(scope);
    const prefix = `${this.location.baseUrl}${this.location.apiPrefix}`;
    const path =
      view.customerId === undefined
        ? `${prefix}/${view.resource}`
        : `${prefix}/customers/${encodeURIComponent(view.customerId)}/${view.resource}`;
    return `${path}?${new URLSearchParams(query).toString()}`;
  }

  /**
   * GET through the limiter, with the token current when the request leaves (a token that expires
   * while the request waits in the queue is never sent). A 401 gets at most one renewal, and only
   * when the token may have ended (TokenManager.refused); a valid token refused is not permitted
   * here (spec, Authentication 9), and no token is asked to learn it again.
   */
  private async getJson(url: string, get: Get): Promise<Answered> {
    const { options, scope } = get;
    // Refused there before, and no valid token in hand: being told again would cost a grant.
    if (this.tokens.refusedWithoutAsking(scope)) throw notPermitted(scope);
    for (let renewed = false; ; renewed = true) {
      let token = '';
      try {
        // Fails fast, using no slot of the limiter, when no token can be had (rejected, budget spent).
        await this.tokens.getToken(options.signal);
        return await this.limiter.schedule(
          options.priority ?? 'interactive',
          async (signal) => {
            token = await this.tokens.getToken(signal);
            const body = await this.exchange(url, token, signal, get);
            this.tokens.acceptedBy(token, scope);
            return body;
          },
          options.signal,
        );
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'unauthorized') throw error;
        // The token manager decides whether this 401 means an ended token (renew) or a valid one
        // not permitted here; a renewed token refused too is never renewed again by this call.
        if ((await this.tokens.refused(token, scope)) === 'not-permitted' || renewed) {
          throw notPermitted(scope, error);
        }
      }
    }
  }

  private async exchange(url: string, token: string, signal: AbortSignal, get: Get): Promise<Answered> {
    const { lang, carriesCursor, rows } = get;
    const answer = await httpCall(this.fetch, url, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang, accept: 'application/json' },
      signal,
      timeoutMs: this.timeoutMs,
      what: 'the API',
      maxBytes: ENVELOPE_BYTES + rows * ROW_BYTES_MAX,
    });
    const body = jsonOf(answer);
    const { status } = answer;
    if (status === 200) {
      if (body === undefined) throw invalidResponse('the body is not JSON');
      const problem = shapeProblem(body, ENVELOPE_VALUES + rows * ROW_VALUES_MAX);
      if (problem) throw invalidResponse(problem);
      const serverDate = Date.parse(answer.headers.get('date') ?? '');
      return { body, ...(Number.isFinite(serverDate) && { serverDate }) };
    }
    const serverMessage = serverMessageOf(body);
    const quoted = serverMessage ? `: ${serverMessage}` : '';
    if (status === 401) {
      throw new ApiError('unauthorized', `the API refused the access token (HTTP 401)${quoted}`, {
        status,
        serverMessage,
        retryable: true,
      });
    }
    if (status === 503 || status === 429) {
      // Bounded: a Retry-After of ten years must not pause the origin for the session.
      const wait = retryAfterMs(answer.headers.get('retry-after'), Date.now(), LONGEST_SERVER_WAIT_MS.api);
      throw new ApiError('overloaded', `the API is rate limiting or overloaded (HTTP ${status})${quoted}`, {
        status,
        serverMessage,
        retryable: true,
        retryAt: wait === undefined ? undefined : Date.now() + wait,
      });
    }
    if (status === 403) throw notPermittedAnswer(status, quoted, serverMessage);
    if (carriesCursor && status >= 400 && status < 500) {
      // docs/api.md, "Where the specification is silent": any 4xx to a request that carried a
      // cursor means the cursor is no longer valid.
      throw new ApiError('invalid-cursor', `the API refused this list's cursor (HTTP ${status})${quoted}`, {
        status,
        serverMessage,
        retryable: true,
      });
    }
    throw new ApiError('http', `the API answered HTTP ${status}${quoted}`, {
      status,
      serverMessage,
      retryable: status >= 500,
    });
  }
}

/** A page with more rows than were asked for (a server that ignores `size`). */
function tooManyRows(rows: number, asked: number): ApiError {
  return invalidResponse(`a page of ${rows} rows, where at most ${asked} were asked for`);
}

function checkedSize(size: number): number {
  if (!Number.isInteger(size) || size < 1 || size > PAGE_SIZE_MAX) {
    throw new RangeError(`page size must be a whole number from 1 to ${PAGE_SIZE_MAX}, got ${size}`);
  }
  return size;
}
