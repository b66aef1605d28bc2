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

/**
 * Rows scaled past the browser's limit are drawn in a layer whose origin is this many rows apart
 * from one anchor to the next: a row's offset in it stays small (no precision lost at 30 million
 * px), and the rows drawn move with the scroll position through the layer's one transform.
 */
const ANCHOR_SPAN = 1_000;

export interface RowWindow {
  /** The rows' area's height: the whole view's, or the cap. */
  height: number;
  /** The first row on screen (fractional: how far it is scrolled past). */
  start: number;
  /** The rows on screen, without overscan. */
  first: number;
  last: number;
  /**
   * The rows to draw: those on screen and `overscan` more each side, widened to multiples of
   * `overscan` so that a scroll of a few rows draws the same rows (nothing to render again).
   */
  from: number;
  to: number;
  /** The row the rows' layer starts at: a drawn row stands (index − anchor) rows below its top. */
  anchor: number;
  /** Where the rows' layer stands inside the rows' area (0 unless scaled). */
  layerTop: number;
}

const visibleRowsOf = ({ viewportHeight, headerHeight, rowHeight }: RowWindowInput) =>
  Math.max(1, (viewportHeight - headerHeight) / rowHeight);

/** The scroll distance scaled scrolling maps onto rows `0 … rowCount − visible rows`. */
function scrollRange(input: RowWindowInput, height: number): number {
  return Math.max(0, height + input.headerHeight - input.viewportHeight);
}

/** Which rows are on screen at `scrollTop`, which to draw, and where their layer stands. */
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
  if (!rowCount) return { height, start, first: 0, last: -1, from: 0, to: -1, anchor: 0, layerTop: 0 };
  const first = Math.max(0, Math.min(rowCount - 1, Math.floor(start)));
  const last = Math.max(0, Math.min(rowCount - 1, Math.ceil(start + visible) - 1));
  const chunk = Math.max(1, overscan);
  // A fixed span from a chunk's edge: the drawn rows change only when that edge does.
  const edge = Math.floor((first - overscan) / chunk) * chunk;
  const from = Math.max(0, edge);
  const to = Math.min(rowCount - 1, edge + Math.ceil(visible) + 2 * overscan + chunk);
  // Unscaled, a row stands at its own place; scaled, rows are laid out from the screen's top edge.
  const anchor = scaled ? Math.floor(from / ANCHOR_SPAN) * ANCHOR_SPAN : 0;
  return { height, start, first, last, from, to, anchor, layerTop: layerTopOf(input, start, anchor) };
}

/** Where the rows' layer stands when its origin is row `anchor` and row `start` is at the screen's top edge. */
export function layerTopOf(input: RowWindowInput, start: number, anchor: number): number {
  const scaled = input.rowCount * input.rowHeight > MAX_ROWS_HEIGHT;
  return scaled ? input.scrollTop + (anchor - start) * input.rowHeight : 0;
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
