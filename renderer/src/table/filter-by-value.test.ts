import { describe, expect, it } from 'vitest';
import { compileFilter } from '@shared/filter';
import { valueCondition, withCondition } from './filter-by-value';

const records = [
  { id: 'A', status: 'active', mrr: 120.5, city: 'Lyon', endDate: '2026-03-01', phone: null },
  { id: 'B', status: 'terminated', mrr: 0, city: 'Paris', endDate: null, phone: '+33 1' },
  { id: 'C', status: 'active', mrr: 120.5, city: 'lyon', endDate: '2026-03-01', phone: '' },
];
const kinds = { mrr: 'number', endDate: 'date' } as Record<string, 'number' | 'date'>;
/** The ids the filter keeps with `condition`, judged by the filter's own rules. */
const kept = (condition: ReturnType<typeof valueCondition>) => {
  const keep = compileFilter([condition!], (field) => kinds[field] ?? 'text');
  return records.filter(keep).map((record) => record.id);
};

describe('filter by a cell’s value', () => {
  it('keeps the rows holding the same value, or leaves them out, by the filter’s rules', () => {
    expect(kept(valueCondition(records[0]!, 'status', false))).toEqual(['A', 'C']);
    expect(kept(valueCondition(records[0]!, 'status', true))).toEqual(['B']);
    expect(kept(valueCondition(records[0]!, 'mrr', false))).toEqual(['A', 'C']);
    expect(kept(valueCondition(records[1]!, 'mrr', true))).toEqual(['A', 'C']);
    // Exactly the value: "Lyon" is not "lyon".
    expect(kept(valueCondition(records[0]!, 'city', false))).toEqual(['A']);
    expect(kept(valueCondition(records[0]!, 'endDate', false))).toEqual(['A', 'C']);
  });

  it('says an empty cell as "is empty" (null and "" alike), and its exclusion as "is not empty"', () => {
    expect(valueCondition(records[0]!, 'phone', false)).toEqual({ field: 'phone', op: 'empty' });
    expect(kept(valueCondition(records[0]!, 'phone', false))).toEqual(['A', 'C']);
    expect(kept(valueCondition(records[2]!, 'phone', true))).toEqual(['B']);
  });

  it('offers nothing for a value a condition cannot hold', () => {
    expect(valueCondition({ id: 'X', notes: { a: 1 } }, 'notes', false)).toBeUndefined();
    expect(valueCondition({ id: 'X', notes: 'x'.repeat(5_000) }, 'notes', false)).toBeUndefined();
  });

  it('adds a condition once', () => {
    const condition = { field: 'city', op: 'eq' as const, value: 'Lyon' };
    expect(withCondition([condition], { ...condition })).toEqual([condition]);
    expect(withCondition([], condition)).toEqual([condition]);
  });
});
