import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { GridPosition } from './useGridKeyboard';

/** Where a table was left: its scroll position and the keyboard's active cell. */
export interface TablePlace {
  scrollTop: number;
  active: GridPosition;
}

/**
 * A table's place as the user moves about: a new sort is a new traversal seen from the top (the old
 * rows stay until its first page arrives); back navigation brings the list back where it was, with
 * the keyboard on the row the user left (and the focus when asked), and says where that is when the
 * table goes. The position is kept in a ref as the user scrolls: a scroll re-renders nothing
 * outside the table. Returns what the scroll element calls on each scroll.
 */
export function useTablePlace(
  scrollRef: RefObject<HTMLElement | null>,
  {
    sort,
    active,
    initialPlace,
    focusOnStart,
    onLeave,
  }: {
    sort: string | undefined;
    active: GridPosition;
    initialPlace?: TablePlace;
    focusOnStart?: boolean;
    onLeave?: (place: TablePlace) => void;
  },
): (scrollTop: number) => void {
  const firstSort = useRef(true);
  useEffect(() => {
    if (firstSort.current) firstSort.current = false;
    else if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollRef, sort]);

  const scrolledTo = useRef(initialPlace?.scrollTop ?? 0);
  const activeNow = useRef(active);
  const leave = useRef(onLeave);
  useEffect(() => {
    activeNow.current = active;
    leave.current = onLeave;
  });
  // Before the first paint: the table appears where it was left, and its rows are that place's.
  useLayoutEffect(() => {
    if (scrollRef.current && initialPlace) scrollRef.current.scrollTop = initialPlace.scrollTop;
    if (focusOnStart) scrollRef.current?.focus({ preventScroll: true });
    return () => leave.current?.({ scrollTop: scrolledTo.current, active: activeNow.current });
    // Only when the table first appears and finally goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (scrollTop) => (scrolledTo.current = scrollTop);
}
