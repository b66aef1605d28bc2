import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { TablePlace } from '../../../electron/shared/desk';
import type { GridPosition } from './useGridKeyboard';

export type { TablePlace };

/** What the user does to move in a table: a place still being taken gives way to it. */
const USER_MOVES = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

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
    rowCount,
    active,
    initialPlace,
    focusOnStart,
    onLeave,
    onMove,
  }: {
    sort: string | undefined;
    /** The rows the table is sized for now. */
    rowCount: number;
    active: GridPosition;
    initialPlace?: TablePlace;
    focusOnStart?: boolean;
    onLeave?: (place: TablePlace) => void;
    /** Told the place at each scroll and move of the active cell (kept in a ref: no render). */
    onMove?: (place: TablePlace) => void;
  },
): (scrollTop: number) => void {
  /** The place the table opened at, while it is not reached yet. */
  const pendingTop = useRef(initialPlace?.scrollTop || undefined);
  const firstSort = useRef(true);
  useEffect(() => {
    if (firstSort.current) firstSort.current = false;
    else if (scrollRef.current) {
      pendingTop.current = undefined;
      scrollRef.current.scrollTop = 0;
    }
  }, [scrollRef, sort]);

  const scrolledTo = useRef(initialPlace?.scrollTop ?? 0);
  const activeNow = useRef(active);
  const leave = useRef(onLeave);
  const move = useRef(onMove);
  useEffect(() => {
    const moved = activeNow.current !== active;
    activeNow.current = active;
    leave.current = onLeave;
    move.current = onMove;
    if (moved) onMove?.({ scrollTop: scrolledTo.current, active });
  });
  // Before the first paint: the table appears where it was left, and its rows are that place's.
  // A table opened before its count is known (after a restart) is not yet tall enough to scroll
  // there: the place is taken again as the rows grow, until it is reached or the user moves.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const target = pendingTop.current;
    if (!element || target === undefined) return;
    element.scrollTop = target;
    if (Math.abs(element.scrollTop - target) < 1) pendingTop.current = undefined;
  }, [scrollRef, rowCount]);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const moved = () => (pendingTop.current = undefined);
    for (const type of USER_MOVES) element.addEventListener(type, moved, { passive: true });
    return () => {
      for (const type of USER_MOVES) element.removeEventListener(type, moved);
    };
  }, [scrollRef]);
  useLayoutEffect(() => {
    if (focusOnStart) scrollRef.current?.focus({ preventScroll: true });
    return () => leave.current?.({ scrollTop: scrolledTo.current, active: activeNow.current });
    // Only when the table first appears and finally goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (scrollTop) => {
    scrolledTo.current = scrollTop;
    move.current?.({ scrollTop, active: activeNow.current });
  };
}
