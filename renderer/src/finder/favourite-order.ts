import type { MarkedCustomer } from '@shared/marked-customers';

/** The ids with the one at `index` moved one place up (-1) or down (+1); the same order at an end. */
export function movedBy(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const to = index + step;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const order = [...ids];
  [order[index], order[to]] = [order[to] as string, order[index] as string];
  return order;
}

/** The favourites' ids by name as `language` sorts them (accents and case aside; a customer without a name by its id). */
export function byName(favourites: readonly MarkedCustomer[], language: string): string[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return [...favourites]
    .sort((a, b) => collator.compare(a.name ?? a.customerId, b.name ?? b.customerId))
    .map((each) => each.customerId);
}
