import { describe, expect, it } from 'vitest';
import { colourRuleTest, paintOf, type ColourRule } from './colour-rules.js';

const NOW = Date.parse('2026-12-02T10:00:00Z');
const kinds: Record<string, 'number' | 'date' | 'text'> = { mrr: 'number', endDate: 'date' };
const kindOf = (field: string) => kinds[field] ?? 'text';
const rule = (over: Partial<ColourRule>): ColourRule => ({
  name: 'Rule',
  field: 'status',
  op: 'eq',
  value: 'terminated',
  style: 'red',
  marks: 'row',
  ...over,
});
const holds = (over: Partial<ColourRule>, record: Record<string, unknown>) =>
  colourRuleTest(rule(over), kindOf, undefined, NOW)(record);

describe('colour rules', () => {
  it('compare as the filter does', () => {
    expect(holds({}, { status: 'terminated' })).toBe(true);
    expect(holds({}, { status: 'active' })).toBe(false);
    expect(holds({ field: 'mrr', op: 'gt', value: 1000 }, { mrr: 1000.5 })).toBe(true);
    expect(holds({ field: 'mrr', op: 'gt', value: 1000 }, { mrr: 1000 })).toBe(false);
    expect(holds({ field: 'mrr', op: 'between', value: '10..20' }, { mrr: 20 })).toBe(true);
    expect(holds({ field: 'name', op: 'contains', value: 'pro' }, { name: 'Pro 2020' })).toBe(true);
    expect(holds({ field: 'phone', op: 'empty', value: undefined }, { phone: null })).toBe(true);
  });

  it('find a date within N days from today, and days to a deadline between 0 and N', () => {
    const within = { field: 'endDate', op: 'withinDays' as const, value: 30 };
    expect(holds(within, { endDate: '2026-12-02' })).toBe(true);
    expect(holds(within, { endDate: '2027-01-01' })).toBe(true);
    expect(holds(within, { endDate: '2027-01-02' })).toBe(false);
    expect(holds(within, { endDate: '2026-12-01' })).toBe(false);
    // The notice deadline as it stands today: 2026-12-20 end, engagement and notice 30 days apart.
    const agreement = { status: 'active', endDate: '2027-01-20', engagement: 60, notice: 30 };
    expect(holds({ field: 'notice', op: 'withinDays', value: 30 }, agreement)).toBe(true);
    expect(holds({ field: 'notice', op: 'withinDays', value: 10 }, agreement)).toBe(false);
    expect(() => holds({ field: 'name', op: 'withinDays', value: 3 }, {})).toThrow(/dates and deadlines/);
  });

  it('paint a row by the first rule that holds, a cell by its column’s first, and name every rule that holds', () => {
    const paint = paintOf(
      [
        rule({ name: 'Over', style: 'red' }),
        rule({ name: 'Big', field: 'mrr', op: 'gt', value: 100, style: 'green', marks: 'cell' }),
        rule({ name: 'Gone', style: 'grey' }),
      ],
      kindOf,
    );
    expect(paint({ status: 'terminated', mrr: 500 })).toEqual({
      row: 'red',
      cells: new Map([['mrr', 'green']]),
      names: ['Over', 'Big', 'Gone'],
    });
    expect(paint({ status: 'active', mrr: 5 })).toBeUndefined();
  });

  it('leave out a rule that cannot apply, and say why', () => {
    const problems: string[] = [];
    const paint = paintOf([rule({ field: 'name', op: 'gt', value: 3 })], kindOf, undefined, (_, problem) =>
      problems.push(problem),
    );
    expect(paint({ name: 'x' })).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining('name')]);
  });
});
