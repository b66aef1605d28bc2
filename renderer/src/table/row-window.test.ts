import { describe, expect, it } from 'vitest';
import { MAX_ROWS_HEIGHT, placeRows, scrollTopFor } from './row-window';

const view = { rowHeight: 32, viewportHeight: 32 * 20 + 30, headerHeight: 30, overscan: 2 };

describe('the rows on screen', () => {
  it('stand at their own place while the view fits the browser', () => {
    const window = placeRows({ ...view, rowCount: 1_000, scrollTop: 3_200 });
    expect(window.height).toBe(32_000);
    expect([window.first, window.last]).toEqual([100, 119]);
    expect(window.items[0]).toEqual({ index: 98, top: 98 * 32 });
    expect(scrollTopFor({ ...view, rowCount: 1_000, scrollTop: 0 }, 100, 'start')).toBe(3_200);
    expect(scrollTopFor({ ...view, rowCount: 1_000, scrollTop: 0 }, 119, 'end')).toBe(3_200);
  });

  it('map the scroll position onto rows past the browser’s height, every row reachable', () => {
    const rowCount = 1_200_000;
    const top = placeRows({ ...view, rowCount, scrollTop: 0 });
    expect(top.height).toBe(MAX_ROWS_HEIGHT);
    expect(top.first).toBe(0);
    // The browser stops scrolling where the rows' area (and the header above it) ends.
    const end = MAX_ROWS_HEIGHT + view.headerHeight - view.viewportHeight;
    const bottom = placeRows({ ...view, rowCount, scrollTop: end });
    expect(bottom.last).toBe(rowCount - 1);
    // The last row ends at the bottom of the screen, inside the rows' area.
    const lastItem = bottom.items.find((item) => item.index === rowCount - 1);
    expect((lastItem?.top ?? 0) + 32).toBeCloseTo(MAX_ROWS_HEIGHT, 0);
    // Any row asked for is the first on screen there.
    for (const index of [1, 524_288, 1_048_576, 1_100_000]) {
      const scrollTop = scrollTopFor({ ...view, rowCount, scrollTop: 0 }, index, 'start');
      expect(placeRows({ ...view, rowCount, scrollTop }).first).toBe(index);
    }
  });

  it('draws nothing for an empty view', () => {
    expect(placeRows({ ...view, rowCount: 0, scrollTop: 0 }).items).toEqual([]);
  });
});
