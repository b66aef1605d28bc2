import { layerTopOf, placeRows, scrollTopFor, type RowWindowInput } from './row-window';

/** The drawn rows of a window: what the rows' component renders (row-window.ts). */
export interface DrawnRows {
  from: number;
  to: number;
  anchor: number;
}

/** A scroll element's box as the window needs it: its height, and its sticky header's. */
export function boxOf(element: HTMLElement, rowHeight: number) {
  return {
    viewportHeight: element.clientHeight,
    headerHeight: (element.firstElementChild as HTMLElement | null)?.offsetHeight ?? rowHeight,
  };
}

/**
 * Where the rows stand, as the scroll follower last placed them, for what shows it outside the rows
 * (the toolbar's position text): told on each scroll event and render, without a render of its
 * own, and read from values already read, so that telling it never forces a layout.
 */
export class RowPlace {
  private listener: ((input: RowWindowInput) => void) | undefined;
  private last: RowWindowInput | undefined;

  /** The follower placed the rows (a scroll, a render, a resize). */
  tell(input: RowWindowInput): void {
    this.last = input;
    this.listener?.(input);
  }

  /** The row at the top of the screen (fractional) at `scrollTop`, by the last placement's count and box. */
  rowAtTop(scrollTop: number): number | undefined {
    return this.last && placeRows({ ...this.last, scrollTop }).start;
  }

  /** Calls `listener` with every placement from now, and the last one at once; returns how to stop. */
  listen(listener: (input: RowWindowInput) => void): () => void {
    this.listener = listener;
    if (this.last) listener(this.last);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }
}

/** What placing rows in `element` now depends on: its scroll position and box, the rows' count and height. */
function windowInputOf(element: HTMLElement, rowCount: number, rowHeight: number): RowWindowInput {
  return { rowCount, rowHeight, scrollTop: element.scrollTop, overscan: 0, ...boxOf(element, rowHeight) };
}

/** The rows on screen in `element` now (without overscan). */
export function rowsOnScreen(element: HTMLElement, rowCount: number, rowHeight: number) {
  return placeRows(windowInputOf(element, rowCount, rowHeight));
}

/** The scroll position of `element` that shows row `row` (fractional) at the top, or as near as the rows allow. */
export function scrollTopOfRow(
  element: HTMLElement,
  rowCount: number,
  rowHeight: number,
  row: number,
): number {
  return scrollTopFor(windowInputOf(element, rowCount, rowHeight), row, 'start');
}

/** Scrolls `element` the least that shows row `index` whole. */
export function scrollRowIntoView(element: HTMLElement, rowCount: number, rowHeight: number, index: number) {
  const input = windowInputOf(element, rowCount, rowHeight);
  const now = placeRows(input);
  if (index > now.start && index + 1 <= now.start + (input.viewportHeight - input.headerHeight) / rowHeight)
    return;
  element.scrollTop = scrollTopFor(input, index, index <= now.start ? 'start' : 'end');
}

export type ViewportBox = ReturnType<typeof boxOf>;

/** What placing the rows depends on besides the scroll position and the box. */
export interface ViewportRows {
  rowCount: number;
  rowHeight: number;
  overscan: number;
  /**
   * The row the table is being opened at (a place come back to), while it is: the rows drawn are
   * those that show it at the top, before the scroll position gets there, so a table opened deep
   * never asks for its top rows.
   */
  openAt?: number;
}

const NOTHING_DRAWN: DrawnRows = { from: 0, to: -1, anchor: 0 };

/**
 * The state of a scroll element's rows, apart from React (useRowViewport.ts wires it): the scroll
 * position as the last scroll event read it (reading it after a render would force a layout the
 * browser is about to do anyway), and the rows the last render drew. Each placement says where the
 * rows' layer goes, and which rows to draw when they are not those drawn.
 */
export class RowViewport {
  private scrollTop: number | undefined;
  private drawn = NOTHING_DRAWN;

  /** The element scrolled to `scrollTop`. */
  scrolled(scrollTop: number): void {
    this.scrollTop = scrollTop;
  }

  /** The rows now in the DOM (a render drew them): the layer stands for their anchor. */
  rendered(drawn: DrawnRows): void {
    this.drawn = drawn;
  }

  /**
   * Places the rows in `box`: the layer's top, and the rows to draw if others than those drawn.
   * Nothing before the box is measured: rows placed for a guessed box would be the wrong ones when
   * scaled, and read for nothing. `readScrollTop` is called only when no scroll event told it yet.
   */
  follow(
    rows: ViewportRows,
    box: ViewportBox | undefined,
    readScrollTop: () => number,
    place?: RowPlace,
  ): { layerTop: number; draw: DrawnRows | undefined } | undefined {
    if (!box) return undefined;
    const { openAt, ...sizes } = rows;
    const base = { ...sizes, ...box };
    if (openAt === undefined) this.scrollTop ??= readScrollTop();
    const input: RowWindowInput = {
      ...base,
      scrollTop:
        openAt !== undefined
          ? scrollTopFor({ ...base, scrollTop: 0 }, openAt, 'start')
          : (this.scrollTop ?? 0),
    };
    place?.tell(input);
    const window = placeRows(input);
    const now = this.drawn;
    const layerTop = layerTopOf(input, window.start, now.anchor);
    const same = now.from === window.from && now.to === window.to && now.anchor === window.anchor;
    return { layerTop, draw: same ? undefined : { from: window.from, to: window.to, anchor: window.anchor } };
  }
}
