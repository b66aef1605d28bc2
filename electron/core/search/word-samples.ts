import { PAGE_SIZE_MAX, type Language, type Resource } from '../../shared/api-rules.js';
import type { View } from '../../shared/view.js';
import type { ApiClient, Page } from '../api/api-client.js';

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
 * A page of `view` in `lang` to learn its words from: the newest records, or, to confirm them
 * `after` the first page (its next cursor), the oldest (where the API sorts no other way, the page
 * after the first).
 */
export function samplePage(
  client: ApiClient,
  view: Omit<View, 'sort'>,
  lang: Language,
  after: string | undefined,
  signal: AbortSignal,
): Promise<Page> {
  const options = { signal, priority: 'prefetch' } as const;
  const sort = after === undefined ? NEWEST[view.resource] : OLDEST[view.resource];
  return client
    .listPage({ ...view, sort, size: PAGE_SIZE_MAX, lang }, options)
    .catch(() =>
      client.listPage(
        { ...view, size: PAGE_SIZE_MAX, lang, ...(after !== undefined && { cursor: after }) },
        options,
      ),
    );
}
