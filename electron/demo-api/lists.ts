import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type Language, type Resource } from '../shared/api-rules.js';
import { CursorCodec, CursorError } from './cursor.js';
import { apiError, integerParam, singleParam, type Reply } from './demo-http.js';
import { firstIndexAfter, orderingFor, SortError, type Ordering } from './ordering.js';
import { toRecord, type RowsByResource } from './rows.js';
import type { DemoStore } from './store.js';

/** One list request: which rows, in which language, with the raw query. */
export interface ListRequest<R extends Resource> {
  resource: R;
  /** Public id of the customer for the per-customer routes. */
  customerPublicId?: string;
  query: URLSearchParams;
  language: Language;
}

/**
 * The five list routes (spec "List endpoints with pagination"): cursor mode by default, offset
 * mode when `page` is given without `cursor`, `size` 1..500, `sort` on the resource's sortable fields.
 */
export function listPage<R extends Resource>(
  store: DemoStore,
  codec: CursorCodec,
  request: ListRequest<R>,
): Reply {
  const { resource, query, language } = request;
  let customerId: number | null = null;
  if (request.customerPublicId !== undefined) {
    const customer = store.customer(request.customerPublicId);
    if (!customer) throw apiError(404, `customer ${request.customerPublicId} not found`);
    customerId = customer.id;
  }
  const sizeParam = singleParam(query, 'size');
  const size =
    sizeParam === undefined ? PAGE_SIZE_DEFAULT : integerParam(sizeParam, 'size', 1, PAGE_SIZE_MAX);
  const ordering = parseOrdering(resource, singleParam(query, 'sort'));
  const sorted = store.tables[resource].sorted(ordering, customerId ?? undefined);
  const format = (rows: readonly RowsByResource[R][]): unknown[] =>
    rows.map((row) => toRecord[resource](row, language));

  const cursor = singleParam(query, 'cursor');
  const page = singleParam(query, 'page');
  // Spec: `page` is "ignored when cursor is present".
  if (cursor === undefined && page !== undefined) {
    const pageNumber = integerParam(page, 'page', 1);
    const start = (pageNumber - 1) * size;
    return success(format(sorted.slice(start, start + size)), {
      size,
      page: pageNumber,
      total: sorted.length,
      hasNextPage: start + size < sorted.length,
    });
  }

  const scope = { resource, customerId, sort: ordering.sort };
  let start = 0;
  if (cursor !== undefined) {
    try {
      start = firstIndexAfter(sorted, codec.decode(cursor, scope), ordering);
    } catch (error) {
      if (error instanceof CursorError) throw apiError(400, error.message);
      throw error;
    }
  }
  const rows = sorted.slice(start, start + size);
  const last = rows.at(-1);
  const hasNextPage = last !== undefined && start + size < sorted.length;
  return success(format(rows), {
    size,
    hasNextPage,
    nextCursor: hasNextPage ? codec.encode(scope, ordering.keyOf(last)) : null,
  });
}

function parseOrdering<R extends Resource>(
  resource: R,
  sort: string | undefined,
): Ordering<RowsByResource[R]> {
  try {
    return orderingFor(resource, sort);
  } catch (error) {
    if (error instanceof SortError) throw apiError(400, error.message);
    throw error;
  }
}

function success(data: unknown[], pagination: Record<string, unknown>): Reply {
  return { status: 200, body: { status: 'success', data, metadata: { pagination } } };
}
