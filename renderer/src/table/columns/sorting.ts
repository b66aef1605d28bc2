import type { SortingState } from '@tanstack/react-table';
import { sortOrderOf } from '@shared/view';

/**
 * The API's `sort` parameter (`field.asc|desc`, spec "Sorting") as TanStack Table's sorting state:
 * the table sorts on the server (manualSorting), one field at a time.
 */
export function sortingOf(sort: string | undefined): SortingState {
  const order = sortOrderOf(sort);
  return order ? [{ id: order.field, desc: order.descending }] : [];
}

/** TanStack Table's sorting state as the API's `sort` parameter; none is the API's default order. */
export function sortParamOf(sorting: SortingState): string | undefined {
  const [first] = sorting;
  return first ? `${first.id}.${first.desc ? 'desc' : 'asc'}` : undefined;
}

/** `aria-sort` for a column sorted `direction` (TanStack's getIsSorted()). */
export function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}
