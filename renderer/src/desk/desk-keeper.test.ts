import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Desk } from '@shared/desk';
import { DeskKeeper } from './desk-keeper';

// The desk is written once a burst of changes stops, at once when the page goes, never twice the
// same, and again after a write that failed.

const desk = (row: number): Desk => ({
  connectionId: 'demo',
  screen: { kind: 'list', resource: 'customers' },
  places: { customers: { filter: [], table: { topRow: row, active: { row, column: 0 } } } },
});

afterEach(() => vi.useRealTimers());

describe('DeskKeeper', () => {
  it('writes once after a burst of changes, the desk as it is then', () => {
    vi.useFakeTimers();
    let row = 0;
    const written: Desk[] = [];
    const keeper = new DeskKeeper(
      () => desk(row),
      (kept) => Promise.resolve(written.push(kept)),
      1_000,
    );
    for (let step = 1; step <= 60; step++) {
      row = step;
      keeper.changed();
      vi.advanceTimersByTime(16);
    }
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(written).toEqual([desk(60)]);
    keeper.changed();
    vi.advanceTimersByTime(1_000);
    expect(written).toHaveLength(1);
  });

  it('writes at once when flushed (the page goes), and nothing when there is no desk', () => {
    const written: Desk[] = [];
    const shown: { desk?: Desk } = {};
    const keeper = new DeskKeeper(
      () => shown.desk,
      (kept) => Promise.resolve(written.push(kept)),
    );
    keeper.flush();
    shown.desk = desk(3);
    keeper.changed();
    keeper.flush();
    expect(written).toEqual([desk(3)]);
    keeper.stop();
  });

  it('writes the same desk again after a write that failed', async () => {
    let fail = true;
    const written: Desk[] = [];
    const keeper = new DeskKeeper(
      () => desk(1),
      (kept) =>
        fail ? Promise.reject(new Error('the app is not answering')) : Promise.resolve(written.push(kept)),
    );
    keeper.flush();
    await Promise.resolve();
    await Promise.resolve();
    fail = false;
    keeper.flush();
    expect(written).toEqual([desk(1)]);
  });
});
