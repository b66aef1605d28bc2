/**
 * The column order after moving column `id` one place (`by`: -1 left, +1 right) among the visible
 * columns: hidden neighbours are passed over, so every press changes what the user sees. Unchanged
 * when no visible column stands on that side.
 */
export function moveAmongVisible(
  order: readonly string[],
  visible: ReadonlySet<string>,
  id: string,
  by: -1 | 1,
): string[] {
  const from = order.indexOf(id);
  let to = from + by;
  while (to >= 0 && to < order.length && !visible.has(order[to] ?? '')) to += by;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = order.filter((key) => key !== id);
  next.splice(to, 0, id);
  return next;
}
