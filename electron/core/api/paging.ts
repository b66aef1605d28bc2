import type { ApiClient, CallOptions, Page, PageRequest } from './api-client.js';
import { invalidResponse } from './api-answers.js';
import { PageChain } from '../../shared/page-chain.js';
import { ApiError } from '../engine-errors.js';

export interface TraversalOptions extends CallOptions {
  /**
   * How many times an invalid cursor may restart the traversal from the top (docs/api.md: tables
   * reload, an export restarts once); past that the invalid-cursor error is thrown.
   */
  restarts?: number;
  /** The list's count once known (what bounds a list whose cursors never end). */
  total?: () => number | undefined;
  /**
   * Asks for the next page as soon as a page arrives, while the caller handles it: an export
   * writes a page in the time the next one travels, instead of one after the other. Cancelled
   * when the traversal ends early.
   */
  readAhead?: boolean;
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
  // The read-ahead's own signal, beside the caller's: a traversal left early cancels it.
  const ahead = new AbortController();
  const callOptions = {
    ...options,
    signal: options.signal ? AbortSignal.any([options.signal, ahead.signal]) : ahead.signal,
  };
  const pageAt = (at: string | undefined) => client.listPage({ ...request, cursor: at }, callOptions);
  let next: Promise<Page> | undefined;
  try {
    for (;;) {
      let page: Page;
      try {
        page = await (next ?? pageAt(cursor));
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.code === 'invalid-cursor' &&
          restarts < (options.restarts ?? 0)
        ) {
          restarts++;
          chain.restart();
          next = undefined;
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
      const nextCursor = page.hasNextPage ? (page.nextCursor ?? undefined) : undefined;
      next = nextCursor !== undefined && options.readAhead ? pageAt(nextCursor) : undefined;
      // Its failure is met when it is awaited, or not at all when the traversal ends first.
      next?.catch(() => undefined);
      yield { ...page, index, restarted };
      restarted = false;
      index++;
      if (nextCursor === undefined) return;
      cursor = nextCursor;
    }
  } finally {
    ahead.abort();
  }
}
