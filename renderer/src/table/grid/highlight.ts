import { ANY_FIELD, type FilterCondition } from '../../../../electron/shared/filter';
import { highlightRanges, searchTermsOf, type SearchTerms } from '../../../../electron/shared/search';

/** Where a cell's text is marked: [start, end) ranges of it. */
export type Highlighter = (columnKey: string, text: string) => [number, number][];

/**
 * What a filter marks in the cells (the search rules of search.ts): the search box's words and
 * numbers in every column, a column's "contains" in that column. Undefined when nothing is looked for.
 */
export function highlighterOf(filter: readonly FilterCondition[]): Highlighter | undefined {
  const everywhere: string[] = [];
  const byColumn = new Map<string, string[]>();
  for (const condition of filter) {
    if (condition.op !== 'contains' || condition.value === undefined) continue;
    const text = String(condition.value);
    if (condition.field === ANY_FIELD) everywhere.push(text);
    else byColumn.set(condition.field, [...(byColumn.get(condition.field) ?? []), text]);
  }
  if (!everywhere.length && !byColumn.size) return undefined;
  const terms = new Map<string, SearchTerms>();
  const anywhere = searchTermsOf(everywhere.join(' '));
  return (columnKey, text) => {
    let own = terms.get(columnKey);
    if (!own) {
      own = searchTermsOf([...everywhere, ...(byColumn.get(columnKey) ?? [])].join(' '));
      terms.set(columnKey, own);
    }
    return highlightRanges(byColumn.has(columnKey) ? own : anywhere, text);
  };
}
