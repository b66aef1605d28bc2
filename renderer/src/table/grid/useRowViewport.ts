import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import {
  layerTopOf,
  MAX_ROWS_HEIGHT,
  placeRows,
  rowsDrawnAtMost,
  scrollTopFor,
  type RowWindowInput,
} from './row-window';

/** The drawn rows of a window: what the rows' component renders (row-window.ts). */
export interface DrawnRows {
  from: number;
  to: number;
  anchor: number;
}

/** A scroll element's box as the window needs it: its height, and its sticky header's. */
function boxOf(element: HTMLElement, rowHeight: number) {
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

/**
 * The rows a scroll element draws (row-window.ts: scaled past the browser's height limit), for the
 * rows' component alone. A scroll event costs a render only when the drawn rows change (rows are
 * drawn in chunks of `overscan`), synchronously then so that no frame shows the rows missing; in
 * scaled mode the rows' layer follows the scroll position through one transform written directly
 * (`layerRef`), the way TanStack Virtual notifies only on a changed range and Glide Data Grid
 * redraws only a changed region.
 */
export function useRowViewport(
  scrollRef: RefObject<HTMLElement | null>,
  layerRef: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeight: number,
  overscan: number,
  place?: RowPlace,
  /**
   * The row the table is being opened at (a place come back to), while it is: the rows drawn are
   * those that show it at the top, before the scroll position gets there (useTablePlace scrolls
   * there before the first paint), so a table opened deep never asks for its top rows.
   */
  openAt?: number,
) {
  /** The scroll element's box as last measured (undefined before the first layout). */
  const [box, setBox] = useState<ReturnType<typeof boxOf> | undefined>();
  const [drawn, setDrawn] = useState<DrawnRows>({ from: 0, to: -1, anchor: 0 });
  const rendered = useRef(drawn);
  // The scroll position as the last scroll event read it: reading it after a render would force a
  // layout the browser is about to do anyway (read once if no scroll event came yet).
  const scrollTop = useRef<number | undefined>(undefined);

  // No row is placed before the box is measured (its first measure comes as the table first shows):
  // rows placed for a guessed box would be the wrong ones when scaled, and read for nothing.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setBox(boxOf(element, rowHeight));
    // The header's height changes when its columns arrive: watched too.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [scrollRef, rowHeight]);

  /** Places the layer for the rows in the DOM, and draws others when the scroll position needs them. */
  const follow = useCallback(
    (sync: boolean) => {
      if (!box) return;
      const base = { rowCount, rowHeight, overscan, ...box };
      if (openAt === undefined && scrollTop.current === undefined)
        scrollTop.current = scrollRef.current?.scrollTop ?? 0;
      const input: RowWindowInput = {
        ...base,
        scrollTop:
          openAt !== undefined
            ? scrollTopFor({ ...base, scrollTop: 0 }, openAt, 'start')
            : (scrollTop.current ?? 0),
      };
      place?.tell(input);
      const window = placeRows(input);
      const now = rendered.current;
      // The rows in the DOM stand for the anchor they were drawn with until the next render.
      const layer = layerRef.current;
      if (layer) layer.style.transform = `translateY(${layerTopOf(input, window.start, now.anchor)}px)`;
      if (now.from === window.from && now.to === window.to && now.anchor === window.anchor) return;
      const next = { from: window.from, to: window.to, anchor: window.anchor };
      if (sync) flushSync(() => setDrawn(next));
      else setDrawn(next);
    },
    [scrollRef, layerRef, rowCount, rowHeight, overscan, box, place, openAt],
  );

  // After each render (new rows, a new count, a resize): the layer and the rows for where it is.
  useLayoutEffect(() => {
    rendered.current = drawn;
    follow(false);
  });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      scrollTop.current = element.scrollTop;
      follow(true);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef, follow]);

  return {
    drawn,
    /** How many keys the drawn rows cycle through. */
    keys: rowsDrawnAtMost({ rowHeight, overscan, headerHeight: rowHeight, viewportHeight: 600, ...box }),
    /** The rows' area's height: the whole view's, or the browser's cap. */
    height: Math.min(rowCount * rowHeight, MAX_ROWS_HEIGHT),
  };
}
