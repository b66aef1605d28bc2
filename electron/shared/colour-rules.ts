import { z } from 'zod';
import { daysLeft, isDeadlineField } from './deadline.js';
import { compileFilter, FILTER_VALUE_MAX, FilterError, type FieldKind } from './filter.js';
import type { ApiRecord } from './schema.js';
import type { LabelOf } from './search.js';

/**
 * Colour rules (docs/architecture.md, "Colour rules"): a table's rows or cells marked by a
 * condition on one column, kept with the table's layout and in saved views. Only the table draws
 * them: exports and copies are unchanged.
 */

/** The palette, named by what each looks like; the colours are the stylesheet's, each readable in both themes. */
export const COLOUR_STYLES = ['red', 'amber', 'green', 'blue', 'violet', 'grey'] as const;
export type ColourStyle = (typeof COLOUR_STYLES)[number];

/** The conditions a rule may set: the filter's, and a date (or days to a deadline) within N days from today. */
export const COLOUR_OPS = ['eq', 'neq', 'contains', 'gt', 'lt', 'between', 'withinDays', 'empty'] as const;
export type ColourOp = (typeof COLOUR_OPS)[number];

/** Rules a table keeps at most. */
export const COLOUR_RULES_MAX = 30;

export const colourRuleSchema = z
  .object({
    /** What the marked rows or cells say in words (their title, and to a screen reader). */
    name: z.string().trim().min(1).max(80),
    field: z.string().min(1).max(200),
    op: z.enum(COLOUR_OPS),
    value: z.union([z.string().max(FILTER_VALUE_MAX), z.number()]).optional(),
    style: z.enum(COLOUR_STYLES),
    /** The whole row, or the cell of its column. */
    marks: z.enum(['row', 'cell']),
  })
  .strict();
export type ColourRule = z.infer<typeof colourRuleSchema>;

const DAY_MS = 86_400_000;

/**
 * Whether `rule` holds for a record: the filter's own rules for its comparisons (filter.ts: a status
 * by its code, numbers and dates by value); "within N days" for a date from today to N days ahead,
 * for days to a deadline as they stand today between 0 and N. Throws a FilterError for a rule that
 * cannot be applied to its column.
 */
export function colourRuleTest(
  rule: ColourRule,
  kindOf: (field: string) => FieldKind,
  labelOf?: LabelOf,
  now: number = Date.now(),
): (record: ApiRecord) => boolean {
  const { field, op, value } = rule;
  if (op !== 'withinDays') return compileFilter([{ field, op, value }], kindOf, labelOf);
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0) throw new FilterError(`${field}: "within" needs a number of days`);
  if (isDeadlineField(field))
    return (record) => {
      const left = daysLeft(record, field, now);
      return typeof left === 'number' && left >= 0 && left <= days;
    };
  if (kindOf(field) !== 'date') throw new FilterError(`${field}: "within" applies to dates and deadlines`);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return (record) => {
    const written = record[field];
    const at = typeof written === 'string' ? Date.parse(written) : Number.NaN;
    return at >= today && at < today + (days + 1) * DAY_MS;
  };
}

/** How a record is marked: its row's style, each marked cell's, and the names of the rules that hold. */
export interface RecordPaint {
  row: ColourStyle | undefined;
  cells: Map<string, ColourStyle>;
  names: string[];
}

/**
 * The rules, in their order, as one function over records: the first that holds marks the row (or
 * a cell, the first for its column); every rule that holds is named. Rules that cannot be applied
 * are left out, each reported to `onProblem`.
 */
export function paintOf(
  rules: readonly ColourRule[],
  kindOf: (field: string) => FieldKind,
  labelOf?: LabelOf,
  onProblem?: (rule: ColourRule, problem: string) => void,
): (record: ApiRecord) => RecordPaint | undefined {
  const tests = rules.flatMap((rule) => {
    try {
      return [{ rule, holds: colourRuleTest(rule, kindOf, labelOf) }];
    } catch (problem) {
      onProblem?.(rule, problem instanceof Error ? problem.message : String(problem));
      return [];
    }
  });
  return (record) => {
    let paint: RecordPaint | undefined;
    for (const { rule, holds } of tests) {
      if (!holds(record)) continue;
      paint ??= { row: undefined, cells: new Map(), names: [] };
      paint.names.push(rule.name);
      if (rule.marks === 'row') paint.row ??= rule.style;
      else if (!paint.cells.has(rule.field)) paint.cells.set(rule.field, rule.style);
    }
    return paint;
  };
}
