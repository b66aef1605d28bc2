import { describe, expect, it } from 'vitest';
import type { HeldList } from './held-list-state.js';
import { fitsBudget } from './list-budget.js';

/** A list as the budget judges it: its bytes, its estimate, whether it reads, when it was last used. */
function listOf(
  name: string,
  { bytes = 0, estimate = undefined as number | undefined, reading = false, usedAgoMs = 60 * 60_000 } = {},
) {
  return {
    name,
    bytes,
    reading,
    lastUsed: Date.now() - usedAgoMs,
    estimatedBytes: undefined as number | undefined,
    rows: { bytes },
    reader: undefined,
    estimateWhole: () => estimate,
  } as unknown as HeldList & { name: string };
}

const namesOf = (lists: readonly HeldList[]) =>
  lists.map((list) => (list as HeldList & { name: string }).name);

describe('the memory kept for search', () => {
  it('refuses a list whose pages say the whole will not fit, and drops nothing for it', () => {
    const other = listOf('other', { bytes: 100 });
    const list = listOf('long', { bytes: 10, estimate: 1_001 });
    const dropped: HeldList[] = [];
    expect(fitsBudget(list, [other, list], 1_000, (each) => dropped.push(each))).toBe(false);
    expect(list.estimatedBytes).toBe(1_001);
    expect(dropped).toEqual([]);
  });

  it('takes a list whose whole fits, to the byte', () => {
    const list = listOf('list', { bytes: 10, estimate: 1_000 });
    expect(fitsBudget(list, [list], 1_000, () => {})).toBe(true);
    expect(list.estimatedBytes).toBeUndefined();
  });

  it('refuses records no estimate can be trusted for', () => {
    const other = listOf('other', { bytes: 900 });
    const list = listOf('nested', { bytes: Number.POSITIVE_INFINITY });
    const dropped: HeldList[] = [];
    expect(fitsBudget(list, [other, list], 1_000, (each) => dropped.push(each))).toBe(false);
    expect(dropped).toEqual([]);
  });

  it('drops the lists nobody uses, the least recently used first, until the new one fits', () => {
    const oldest = listOf('oldest', { bytes: 400, usedAgoMs: 3 * 60 * 60_000 });
    const older = listOf('older', { bytes: 400, usedAgoMs: 2 * 60 * 60_000 });
    const list = listOf('new', { bytes: 500 });
    const dropped: HeldList[] = [];
    expect(fitsBudget(list, [oldest, older, list], 1_000, (each) => dropped.push(each))).toBe(true);
    expect(namesOf(dropped)).toEqual(['oldest']);
  });

  it('never drops a list in use or being read, and refuses the new one instead', () => {
    const shown = listOf('shown', { bytes: 600, usedAgoMs: 1_000 });
    const reading = listOf('reading', { bytes: 300, reading: true });
    const list = listOf('new', { bytes: 500 });
    const dropped: HeldList[] = [];
    expect(fitsBudget(list, [shown, reading, list], 1_000, (each) => dropped.push(each))).toBe(false);
    expect(dropped).toEqual([]);
  });
});
