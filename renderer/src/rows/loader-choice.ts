import type { HeldListStatus } from '@shared/held-list';

/** The loader a table reads a view's rows with (row-loader.ts), or none before a connection is known. */
export type LoaderKind = 'none' | 'scan' | 'held' | 'blocks';

/**
 * Which loader reads a view, from what the table knows now:
 * - none before the session names a connection;
 * - a filtered view of a list too long to hold is scanned, its pages read with the filter applied;
 * - a filtered view otherwise is answered from the list held for search;
 * - so is an unfiltered view sorted as the table shows it and the API cannot: by days to a deadline
 *   once its list is held (counted as they stand today), or by a customer's column while its list
 *   can be held;
 * - else its blocks are read from the API as they come on screen.
 */
export function loaderKindOf(view: {
  connected: boolean;
  filtered: boolean;
  /** The state of the view's list held for search, if the app has said it. */
  held: HeldListStatus['state'] | undefined;
  /** The sort's field names days to a deadline (shared/deadline.ts). */
  sortByDeadline: boolean;
  /** The sort's field is a customer's column of a contact or an agreement (shared/customer-columns.ts). */
  sortByCustomer: boolean;
}): LoaderKind {
  if (!view.connected) return 'none';
  if (view.filtered) return view.held === 'too-long' ? 'scan' : 'held';
  const byToday =
    (view.held === 'held' && view.sortByDeadline) || (view.held !== 'too-long' && view.sortByCustomer);
  return byToday ? 'held' : 'blocks';
}
