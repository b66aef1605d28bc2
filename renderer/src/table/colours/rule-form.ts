import type { TFunction } from 'i18next';
import { isDeadlineField } from '@shared/deadline';
import {
  colourRuleSchema,
  colourRuleTest,
  COLOUR_STYLES,
  type ColourOp,
  type ColourRule,
  type ColourStyle,
} from '@shared/colour-rules';
import { BETWEEN_SEPARATOR, betweenBounds } from '@shared/filter';
import type { FilterColumn } from '../columns/column-shapes';

/** A rule as its form holds it while it is written: every field as typed. */
export interface RuleDraft {
  name: string;
  field: string;
  op: ColourOp;
  value: string;
  /** The upper bound of "between". */
  upTo: string;
  style: ColourStyle;
  marks: ColourRule['marks'];
}

/** The conditions a column offers: by its kind, a set of values, and days to a deadline. */
export function opsFor(column: FilterColumn | undefined): ColourOp[] {
  if (!column) return ['eq'];
  if (column.values) return ['eq', 'neq', 'empty'];
  if (isDeadlineField(column.key)) return ['withinDays', 'lt', 'gt', 'between', 'eq', 'empty'];
  if (column.kind === 'number') return ['gt', 'lt', 'between', 'eq', 'neq', 'empty'];
  if (column.kind === 'date') return ['withinDays', 'lt', 'gt', 'between', 'eq', 'empty'];
  return ['eq', 'neq', 'contains', 'empty'];
}

/** A new rule's form, on `column`. */
export function newDraft(column: FilterColumn | undefined, style: ColourStyle = COLOUR_STYLES[0]): RuleDraft {
  return {
    name: '',
    field: column?.key ?? '',
    op: opsFor(column)[0] ?? 'eq',
    value: '',
    upTo: '',
    style,
    marks: 'row',
  };
}

/** A kept rule back in its form, to be edited. */
export function draftOf(rule: ColourRule): RuleDraft {
  const bounds = rule.op === 'between' ? betweenBounds(rule.value ?? '') : undefined;
  return {
    ...rule,
    value: bounds ? bounds[0] : String(rule.value ?? ''),
    upTo: bounds ? bounds[1] : '',
  };
}

/**
 * The rule a form says, or what is missing or wrong in it (`problem`, in the window's language):
 * checked as the table will apply it (its column's kind).
 */
export function ruleOf(
  draft: RuleDraft,
  column: FilterColumn | undefined,
  t: TFunction,
): { rule: ColourRule } | { problem: string } {
  if (!draft.name.trim()) return { problem: t('rules.needsName') };
  if (!column) return { problem: t('rules.needsColumn') };
  const typed = draft.value.trim();
  const complete =
    draft.op === 'empty' ||
    ((typed !== '' || column.values !== undefined) && (draft.op !== 'between' || draft.upTo.trim() !== ''));
  if (!complete) return { problem: t('rules.needsValue') };
  const value =
    draft.op === 'empty'
      ? undefined
      : draft.op === 'between'
        ? `${typed}${BETWEEN_SEPARATOR}${draft.upTo.trim()}`
        : draft.op === 'withinDays'
          ? Number(typed)
          : typed || column.values?.[0]?.value;
  const { name, op, style, marks } = draft;
  const parsed = colourRuleSchema.safeParse({
    name: name.trim(),
    field: column.key,
    op,
    value,
    style,
    marks,
  });
  if (!parsed.success) return { problem: t('rules.needsValue') };
  try {
    colourRuleTest(parsed.data, () => column.kind);
  } catch (problem) {
    return { problem: problem instanceof Error ? problem.message : String(problem) };
  }
  return { rule: parsed.data };
}

/** A rule in words, as a filter's chip says its condition: "Status is Terminated", "End date within 30 days". */
export function describeRule(rule: ColourRule, column: FilterColumn | undefined, t: TFunction): string {
  const label = column?.label ?? rule.field;
  if (rule.op === 'withinDays') return t('rules.withinDaysOf', { column: label, count: Number(rule.value) });
  const bounds = rule.op === 'between' ? betweenBounds(rule.value ?? '') : undefined;
  const shown = bounds
    ? t('filter.betweenBounds', { from: bounds[0], to: bounds[1] })
    : (column?.values?.find((option) => option.value === rule.value)?.label ?? rule.value ?? '');
  return `${label} ${t(`rules.ops.${rule.op}`)} ${String(shown)}`.trim();
}
