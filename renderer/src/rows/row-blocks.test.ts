import { describe, expect, it } from 'vitest';
import { RowBlocks } from './row-blocks';

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: from + index }));

describe('the rows of a traversal, in blocks', () => {
  it('reads the next block with the cursor the last one gave, a far one by position', () => {
    const blocks = new RowBlocks(100, 5);
    expect(blocks.readOf(0)).toEqual({ mode: 'cursor', cursor: undefined });
    blocks.put(0, rows(0, 100), 'c1');
    expect(blocks.readOf(1)).toEqual({ mode: 'cursor', cursor: 'c1' });
    expect(blocks.readOf(7)).toEqual({ mode: 'offset', page: 8 });
    expect(blocks.rowAt(42)).toEqual({ id: 42 });
    expect(blocks.rowAt(142)).toBeUndefined();
    blocks.forgetCursors();
    expect(blocks.readOf(1)).toEqual({ mode: 'offset', page: 2 });
  });

  it('knows the total where the traversal ends', () => {
    const blocks = new RowBlocks(100, 5);
    blocks.put(0, rows(0, 100), 'c1');
    expect(blocks.total).toBeUndefined();
    expect(blocks.extent).toBe(100);
    blocks.put(1, rows(100, 30), null);
    expect(blocks.total).toBe(130);
  });

  it('holds at most maxBlocks, dropping the least recently seen off screen, and keeps their cursors', () => {
    const blocks = new RowBlocks(10, 3);
    for (let index = 0; index < 6; index++) {
      blocks.put(index, rows(index * 10, 10), `c${index + 1}`);
      blocks.touch(index, index);
    }
    expect(blocks.rowsHeld).toBe(30);
    expect(blocks.has(0)).toBe(false);
    expect(blocks.has(5)).toBe(true);
    // Coming back: the dropped block is read again with its cursor.
    expect(blocks.readOf(1)).toEqual({ mode: 'cursor', cursor: 'c1' });
  });
});
