import { describe, expect, it } from 'vitest';
import { MAX_ROWS_HEIGHT, placeRows, scrollTopFor } from './row-window';

const view = { rowHeight: 32, viewportHeight: 32 * 20 + 30, headerHeight: 30, overscan: 2 };

describe('the rows on screen', () => {
  it('stand at their own place while the view fits the browser', () => {
    const window = placeRows({ ...view, rowCount: 1_000, scrollTop: 3_200 });
    expect(window.height).toBe(32_000);
    expect([window.first, window.last]).toEqual([100, 119]);
    expect([window.from, window.to]).toEqual([98, 124]);
    expect(window.layerTop + (window.from - window.anchor) * 32).toBe(98 * 32);
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
    expect(bottom.to).toBe(rowCount - 1);
    const lastTop = bottom.layerTop + (rowCount - 1 - bottom.anchor) * 32;
    expect(lastTop + 32).toBeCloseTo(MAX_ROWS_HEIGHT, 0);
    // Any row asked for is the first on screen there.
    for (const index of [1, 524_288, 1_048_576, 1_100_000]) {
      const scrollTop = scrollTopFor({ ...view, rowCount, scrollTop: 0 }, index, 'start');
      expect(placeRows({ ...view, rowCount, scrollTop }).first).toBe(index);
    }
  });

  it('draws nothing for an empty view', () => {
    const empty = placeRows({ ...view, rowCount: 0, scrollTop: 0 });
    expect(empty.to).toBeLessThan(empty.from);
  });

  it('draws the same rows for a scroll of a few rows, and a bounded number of them', () => {
    const at = (scrollTop: number) => placeRows({ ...view, overscan: 10, rowCount: 100_000, scrollTop });
    const before = at(32 * 500);
    const after = at(32 * 503);
    expect([after.from, after.to]).toEqual([before.from, before.to]);
    expect(before.from).toBeLessThanOrEqual(before.first - 10);
    expect(before.to).toBeGreaterThanOrEqual(before.last + 10);
    // The rows on screen, 10 beyond each edge, and a chunk of 10 the edge may have moved by.
    const most = Math.ceil((view.viewportHeight - view.headerHeight) / 32) + 2 * 10 + 10 + 1;
    for (let top = 0; top < 32 * 2_000; top += 7 * 32 + 5) {
      const window = at(top);
      expect(window.to - window.from + 1).toBeLessThanOrEqual(most);
    }
  });

  it('keeps a scaled layer’s rows near its origin, wherever the screen is', () => {
    const rowCount = 3_000_000;
    for (const scrollTop of [0, 12_345_678, MAX_ROWS_HEIGHT - 900]) {
      const window = placeRows({ ...view, rowCount, scrollTop });
      expect(window.to - window.anchor).toBeLessThan(1_100);
      // The first row on screen is drawn at the screen's top edge.
      const top = window.layerTop + (window.start - window.anchor) * 32;
      expect(top).toBeCloseTo(scrollTop, 3);
    }
  });
});
