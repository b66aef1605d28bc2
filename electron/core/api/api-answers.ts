import { z } from 'zod';
import { LIST_ROWS_MAX } from '../../shared/api-rules.js';
import type { ApiRecord, SchemaListing } from '../../shared/schema.js';
import { ApiError, capServerText, serverMessageOf } from '../engine-errors.js';
import { schemasIn } from './schema-shapes.js';

// What the API answers, read as `unknown` and checked: the spec's envelope, its pagination, and
// the errors that say what was wrong with an answer.

/** `metadata.pagination` of a cursor page (spec "Pagination"). */
export const cursorPaginationSchema = z.object({
  hasNextPage: z.boolean(),
  nextCursor: z.string().min(1).nullable().optional(),
});
/** `metadata.pagination` of an offset page: its `total` is the view's count. */
export const offsetPaginationSchema = z.object({ total: z.number().int().nonnegative().max(LIST_ROWS_MAX) });

/** A 401 to a token known to be valid (freshly issued, or answered elsewhere): the credentials work, but not for this resource. */
export function notPermitted(scope: string, refusal?: ApiError): ApiError {
  return new ApiError(
    'not-permitted',
    `not permitted: the API refuses these credentials' valid token for ${scope} (HTTP 401); they may be restricted to other resources`,
    { status: 401, serverMessage: refusal?.serverMessage, retryable: false },
  );
}

/** A 403: the API forbids these credentials this call. */
export function notPermittedAnswer(
  status: number,
  quoted: string,
  serverMessage: string | undefined,
): ApiError {
  return new ApiError('not-permitted', `not permitted: the API forbids this call (HTTP ${status})${quoted}`, {
    status,
    serverMessage,
    retryable: false,
  });
}

/** An answer the app cannot read: what was wrong with it, and the server's words if any. */
export function invalidResponse(what: string, serverMessage?: string): ApiError {
  return new ApiError('invalid-response', `the API answered something the app cannot read: ${what}`, {
    status: 200,
    serverMessage,
    retryable: false,
  });
}

/** The spec's envelope: `status` "success", `data` an array of records, `metadata` an object. */
export function successEnvelope(body: unknown): { data: ApiRecord[]; metadata: { pagination?: unknown } } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidResponse('not an envelope object');
  const { status, data, metadata } = body as Record<string, unknown>;
  if (status !== 'success') {
    const serverMessage = serverMessageOf(body);
    throw invalidResponse(
      `status is ${capServerText(JSON.stringify(status) ?? String(status))}, not "success"${serverMessage ? ` (${serverMessage})` : ''}`,
      serverMessage,
    );
  }
  if (
    !Array.isArray(data) ||
    !data.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))
  ) {
    throw invalidResponse('data is not a list of records');
  }
  if (typeof metadata !== 'object' || metadata === null) throw invalidResponse('metadata is missing');
  return { data: data as ApiRecord[], metadata: metadata };
}

/**
 * Values nested deeper than this are refused: real records are a few levels deep, and every layer
 * after this one (IPC's structured clone, JSON for the browser host, the table's text of an object)
 * walks them recursively and would fail on a deep enough one as an "internal error".
 */
export const DEEPEST_NESTING = 64;

/**
 * What is wrong with the shape of `body`, or undefined: arrays or objects nested deeper than
 * DEEPEST_NESTING levels, or more than `maxValues` values in all (what is passed on to windows is
 * bounded, not only the bytes read). Walked without recursion.
 */
export function shapeProblem(body: unknown, maxValues: number): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  let values = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (++values > maxValues) return `it holds more than ${maxValues.toLocaleString('en')} values`;
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= DEEPEST_NESTING) return `it nests values deeper than ${DEEPEST_NESTING} levels`;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  return undefined;
}

/** The schema listing at `path` (the spec shows none of its shape); null with a reason when unreadable. */
export function schemaListingOf(body: unknown, path: string): SchemaListing {
  const schemas = schemasIn(body);
  return schemas
    ? { schemas }
    : { schemas: null, reason: `the schema listing at ${path} has a shape the app does not know` };
}
