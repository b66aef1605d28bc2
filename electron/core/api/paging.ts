import type { ApiClient, CallOptions, Page, PageRequest } from './api-client.js';
import { invalidResponse } from './api-answers.js';
import { PageChain } from '../../shared/page-chain.js';
import { ApiError } from '../errors.js';

export interface TraversalOptions extends CallOptions {
  /**
   * How many times an invalid cursor may restart the traversal from the top (docs/api.md: tables
   * reload, an export restarts once); past that the invalid-cursor error is thrown.
   */
  restarts?: number;
  /** The list's count once known (what bounds a list whose cursors never end). */
  total?: () => number | undefined;
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
 * inside the traversal (rule 2). Cancelled by the signal, or by leaving the loop. A chain of pages
 * that cannot be right (a cursor handed out twice, the same rows again, far more rows than the list
 * counts: PageChain) would read forever: it ends the traversal with an error.
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
  const chain = new PageChain(request.size);
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
        chain.restart();
        cursor = undefined;
        index = 0;
        restarted = true;
        continue;
      }
      throw error;
    }
    chain.total = options.total?.();
    const problem = chain.take(page);
    if (problem) throw invalidResponse(problem);
    yield { ...page, index, restarted };
    restarted = false;
    index++;
    if (!page.hasNextPage || page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}
