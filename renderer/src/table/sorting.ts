/** The direction a column is sorted in by `sort` (`field.asc|desc`), for aria-sort. */
export function sortDirection(
  sort: string | undefined,
  field: string,
): 'ascending' | 'descending' | undefined {
  if (!sort) return undefined;
  const [sorted, direction] = sort.split('.');
  if (sorted !== field) return undefined;
  return direction === 'asc' ? 'ascending' : 'descending';
}

/** The sort after a click on a column's header: descending, then ascending, then the API's default. */
export function nextSort(sort: string | undefined, field: string): string | undefined {
  switch (sortDirection(sort, field)) {
    case undefined:
      return `${field}.desc`;
    case 'descending':
      return `${field}.asc`;
    default:
      return undefined;
  }
}
