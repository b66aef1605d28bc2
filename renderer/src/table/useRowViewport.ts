import { useEffect, useState, type RefObject } from 'react';
import { placeRows, scrollTopFor, type RowWindowInput } from './row-window';

/**
 * The rows of a scroll element on screen (row-window.ts: scaled past the browser's height limit),
 * kept up to date as it scrolls and resizes, and the way to bring a row into view.
 */
export function useRowViewport(
  scrollRef: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeight: number,
  overscan: number,
) {
  const [scrollTop, setScrollTop] = useState(0);
  const [box, setBox] = useState({ viewportHeight: 600, headerHeight: rowHeight });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () =>
      setBox({
        viewportHeight: element.clientHeight,
        headerHeight: (element.firstElementChild as HTMLElement | null)?.offsetHeight ?? rowHeight,
      });
    // The header's height changes when its columns arrive: watched too.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [scrollRef, rowHeight]);

  const input: RowWindowInput = { rowCount, rowHeight, scrollTop, overscan, ...box };
  const window = placeRows(input);

  /** Scrolls the least that shows row `index` whole. */
  const scrollToRow = (index: number) => {
    const element = scrollRef.current;
    if (!element) return;
    const current = { ...input, scrollTop: element.scrollTop };
    const now = placeRows(current);
    if (index > now.start && index + 1 <= now.start + (box.viewportHeight - box.headerHeight) / rowHeight)
      return;
    element.scrollTop = scrollTopFor(current, index, index <= now.start ? 'start' : 'end');
  };

  return { window, scrollToRow, onScroll: (top: number) => setScrollTop(top) };
}
