import type { TFunction } from 'i18next';
import { sortOrderOf } from '@shared/view';

/**
 * A sort as a sentence says it: "by MRR (descending)", or "in the API's order" for none, the column
 * named by `labelOf` (its label in the language shown), else by its key.
 */
export function sortText(
  t: TFunction,
  sort: string | undefined,
  labelOf: (field: string) => string | undefined,
): string {
  const order = sortOrderOf(sort);
  if (!order) return t('export.defaultOrder');
  return t('export.sortedBy', {
    column: labelOf(order.field) ?? order.field,
    direction: t(order.descending ? 'export.descending' : 'export.ascending'),
  });
}
