import { PAGE_SIZE_MAX, type Language } from '@shared/api-rules';
import type { AppApi } from '@shared/contract/contract';
import { PageChain } from '@shared/page-chain';
import type { ApiRecord } from '@shared/schema';
import { AppFailure, call } from '../api/call';
import { newRequestId } from '../api/request-ids';

/** How far a look-up went: customers read so far. */
export interface LookupProgress {
  scanned: number;
}

/**
 * Finds customer `customerId` by reading the customers' pages in the API's order (the API has no
 * route that reads one customer: docs/api.md), at background priority so the tables on screen go
 * first. Resolves with the record, or undefined when the whole list was read without it. Stopped by
 * `signal` (the page being read is cancelled); a chain of pages that cannot be right (a cursor given
 * twice, far more customers than counted: PageChain) ends it with an error, as every traversal does.
 */
export async function lookUpCustomer(
  api: AppApi,
  customerId: string,
  lang: Language,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: LookupProgress) => void },
): Promise<ApiRecord | undefined> {
  const chain = new PageChain(PAGE_SIZE_MAX);
  let cursor: string | undefined;
  let scanned = 0;
  for (;;) {
    signal.throwIfAborted();
    const requestId = newRequestId('lookup');
    const cancel = () => void api.invoke('data.cancel', { requestId });
    signal.addEventListener('abort', cancel, { once: true });
    const page = await call(api, 'data.listPage', {
      view: { resource: 'customers' },
      size: PAGE_SIZE_MAX,
      lang,
      priority: 'prefetch',
      requestId,
      ...(cursor !== undefined && { cursor }),
    }).finally(() => signal.removeEventListener('abort', cancel));
    signal.throwIfAborted();
    const problem = chain.take(page);
    if (problem) throw new AppFailure({ code: 'invalid-response', message: problem });
    const found = page.rows.find((record) => String(record.id) === customerId);
    scanned += page.rows.length;
    onProgress({ scanned });
    if (found) return found;
    if (!page.hasNextPage || page.nextCursor === null) return undefined;
    cursor = page.nextCursor;
  }
}
