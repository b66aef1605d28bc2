import type { FilterCondition, FilterOp } from '../shared/filter.js';
import { UsageError } from './args.js';

const OPERATORS: Record<string, FilterOp> = {
  '=': 'eq',
  '!=': 'neq',
  '~': 'contains',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
};

const COMPARISON = /^\s*([^\s=!~<>]+)\s*(!=|<=|>=|=|~|<|>)\s*(.*?)\s*$/;
const EMPTINESS = /^\s*([^\s=!~<>]+)\s+(empty|notempty)\s*$/i;

/**
 * One `--where 'FIELD OP VALUE'` as a condition of the shared filter model. OP is one of
 * = != ~ < <= > >=, or the words empty / notempty without a value. Quotes around VALUE are dropped.
 */
export function parseWhere(text: string): FilterCondition {
  const emptiness = EMPTINESS.exec(text);
  if (emptiness) {
    const [, field = '', word = ''] = emptiness;
    return { field, op: word.toLowerCase() === 'empty' ? 'empty' : 'notEmpty' };
  }
  const comparison = COMPARISON.exec(text);
  const [, field = '', operator = '', rawValue = ''] = comparison ?? [];
  const value = rawValue.replace(/^(['"])(.*)\1$/, '$2');
  if (!comparison || !value) {
    throw new UsageError(
      `--where "${text}": expected FIELD OP VALUE with OP one of = != ~ < <= > >=, or FIELD empty / FIELD notempty`,
    );
  }
  return { field, op: OPERATORS[operator] ?? 'eq', value };
}
