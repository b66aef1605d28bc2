/**
 * Chromium lays out no element taller than about 33,554,400 px (its LayoutUnit limit): 1,048,000
 * rows of 32 px. A taller view scrolls a rows' area of this height, and the scroll position maps
 * onto row indexes (scaled scrolling), so every row stays reachable.
 */
export const MAX_ROWS_HEIGHT = 33_000_000;

export interface RowWindowInput {
  rowCount: number;
  rowHeight: number;
  scrollTop: number;
  /** The scroll element's client height. */
  viewportHeight: number;
  /** The sticky header's height, above the rows inside the scroll element. */
  headerHeight: number;
  /** Rows drawn beyond each edge of the screen. */
  overscan: number;
}

export interface RowWindow {
  /** The rows' area's height: the whole view's, or the cap. */
  height: number;
  /** The first row on screen (fractional: how far it is scrolled past). */
  start: number;
  /** The rows on screen, without overscan. */
  first: number;
  last: number;
  /** The rows to draw, with their top inside the rows' area. */
  items: { index: number; top: number }[];
}

const visibleRowsOf = ({ viewportHeight, headerHeight, rowHeight }: RowWindowInput) =>
  Math.max(1, (viewportHeight - headerHeight) / rowHeight);

/** The scroll distance scaled scrolling maps onto rows `0 … rowCount − visible rows`. */
function scrollRange(input: RowWindowInput, height: number): number {
  return Math.max(0, height + input.headerHeight - input.viewportHeight);
}

/** Which rows are on screen at `scrollTop`, and where each is drawn. */
export function placeRows(input: RowWindowInput): RowWindow {
  const { rowCount, rowHeight, scrollTop, overscan } = input;
  const full = rowCount * rowHeight;
  const height = Math.min(full, MAX_ROWS_HEIGHT);
  const visible = visibleRowsOf(input);
  const range = scrollRange(input, height);
  const scaled = full > MAX_ROWS_HEIGHT;
  const start = !scaled
    ? scrollTop / rowHeight
    : range > 0
      ? (Math.min(scrollTop, range) / range) * Math.max(0, rowCount - visible)
      : 0;
  const first = Math.max(0, Math.min(rowCount - 1, Math.floor(start)));
  const last = Math.max(0, Math.min(rowCount - 1, Math.ceil(start + visible) - 1));
  const items: RowWindow['items'] = [];
  for (let index = Math.max(0, first - overscan); index <= Math.min(rowCount - 1, last + overscan); index++) {
    // Unscaled, a row stands at its own place; scaled, rows are laid out from the screen's top edge.
    items.push({ index, top: scaled ? scrollTop + (index - start) * rowHeight : index * rowHeight });
  }
  return { height, start, first: rowCount ? first : 0, last: rowCount ? last : -1, items };
}

/** The scroll position that shows row `index` at the top (`align` start) or the bottom (end) of the screen. */
export function scrollTopFor(input: RowWindowInput, index: number, align: 'start' | 'end'): number {
  const { rowCount, rowHeight } = input;
  const visible = visibleRowsOf(input);
  const wanted = align === 'start' ? index : index + 1 - visible;
  const start = Math.max(0, Math.min(wanted, rowCount - visible));
  const full = rowCount * rowHeight;
  if (full <= MAX_ROWS_HEIGHT) return start * rowHeight;
  const span = Math.max(1, rowCount - visible);
  return (start / span) * scrollRange(input, MAX_ROWS_HEIGHT);
}
