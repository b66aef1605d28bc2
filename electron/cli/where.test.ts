import { describe, expect, it } from 'vitest';
import { whereText } from '../shared/command-line.js';
import { parseWhere } from './where.js';

describe('--where', () => {
  it('reads "between" as the app writes it, both bounds in one value', () => {
    const condition = { field: 'engagement', op: 'between', value: '0..30' } as const;
    expect(whereText(condition)).toBe('engagement between "0..30"');
    expect(parseWhere(whereText(condition))).toEqual(condition);
    expect(parseWhere('startDate between 2024-01-01..2024-03-31')).toEqual({
      field: 'startDate',
      op: 'between',
      value: '2024-01-01..2024-03-31',
    });
  });
});
