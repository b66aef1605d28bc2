import { WHERE_SYMBOLS, type FilterCondition, type FilterOp } from '../shared/filter.js';
import { UsageError } from './args.js';

const OPERATORS = Object.fromEntries(
  Object.entries(WHERE_SYMBOLS).map(([op, symbol]) => [symbol, op as FilterOp]),
) as Record<string, FilterOp>;

// `s`: a value may hold line breaks (a filter typed in the app, given back as a command line).
const COMPARISON = /^\s*([^\s=!~<>]+)\s*(!=|<=|>=|=|~|<|>)\s*(.*?)\s*$/s;
const EMPTINESS = /^\s*([^\s=!~<>]+)\s+(empty|notempty)\s*$/i;

/**
 * One `--where 'FIELD OP VALUE'` as a condition of the shared filter model. OP is one of
 * = != ~ < <= > >=, or the words empty / notempty without a value. Quotes around VALUE are dropped
 * (what is inside, spaces and line breaks included, is the value).
 */
export function parseWhere(text: string): FilterCondition {
  const emptiness = EMPTINESS.exec(text);
  if (emptiness) {
    const [, field = '', word = ''] = emptiness;
    return { field, op: word.toLowerCase() === 'empty' ? 'empty' : 'notEmpty' };
  }
  const comparison = COMPARISON.exec(text);
  const [, field = '', operator = '', rawValue = ''] = comparison ?? [];
  // Quotes keep the spaces at a value's ends, and anything inside as it is.
  const value = rawValue.replace(/^(['"])(.*)\1$/s, '$2');
  if (!comparison || !value) {
    throw new UsageError(
      `--where "${text}": expected FIELD OP VALUE with OP one of = != ~ < <= > >=, or FIELD empty / FIELD notempty`,
    );
  }
  return { field, op: OPERATORS[operator] ?? 'eq', value };
}
