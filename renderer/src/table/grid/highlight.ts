import { ANY_FIELD, type FilterCondition } from '@shared/filter';
import { highlightRanges, searchTermsOf, type SearchTerms } from '@shared/search';
import { parseSearch, shownTermsOf } from '@shared/search-words';

/** Where a cell's text is marked: [start, end) ranges of it. */
export type Highlighter = (columnKey: string, text: string) => [number, number][];

/**
 * What a filter marks in the cells (the search rules of search.ts, search-words.ts): the search
 * box's words in every column, or in the one column they name (never what they exclude), a column's
 * "contains" in that column. Undefined when nothing is looked for. `fieldOf` finds the column a
 * search names.
 */
export function highlighterOf(
  filter: readonly FilterCondition[],
  fieldOf?: (name: string) => string | undefined,
): Highlighter | undefined {
  const searches: string[] = [];
  const byColumn = new Map<string, string[]>();
  for (const condition of filter) {
    if (condition.op !== 'contains' || condition.value === undefined) continue;
    const text = String(condition.value);
    if (condition.field === ANY_FIELD) searches.push(text);
    else byColumn.set(condition.field, [...(byColumn.get(condition.field) ?? []), text]);
  }
  if (!searches.length && !byColumn.size) return undefined;
  const query = parseSearch(searches.join(' '), fieldOf);
  const terms = new Map<string, SearchTerms>();
  return (columnKey, text) => {
    let own = terms.get(columnKey);
    if (!own) {
      const shown = shownTermsOf(query, columnKey);
      const contained = searchTermsOf((byColumn.get(columnKey) ?? []).join(' '));
      own = { words: [...shown.words, ...contained.words], digits: [...shown.digits, ...contained.digits] };
      terms.set(columnKey, own);
    }
    return highlightRanges(own, text);
  };
}
