import { compileFilter, splitChanged, type FieldKind, type FilterCondition } from '@shared/filter';

/**
 * What a view's filter keeps of a row as the window reads it (a scan applies it to the pages as they
 * come), or why it cannot be applied: a field it names that the view has not, a value of the wrong
 * kind. Only what changed is judged by the app, on the list it holds (filter.ts): not here.
 */
export function keptByFilter(
  filter: readonly FilterCondition[],
  columns: readonly { key: string; kind: FieldKind }[],
  labelOf: Parameters<typeof compileFilter>[2],
  fieldOf: Parameters<typeof compileFilter>[3],
): { keep: ReturnType<typeof compileFilter> | undefined; filterProblem: string | undefined } {
  if (!filter.length) return { keep: undefined, filterProblem: undefined };
  const kinds = new Map(columns.map((column) => [column.key, column.kind]));
  try {
    const keep = compileFilter(
      splitChanged(filter).rest,
      (key) => kinds.get(key) ?? 'text',
      labelOf,
      fieldOf,
    );
    return { keep, filterProblem: undefined };
  } catch (problem) {
    return { keep: undefined, filterProblem: (problem as Error).message };
  }
}
