import { describe, expect, it } from 'vitest';
import type { ColumnLayout } from '@shared/saved-view';
import {
  isPinned,
  moveInGroup,
  pinnedLefts,
  pinnedThatFit,
  drawnWithPins,
  scrollColumnIntoView,
  scrollLeftShowing,
  shownOrder,
  togglePin,
} from './column-pins';

const KEYS = ['id', 'name', 'email', 'phone', 'city'];
const layout = (pinned: string[], order: string[] = []): ColumnLayout => ({
  order,
  hidden: [],
  sizes: {},
  pinned,
});

describe('pinned columns', () => {
  it('are shown after the first column, in the order pinned, whatever the saved order says', () => {
    expect(shownOrder(KEYS, [], [])).toEqual(KEYS);
    expect(shownOrder(KEYS, ['city', 'name'], ['phone', 'email'])).toEqual([
      'id',
      'phone',
      'email',
      'city',
      'name',
    ]);
    // The id stays first even where an older order moved it, and a pin of a column gone is passed over.
    expect(shownOrder(KEYS, ['name', 'id'], ['gone', 'city'])).toEqual([
      'id',
      'city',
      'name',
      'email',
      'phone',
    ]);
    expect(shownOrder([], ['a'], ['a'])).toEqual([]);
  });

  it('toggle on and off; the first column stays pinned', () => {
    const once = togglePin(layout([]), 'email', 'id');
    expect(once.pinned).toEqual(['email']);
    expect(togglePin(once, 'email', 'id').pinned).toEqual([]);
    expect(togglePin(once, 'id', 'id')).toBe(once);
    expect(isPinned(once, 'id', 'id')).toBe(true);
    expect(isPinned(once, 'email', 'id')).toBe(true);
    expect(isPinned(once, 'name', 'id')).toBe(false);
    // A layout saved before pins existed has none.
    expect(isPinned({ order: [], hidden: [], sizes: {} }, 'name', 'id')).toBe(false);
  });

  it('stay in view while they fit in 60 % of the grid; past it they scroll with the rest', () => {
    expect(pinnedThatFit([100, 150, 200], 3, 1_000)).toBe(3);
    expect(pinnedThatFit([100, 150, 200], 3, 600)).toBe(2);
    // The id stays however narrow the window.
    expect(pinnedThatFit([100, 150], 2, 100)).toBe(1);
    expect(pinnedThatFit([100], 1, 0)).toBe(1);
  });

  it('stay at the widths of the pinned columns before them', () => {
    expect(pinnedLefts([90, 120, 200, 80], 3)).toEqual([0, 90, 210]);
    expect(pinnedLefts([90], 3)).toEqual([0]);
  });

  it('move among the pinned, and the others among the others, never across the edge', () => {
    const pins = layout(['email', 'city']);
    const shown = shownOrder(KEYS, [], ['email', 'city']);
    const all = new Set(KEYS);
    expect(moveInGroup(shown, all, pins, 'city', -1)).toEqual({
      order: ['id', 'city', 'email', 'name', 'phone'],
      pinned: ['city', 'email'],
    });
    expect(moveInGroup(shown, all, pins, 'city', 1)).toBeUndefined();
    expect(moveInGroup(shown, all, pins, 'name', -1)).toBeUndefined();
    expect(moveInGroup(shown, all, pins, 'name', 1)).toEqual({
      order: ['id', 'email', 'city', 'phone', 'name'],
      pinned: ['email', 'city'],
    });
    expect(moveInGroup(shown, all, pins, 'id', 1)).toBeUndefined();
    // Hidden neighbours are passed over: each press changes what is seen.
    expect(moveInGroup(shown, new Set(['id', 'email', 'city', 'name']), pins, 'name', 1)).toBeUndefined();
  });
});

describe('the columns as drawn', () => {
  it('keeps the pinned ones that fit at their distance from the left edge, the others scrolling', () => {
    const columns = [
      { id: 'id', width: 100 },
      { id: 'name', width: 150 },
      { id: 'city', width: 200 },
    ];
    expect(drawnWithPins(columns, 2, 1_000)).toEqual([
      { id: 'id', width: 100, left: 0 },
      { id: 'name', width: 150, left: 100 },
      { id: 'city', width: 200 },
    ]);
    expect(drawnWithPins(columns, 0, 1_000).every((column) => column.left === undefined)).toBe(true);
    expect(drawnWithPins(columns, 2, 200).filter((column) => column.left !== undefined)).toHaveLength(1);
  });
});

describe('the scroll that shows the active column beside the pinned ones', () => {
  // id 100 and name 150 pinned; then 200-px columns.
  const widths = [100, 150, 200, 200, 200, 200];
  const view = (scrollLeft: number) => ({ scrollLeft, viewWidth: 600 });
  it('leaves the grid where it is for a pinned column or one in view', () => {
    expect(scrollLeftShowing(widths, 1, 2, view(300))).toBe(300);
    expect(scrollLeftShowing(widths, 2, 2, view(0))).toBe(0);
    expect(scrollLeftShowing(widths, 3, 2, view(50))).toBe(50);
  });
  it('brings a column past the right edge in at it', () => {
    // Column 4 spans 650–850: the view must end at 850.
    expect(scrollLeftShowing(widths, 4, 2, view(0))).toBe(250);
  });
  it('brings a column hidden under the pinned ones just past them', () => {
    // Column 2 spans 250–450; scrolled by 300 it sits under the pins (0–250 on screen).
    expect(scrollLeftShowing(widths, 2, 2, view(300))).toBe(0);
    expect(scrollLeftShowing(widths, 3, 2, view(400))).toBe(200);
  });
  it('shows the start of a column wider than the room beside the pins', () => {
    expect(scrollLeftShowing([100, 150, 200, 900], 3, 2, view(0))).toBe(200);
  });
  it('scrolls the grid itself, the pinned columns read from the drawn ones', () => {
    const drawn = widths.map((width, index) => ({ id: `c${index}`, width, ...(index < 2 && { left: 0 }) }));
    const scroller = { scrollLeft: 0, clientWidth: 600 };
    scrollColumnIntoView(scroller, drawn, 4);
    expect(scroller.scrollLeft).toBe(250);
    scrollColumnIntoView(scroller, drawn, 4);
    expect(scroller.scrollLeft).toBe(250);
    scrollColumnIntoView(scroller, drawn, 2);
    expect(scroller.scrollLeft).toBe(0);
  });
});
