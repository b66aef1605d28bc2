import { describe, expect, it } from 'vitest';
import { ariaSort, sortingOf, sortParamOf } from './sorting';

describe('the API sort parameter and TanStack Table sorting state', () => {
  it.each([
    [undefined, []],
    ['mrr.desc', [{ id: 'mrr', desc: true }]],
    ['startDate.asc', [{ id: 'startDate', desc: false }]],
  ] as const)('%s is %j, and back', (sort, sorting) => {
    expect(sortingOf(sort)).toEqual(sorting);
    expect(sortParamOf(sortingOf(sort))).toBe(sort);
  });

  it('sends one field only: the API sorts by one (spec "Sorting")', () => {
    expect(
      sortParamOf([
        { id: 'mrr', desc: false },
        { id: 'arr', desc: true },
      ]),
    ).toBe('mrr.asc');
  });

  it('says the direction to screen readers', () => {
    expect([ariaSort('asc'), ariaSort('desc'), ariaSort(false)]).toEqual(['ascending', 'descending', 'none']);
  });
});
