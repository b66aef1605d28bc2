import type { DrawnColumn } from './column-shapes';
import type { ColumnLayout } from '@shared/saved-view';
import { moveAmongVisible } from './column-order';

/**
 * Pinned columns, as a spreadsheet freezes them: the first column (the record's id) always, then
 * the columns the user pinned, in the order they were pinned, stay at the left while the grid
 * scrolls sideways. The grid shows them first whatever the saved order says, so what is shown,
 * copied, saved as a view and exported is one order.
 */

/** The columns the user pinned in `layout` (the first column is pinned without being listed). */
export function pinsOf(layout: ColumnLayout): readonly string[] {
  return layout.pinned ?? [];
}

/**
 * The order the grid shows `keys` (the columns' definitions, first column first) in: the first
 * column, the pinned ones, then the rest in the user's `order` (columns it does not name after, as
 * defined). A pin of a column the list no longer has is passed over.
 */
export function shownOrder(
  keys: readonly string[],
  order: readonly string[],
  pinned: readonly string[],
): string[] {
  const [first] = keys;
  if (first === undefined) return [];
  const known = new Set(keys);
  const pins = pinned.filter((key) => key !== first && known.has(key));
  const pinnedSet = new Set(pins);
  const rest = [...new Set([...order.filter((key) => known.has(key)), ...keys])].filter(
    (key) => key !== first && !pinnedSet.has(key),
  );
  return [first, ...pins, ...rest];
}

/** `layout` with column `key` pinned, or unpinned when it was; the first column stays pinned. */
export function togglePin(layout: ColumnLayout, key: string, first: string | undefined): ColumnLayout {
  if (key === first) return layout;
  const pins = pinsOf(layout);
  const pinned = pins.includes(key) ? pins.filter((pin) => pin !== key) : [...pins, key];
  return { ...layout, pinned };
}

/** Whether column `key` stays in view when the grid scrolls sideways. */
export function isPinned(layout: ColumnLayout, key: string, first: string | undefined): boolean {
  return key === first || pinsOf(layout).includes(key);
}

/**
 * The share of the grid's width pinned columns may take: past it, the next pinned ones scroll with
 * the rest (a narrow window, or wide pinned columns, would else leave no room to see the others).
 */
export const PINNED_ROOM = 0.6;

/**
 * How many of the first `pinned` shown columns (widths `widths`) stay in view in a grid `room` px
 * wide: the first column always, the others while they fit in PINNED_ROOM of it.
 */
export function pinnedThatFit(widths: readonly number[], pinned: number, room: number): number {
  let used = widths[0] ?? 0;
  let count = Math.min(1, pinned);
  while (count < pinned && used + (widths[count] ?? 0) <= room * PINNED_ROOM) used += widths[count++] ?? 0;
  return count;
}

/**
 * How far from the grid's left edge each of the first `count` shown columns stays when the grid
 * scrolls sideways: the widths of the pinned columns before it.
 */
export function pinnedLefts(widths: readonly number[], count: number): number[] {
  const lefts: number[] = [];
  let left = 0;
  for (let position = 0; position < Math.min(count, widths.length); position++) {
    lefts.push(left);
    left += widths[position] ?? 0;
  }
  return lefts;
}

/**
 * The scroll position that shows column `position` whole beside the pinned columns (`pinnedWidth`
 * wide, always in view), moving as little as it can; `scrollLeft` when it is already in view or is
 * pinned itself. `widths` are the shown columns' widths, in order.
 */
export function scrollLeftShowing(
  widths: readonly number[],
  position: number,
  pinnedCount: number,
  { scrollLeft, viewWidth }: { scrollLeft: number; viewWidth: number },
): number {
  if (position < pinnedCount || position >= widths.length) return scrollLeft;
  const pinnedWidth = widths.slice(0, pinnedCount).reduce((sum, width) => sum + width, 0);
  const start = widths.slice(0, position).reduce((sum, width) => sum + width, 0);
  const end = start + (widths[position] ?? 0);
  // Hidden under the pinned columns: brought just past them.
  if (start < scrollLeft + pinnedWidth) return Math.max(0, start - pinnedWidth);
  // Past the right edge: brought in at it, unless it is wider than the room beside the pins.
  if (end > scrollLeft + viewWidth) return Math.max(0, Math.min(start - pinnedWidth, end - viewWidth));
  return scrollLeft;
}

/**
 * The order and pins after moving column `id` one place (`by`) among the visible columns of its
 * own group: a pinned column among the pinned, another among the others, so that neither crosses
 * the edge of the pinned columns and every press changes what is seen. Undefined when it cannot
 * move that way (the first column never moves).
 */
export function moveInGroup(
  shown: readonly string[],
  visible: ReadonlySet<string>,
  layout: ColumnLayout,
  id: string,
  by: -1 | 1,
): Pick<ColumnLayout, 'order' | 'pinned'> | undefined {
  const [first, ...others] = shown;
  if (first === undefined || id === first) return undefined;
  const pinnedGroup = others.filter((key) => isPinned(layout, key, first));
  const restGroup = others.filter((key) => !isPinned(layout, key, first));
  const pinned = pinnedGroup.includes(id);
  const group = pinned ? pinnedGroup : restGroup;
  const moved = moveAmongVisible(group, visible, id, by);
  if (moved.every((key, position) => key === group[position])) return undefined;
  const pins = pinned ? moved : pinnedGroup;
  return { order: [first, ...pins, ...(pinned ? restGroup : moved)], pinned: pins };
}

/**
 * Scrolls `scroller` sideways (as little as it can) to show the visible column at `position` of
 * `drawn` beside the pinned ones, which never scroll.
 */
export function scrollColumnIntoView(
  scroller: { scrollLeft: number; clientWidth: number },
  drawn: readonly DrawnColumn[],
  position: number,
): void {
  const widths = drawn.map((column) => column.width);
  const pinnedCount = drawn.filter((column) => column.left !== undefined).length;
  const left = scrollLeftShowing(widths, position, pinnedCount, {
    scrollLeft: scroller.scrollLeft,
    viewWidth: scroller.clientWidth,
  });
  if (left !== scroller.scrollLeft) scroller.scrollLeft = left;
}

/**
 * The visible columns as drawn, the first `pinned` of them kept at their distance from the grid's
 * left edge (those of them that fit: pinnedThatFit), the others scrolling.
 */
export function drawnWithPins(
  columns: readonly { id: string; width: number }[],
  pinned: number,
  available: number,
): DrawnColumn[] {
  const widths = columns.map((column) => column.width);
  const count = pinnedThatFit(widths, pinned, available);
  const lefts = pinnedLefts(widths, count);
  return columns.map((column, position) => ({
    ...column,
    ...(position < count && { left: lefts[position] }),
  }));
}
