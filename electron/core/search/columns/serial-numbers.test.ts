import { describe, expect, it } from 'vitest';
import { ANY_FIELD } from '../../../shared/filter.js';
import type { ApiRecord } from '../../../shared/schema.js';
import { parseSearch, recordMatches } from '../../../shared/search-words.js';
import { HeldRows } from './held-rows.js';
import { compileSearch, matchesOf } from '../list-query.js';
import { numbersHolding, serialNumbersOf } from './serial-numbers.js';
import { slotsOf } from './text-slots.js';

describe('ids as numbers, for a search of digits', () => {
  it('flags exactly the numbers whose digits, written as the ids write them, hold the sequence', () => {
    for (const [sequence, width, max] of [
      ['2020', 8, 300_000],
      ['0', 8, 2_000],
      ['7', 5, 99_999],
      ['00012', 8, 150_000],
      ['123456789', 9, 999_999],
      ['99', 3, 1_000],
    ] as const) {
      const flags = numbersHolding(sequence, width, max);
      const expected = Uint8Array.from({ length: max + 1 }, (_, number) =>
        String(number).padStart(width, '0').includes(sequence) ? 1 : 0,
      );
      // Compared whole, then the first that differs named (a million expects would take seconds).
      const differs = flags.findIndex((flag, number) => flag !== expected[number]);
      expect(flags.length).toBe(max + 1);
      expect(differs, `${sequence} in ${differs}`).toBe(-1);
    }
  });

  it('reads ids of one width after letters as their numbers, and nothing else', () => {
    expect(serialNumbersOf(slotsOf(['cus-00000012', '', 'cus-00300000']))).toEqual({
      width: 8,
      numbers: Int32Array.from([12, -1, 300_000]),
      max: 300_000,
    });
    // Another width, digits before, a value of no digits, a number past 32 bits: text, scanned.
    for (const values of [
      ['cus-0012', 'cus-00012'],
      ['12-cus-0012', 'cus-0013'],
      ['cus-0012', 'n/a'],
      ['id-1234567890'],
    ])
      expect(serialNumbersOf(slotsOf(values)), values.join()).toBeUndefined();
  });
});

describe('a search of digits over ids held as text', () => {
  // More ids than a dictionary codes: from the ninth block on, they are text (and looked for as numbers).
  const records: ApiRecord[] = Array.from({ length: 20_000 }, (_, index) => ({
    id: `AGR-${String(index + 1).padStart(8, '0')}`,
    customerId: index % 97 === 0 ? null : `CUS-${String((index * 7_919) % 150_001).padStart(8, '0')}`,
    reference: index % 5 === 0 ? `R${index}` : `REF-${String(index).padStart(6, '0')}`,
  }));
  const rows = new HeldRows();
  for (let at = 0; at < records.length; at += 500) rows.append(records.slice(at, at + 500));

  it.each(['2020', '0001', '00019999', '7', '12 -0001', '150000', '000000001'])(
    'finds the rows whose text holds «%s»',
    async (text) => {
      const search = compileSearch(
        [{ field: ANY_FIELD, op: 'contains', value: text }],
        () => 'text',
        undefined,
      );
      const query = parseSearch(text);
      const expected = records.flatMap((record, index) => (recordMatches(query, record) ? [index] : []));
      expect(Array.from(await matchesOf(rows, search, undefined))).toEqual(expected);
    },
  );
});
