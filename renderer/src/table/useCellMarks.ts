import { useMemo } from 'react';
import type { ColourRule } from '@shared/colour-rules';
import { paintOf } from '@shared/colour-rules';
import type { FilterCondition } from '@shared/filter';
import { labelsOf } from '@shared/search';
import { highlighterOf } from './grid/highlight';
import type { ViewRows } from './view/useViewRows';

/**
 * What the cells show beyond their text: the filter's and the find's words marked (`highlight`),
 * and the colour rules' grounds (`paint`), each made again only when what it reads changes.
 */
export function useCellMarks(
  filter: readonly FilterCondition[],
  found: FilterCondition | undefined,
  rows: Pick<ViewRows, 'fieldOf' | 'filterColumns'>,
  rules: readonly ColourRule[] | undefined,
) {
  const { fieldOf, filterColumns } = rows;
  const highlight = useMemo(
    () => highlighterOf(found ? [...filter, found] : [...filter], fieldOf),
    [filter, found, fieldOf],
  );
  const paint = useMemo(() => {
    if (!rules?.length) return undefined;
    const kinds = new Map(filterColumns.map((column) => [column.key, column.kind]));
    return paintOf(rules, (key) => kinds.get(key) ?? 'text', labelsOf(filterColumns));
  }, [rules, filterColumns]);
  return { highlight, paint };
}
