import { betweenBounds, WHERE_SYMBOLS, type FilterCondition, type FilterOp } from '../shared/filter.js';
import { UsageError } from './args.js';

const OPERATORS = Object.fromEntries(
  Object.entries(WHERE_SYMBOLS).map(([op, symbol]) => [symbol, op as FilterOp]),
) as Record<string, FilterOp>;

// `s`: a value may hold line breaks (a filter typed in the app, given back as a command line).
const COMPARISON = /^\s*([^\s=!~<>]+)\s*(!=|<=|>=|=|~|<|>)\s*(.*?)\s*$/s;
const EMPTINESS = /^\s*([^\s=!~<>]+)\s+(empty|notempty)\s*$/i;
const BETWEEN = /^\s*([^\s=!~<>]+)\s+between\s+(.*?)\s*$/is;

/**
 * One `--where 'FIELD OP VALUE'` as a condition of the shared filter model. OP is one of
 * = != ~ < <= > >=, the word between with two bounds (`engagement between 0..30`, both
 * included), or the words empty / notempty without a value. Quotes around VALUE are dropped (what
 * is inside, spaces and line breaks included, is the value).
 */
export function parseWhere(text: string): FilterCondition {
  const emptiness = EMPTINESS.exec(text);
  if (emptiness) {
    const [, field = '', word = ''] = emptiness;
    return { field, op: word.toLowerCase() === 'empty' ? 'empty' : 'notEmpty' };
  }
  const between = BETWEEN.exec(text);
  if (between) {
    const [, field = '', rawValue = ''] = between;
    const value = unquoted(rawValue);
    if (!betweenBounds(value))
      throw new UsageError(`--where "${text}": between takes two bounds, as "engagement between 0..30"`);
    return { field, op: 'between', value };
  }
  const comparison = COMPARISON.exec(text);
  const [, field = '', operator = '', rawValue = ''] = comparison ?? [];
  const value = unquoted(rawValue);
  if (!comparison || !value) {
    throw new UsageError(
      `--where "${text}": expected FIELD OP VALUE with OP one of = != ~ < <= > >=, FIELD between FROM..TO, or FIELD empty / FIELD notempty`,
    );
  }
  return { field, op: OPERATORS[operator] ?? 'eq', value };
}

/** Quotes keep the spaces at a value's ends, and anything inside as it is. */
function unquoted(value: string): string {
  return value.replace(/^(['"])(.*)\1$/s, '$2');
}
