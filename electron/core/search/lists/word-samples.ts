import { PAGE_SIZE_MAX, type Language, type Resource } from '../../../shared/api-rules.js';
import type { View } from '../../../shared/view.js';
import type { ApiClient, Page } from '../../api/api-client.js';
import { idOf } from '../columns/id-index.js';

/**
 * The order whose first page a list's words are learnt from: the newest records (or agreements by
 * start), a mix of every kind, where the API's own order (by name, often) may show one kind only.
 */
const NEWEST: Record<Resource, string> = {
  customers: 'createdAt.desc',
  contacts: 'createdAt.desc',
  agreements: 'startDate.desc',
};
/** The other end of the list: records the first sample did not read, to confirm its words. */
const OLDEST: Record<Resource, string> = {
  customers: 'createdAt.asc',
  contacts: 'createdAt.asc',
  agreements: 'startDate.asc',
};

/**
 * A page of `view` in `lang` to learn its words from: the newest records; or, `after` that first
 * page, other records to confirm them: the oldest, or the page after the first where the API sorts
 * no other way (refused, or the same records again: an API that ignores the sort).
 */
export async function samplePage(
  client: ApiClient,
  view: Omit<View, 'sort'>,
  lang: Language,
  after: Page | undefined,
  signal: AbortSignal,
): Promise<Page> {
  const options = { signal, priority: 'prefetch' } as const;
  const page = { ...view, size: PAGE_SIZE_MAX, lang };
  if (!after)
    return client
      .listPage({ ...page, sort: NEWEST[view.resource] }, options)
      .catch(() => client.listPage(page, options));
  const oldest = await client
    .listPage({ ...page, sort: OLDEST[view.resource] }, options)
    .catch(() => undefined);
  const same = oldest && idOf(oldest.rows[0] ?? {}) === idOf(after.rows[0] ?? {});
  return oldest && !same
    ? oldest
    : client.listPage({ ...page, cursor: after.nextCursor ?? undefined }, options);
}
