import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { MAX_ROWS_HEIGHT } from './row-window';
import { boxOf, RowViewport, type DrawnRows, type RowPlace, type ViewportBox } from './row-viewport';

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
  const [box, setBox] = useState<ViewportBox | undefined>();
  const [drawn, setDrawn] = useState<DrawnRows>({ from: 0, to: -1, anchor: 0 });
  const [viewport] = useState(() => new RowViewport());

  // No row is placed before the box is measured (its first measure comes as the table first shows).
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
      const placed = viewport.follow(
        { rowCount, rowHeight, overscan, openAt },
        box,
        () => scrollRef.current?.scrollTop ?? 0,
        place,
      );
      if (!placed) return;
      const layer = layerRef.current;
      if (layer) layer.style.transform = `translateY(${placed.layerTop}px)`;
      const next = placed.draw;
      if (!next) return;
      if (sync) flushSync(() => setDrawn(next));
      else setDrawn(next);
    },
    [viewport, scrollRef, layerRef, rowCount, rowHeight, overscan, box, place, openAt],
  );

  // After each render (new rows, a new count, a resize): the layer and the rows for where it is.
  useLayoutEffect(() => {
    viewport.rendered(drawn);
    follow(false);
  });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      viewport.scrolled(element.scrollTop);
      follow(true);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [viewport, scrollRef, follow]);

  return {
    drawn,
    /** The rows' area's height: the whole view's, or the browser's cap. */
    height: Math.min(rowCount * rowHeight, MAX_ROWS_HEIGHT),
  };
}
