import type { SortingState } from '@tanstack/react-table';
import type { TFunction } from 'i18next';

/**
 * The API's `sort` parameter (`field.asc|desc`, spec "Sorting") as TanStack Table's sorting state:
 * the table sorts on the server (manualSorting), one field at a time.
 */
export function sortingOf(sort: string | undefined): SortingState {
  if (!sort) return [];
  const [id = '', direction] = sort.split('.');
  return [{ id, desc: direction !== 'asc' }];
}

/** TanStack Table's sorting state as the API's `sort` parameter; none is the API's default order. */
export function sortParamOf(sorting: SortingState): string | undefined {
  const [first] = sorting;
  return first ? `${first.id}.${first.desc ? 'desc' : 'asc'}` : undefined;
}

/**
 * A sort as a sentence says it: "by MRR (descending)", or "in the API's order" for none, the column
 * named by `labelOf` (its label in the language shown), else by its key.
 */
export function sortText(
  t: TFunction,
  sort: string | undefined,
  labelOf: (field: string) => string | undefined,
): string {
  const [sorted] = sortingOf(sort);
  if (!sorted) return t('export.defaultOrder');
  return t('export.sortedBy', {
    column: labelOf(sorted.id) ?? sorted.id,
    direction: t(sorted.desc ? 'export.descending' : 'export.ascending'),
  });
}

/** `aria-sort` for a column sorted `direction` (TanStack's getIsSorted()). */
export function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}
