import { createHash } from 'node:crypto';
import type { ApiClient, CallOptions, Page, PageRequest } from './api-client.js';
import { invalidResponse } from './api-answers.js';
import { repeatedCursorMessage } from '../../shared/errors.js';
import { ApiError } from '../errors.js';

export interface TraversalOptions extends CallOptions {
  /**
   * How many times an invalid cursor may restart the traversal from the top (docs/api.md: tables
   * reload, an export restarts once); past that the invalid-cursor error is thrown.
   */
  restarts?: number;
}

export interface TraversalPage extends Page {
  /** 0 for the first page of the traversal (or of its restart). */
  index: number;
  /** True on the first page after a restart: everything received before it is to be dropped. */
  restarted: boolean;
}

/**
 * One traversal of a view (spec "Rules" 1-3 and 7): the first page without a cursor, then each
 * nextCursor until hasNextPage is false, with the same sort throughout. The cursor lives only
 * inside the traversal (rule 2). Cancelled by the signal, or by leaving the loop. A cursor handed
 * out twice would read the same pages forever (a broken server): it ends the traversal with an error.
 */
export async function* traverse(
  client: ApiClient,
  request: Omit<PageRequest, 'cursor'>,
  options: TraversalOptions = {},
): AsyncGenerator<TraversalPage, void, undefined> {
  let cursor: string | undefined;
  let index = 0;
  let restarts = 0;
  let restarted = false;
  // Digests, not the cursors: a few bytes per page, whatever the server makes its cursors.
  const seen = new Set<string>();
  for (;;) {
    let page: Page;
    try {
      page = await client.listPage({ ...request, cursor }, options);
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.code === 'invalid-cursor' &&
        restarts < (options.restarts ?? 0)
      ) {
        restarts++;
        seen.clear();
        cursor = undefined;
        index = 0;
        restarted = true;
        continue;
      }
      throw error;
    }
    yield { ...page, index, restarted };
    restarted = false;
    index++;
    if (!page.hasNextPage || page.nextCursor === null) return;
    const digest = createHash('sha256').update(page.nextCursor).digest('base64').slice(0, 22);
    if (seen.has(digest)) throw repeatedCursor(index);
    seen.add(digest);
    cursor = page.nextCursor;
  }
}

/** The API gave, after page `pages`, a cursor it had given before in this traversal. */
function repeatedCursor(pages: number): ApiError {
  return invalidResponse(repeatedCursorMessage(`after ${pages} pages`));
}
