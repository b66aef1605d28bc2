import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { describeRule, draftOf, newDraft, opsFor, ruleOf } from './rule-form';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;
const status = {
  key: 'status',
  label: 'Status',
  kind: 'text' as const,
  values: [
    { value: 'active', label: 'Active' },
    { value: 'terminated', label: 'Terminated' },
  ],
};
const mrr = { key: 'mrr', label: 'MRR', kind: 'number' as const };
const endDate = { key: 'endDate', label: 'End date', kind: 'date' as const };

describe('a colour rule’s form', () => {
  it('offers the conditions a column can take', () => {
    expect(opsFor(status)).toEqual(['eq', 'neq', 'empty']);
    expect(opsFor(mrr)).toContain('between');
    expect(opsFor(mrr)).not.toContain('withinDays');
    expect(opsFor(endDate)[0]).toBe('withinDays');
    expect(opsFor({ key: 'notice', label: 'Notice', kind: 'number' })).toContain('withinDays');
  });

  it('makes a rule of what was typed, and says what is missing', () => {
    const draft = { ...newDraft(mrr), name: 'Big', op: 'between' as const, value: '100', upTo: '900' };
    expect(ruleOf(draft, mrr, t)).toEqual({
      rule: { name: 'Big', field: 'mrr', op: 'between', value: '100..900', style: 'red', marks: 'row' },
    });
    expect(ruleOf({ ...draft, name: ' ' }, mrr, t)).toEqual({ problem: 'rules.needsName' });
    expect(ruleOf({ ...draft, upTo: '' }, mrr, t)).toEqual({ problem: 'rules.needsValue' });
    // A set's first value when none was chosen.
    expect(ruleOf({ ...newDraft(status), name: 'On' }, status, t)).toMatchObject({
      rule: { value: 'active' },
    });
    const soon = ruleOf({ ...newDraft(endDate), name: 'Soon', value: '30' }, endDate, t);
    expect(soon).toMatchObject({ rule: { op: 'withinDays', value: 30 } });
  });

  it('gives a kept rule back to its form, and says it in words', () => {
    const rule = {
      name: 'Big',
      field: 'mrr',
      op: 'between' as const,
      value: '100..900',
      style: 'red' as const,
      marks: 'cell' as const,
    };
    expect(draftOf(rule)).toMatchObject({ value: '100', upTo: '900', marks: 'cell' });
    expect(describeRule({ ...rule, field: 'status', op: 'eq', value: 'terminated' }, status, t)).toBe(
      'Status rules.ops.eq Terminated',
    );
  });
});
