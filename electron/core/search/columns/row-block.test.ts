import { describe, expect, it } from 'vitest';
import { ListColumns } from './list-columns.js';
import { RowBlock } from './row-block.js';

const records = Array.from({ length: 300 }, (_, row) => ({
  id: `AGR-${String(row).padStart(8, '0')}`,
  status: row % 3 === 0 ? 'active' : 'terminated',
  mrr: row % 7 === 0 ? null : row * 10.5,
  startDate: `2024-0${(row % 9) + 1}-15T08:30:00Z`,
  note: row % 2 === 0 ? `a note ${row}` : null,
  tags: row % 5 === 0 ? ['vip', row] : null,
  ...(row % 4 === 0 && { extra: true }),
}));

describe('a block of rows kept by column', () => {
  it('gives back every record as it came: its fields, their order, their values', () => {
    const list = new ListColumns((field) => field === 'status');
    const block = RowBlock.encode(records, list);
    expect(block).toBeDefined();
    for (const [row, record] of records.entries()) {
      expect(block?.record(row, list)).toEqual(record);
      expect(Object.keys(block?.record(row, list) ?? {})).toEqual(Object.keys(record));
    }
    expect(block?.value(1, list.columnOf('extra') ?? -1, list)).toBeUndefined();
    expect(block?.value(0, list.columnOf('mrr') ?? -1, list)).toBeNull();
  });

  it('is the same after its dump is restored, and says what it takes', () => {
    const list = new ListColumns();
    const block = RowBlock.encode(records, list);
    const restored = RowBlock.restore(block!.dump());
    expect(restored.record(150, list)).toEqual(records[150]);
    expect(restored.bytes).toBe(block?.bytes);
    expect(block!.bytes).toBeGreaterThan(0);
    expect(block!.bytes).toBeLessThan(JSON.stringify(records).length * 2);
  });

  it('refuses records with more fields than any schema has', () => {
    const wide = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`field${index}`, index]));
    expect(RowBlock.encode([wide], new ListColumns())).toBeUndefined();
  });
});
