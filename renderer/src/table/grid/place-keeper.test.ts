import { describe, expect, it } from 'vitest';
import { PlaceKeeper } from './place-keeper';

/** A screen of 14 rows over `rowCount` rows: scrolling to a row shows it at the top, or the end. */
const screenOver = (rowCount: number) => (row: number) => Math.max(0, Math.min(row, rowCount - 14));

const LEFT = { topRow: 4_990, active: { row: 4_999, column: 1 } };

describe('a table opened at its place', () => {
  it('is taken again as the rows grow, page by page, until the row opened at is at the top', () => {
    const keeper = new PlaceKeeper(LEFT, LEFT.active);
    for (let read = 500; read < 5_000; read += 500) {
      keeper.take(screenOver(read), false);
      expect(keeper.openingAt).toBe(4_990);
      // Scrolled to the end of what is read: the place kept is still the one opened at.
      expect(keeper.scrolled(read - 14)).toEqual(LEFT);
    }
    keeper.take(screenOver(5_500), false);
    expect(keeper.openingAt).toBeUndefined();
    expect(keeper.scrolled(4_990)).toEqual(LEFT);
    expect(keeper.scrolled(5_000).topRow).toBe(5_000);
  });

  it('ends where the list ends once it is whole, and says once that the row left is past it', () => {
    const keeper = new PlaceKeeper(LEFT, LEFT.active);
    keeper.take(screenOver(4_504), false);
    expect(keeper.openingAt).toBe(4_990);
    expect(keeper.pastEnd(false, 4_504)).toBeUndefined();
    keeper.take(screenOver(4_504), true);
    expect(keeper.openingAt).toBeUndefined();
    expect(keeper.pastEnd(true, 4_504)).toBe(4_999);
    expect(keeper.pastEnd(true, 4_504)).toBeUndefined();
  });

  it('a list whole and long enough: nothing to say', () => {
    const keeper = new PlaceKeeper(LEFT, LEFT.active);
    keeper.take(screenOver(6_903), true);
    expect(keeper.pastEnd(true, 6_903)).toBeUndefined();
  });

  it('gives way to the user, and to a new sort', () => {
    const moved = new PlaceKeeper(LEFT, LEFT.active);
    moved.take(screenOver(1_000), false);
    moved.userMoved();
    expect(moved.openingAt).toBeUndefined();
    expect(moved.scrolled(300.5).topRow).toBe(300.5);
    const sorted = new PlaceKeeper(LEFT, LEFT.active);
    sorted.sorted();
    sorted.take(screenOver(10_000), false);
    expect(sorted.openingAt).toBeUndefined();
    expect(sorted.scrolled(0).topRow).toBe(0);
  });

  it('a table opened at the top has nothing to take; its place follows the scroll and the active cell', () => {
    const keeper = new PlaceKeeper(undefined, { row: 0, column: 0 });
    expect(keeper.openingAt).toBeUndefined();
    let scrolls = 0;
    keeper.take(() => (scrolls++, 0), false);
    expect(scrolls).toBe(0);
    const active = { row: 12, column: 3 };
    expect(keeper.moved(active)).toBe(true);
    expect(keeper.moved(active)).toBe(false);
    expect(keeper.scrolled(7.25)).toEqual({ topRow: 7.25, active });
  });

  it('keeps the same row at the top when the rows change height, once it is not opening', () => {
    const keeper = new PlaceKeeper(LEFT, LEFT.active);
    expect(keeper.afterHeightChange()).toBeUndefined();
    keeper.take(screenOver(10_000), false);
    keeper.scrolled(5_120);
    expect(keeper.afterHeightChange()).toBe(5_120);
  });
});
