import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { TablePlace } from '../../../electron/shared/desk';
import type { GridPosition } from './useGridKeyboard';
import { rowsOnScreen, scrollTopOfRow, type RowPlace } from './useRowViewport';

export type { TablePlace };

/** What the user does to move in a table: a place still being taken gives way to it. */
const USER_MOVES = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

/** How near the top of the screen the row opened at must be to count as reached (in rows). */
const REACHED_WITHIN = 0.5;

/**
 * A table's place as the user moves about: a new sort is a new traversal seen from the top (the old
 * rows stay until its first page arrives); a table opened at a place (back navigation, a restart)
 * shows the row that was at the top of the screen, with the keyboard on the row the user left (and
 * the focus when asked), and says where that is when the table goes. The place is kept in rows, so a
 * change of the rows' height keeps the same rows on screen. It is kept in a ref as the user scrolls:
 * a scroll re-renders nothing outside the table. Returns what the scroll element calls on each
 * scroll, and the row the table is being opened at while it is (the rows to draw first).
 */
export function useTablePlace(
  scrollRef: RefObject<HTMLElement | null>,
  {
    sort,
    rowCount,
    complete,
    rowHeight,
    place,
    active,
    initialPlace,
    focusOnStart,
    onLeave,
    onMove,
    onPastEnd,
  }: {
    sort: string | undefined;
    /** The rows the table is sized for now. */
    rowCount: number;
    /** The row count is the list's own (its count known, or its search done): it will not grow. */
    complete: boolean;
    rowHeight: number;
    /** Where the rows stand, as the rows' component last placed them. */
    place: RowPlace;
    active: GridPosition;
    initialPlace?: TablePlace;
    focusOnStart?: boolean;
    onLeave?: (place: TablePlace) => void;
    /** Told the place at each scroll and move of the active cell (kept in a ref: no render). */
    onMove?: (place: TablePlace) => void;
    /**
     * The place opened at is past the list's end (the list shrank since): its end is shown, and this
     * is told the row the user was on, so the user can be told in words.
     */
    onPastEnd?: (row: number) => void;
  },
): { keepPlace: (scrollTop: number) => void; openingAt: number | undefined } {
  // The row the table opened at, while it is not reached yet: a table opened before its count is
  // known (after a restart) is not yet tall enough to scroll there, so the place is taken again as
  // the rows grow, until it is reached, the list is whole, or the user moves.
  const [openingAt, setOpeningAt] = useState(initialPlace?.topRow || undefined);
  const pending = useRef(openingAt);
  const stopOpening = () => {
    pending.current = undefined;
    setOpeningAt(undefined);
  };
  const firstSort = useRef(true);
  useEffect(() => {
    if (firstSort.current) firstSort.current = false;
    else if (scrollRef.current) {
      stopOpening();
      scrollRef.current.scrollTop = 0;
    }
  }, [scrollRef, sort]);

  const topRow = useRef(initialPlace?.topRow ?? 0);
  const activeNow = useRef(active);
  const leave = useRef(onLeave);
  const move = useRef(onMove);
  const placeNow = () => ({ topRow: topRow.current, active: activeNow.current });
  useEffect(() => {
    const moved = activeNow.current !== active;
    activeNow.current = active;
    leave.current = onLeave;
    move.current = onMove;
    if (moved) onMove?.(placeNow());
  });

  // Before the first paint: the table appears where it was left, and its rows are that place's.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const target = pending.current;
    if (!element || target === undefined) return;
    element.scrollTop = scrollTopOfRow(element, rowCount, rowHeight, target);
    if (complete || rowsOnScreen(element, rowCount, rowHeight).start >= target - REACHED_WITHIN)
      stopOpening();
  }, [scrollRef, rowCount, rowHeight, complete]);
  // Once the list is whole: a place opened at that is past its end (it shrank since) is said.
  const toCheck = useRef(initialPlace);
  useEffect(() => {
    const opened = toCheck.current;
    if (!opened || !complete) return;
    toCheck.current = undefined;
    if (opened.topRow >= rowCount || opened.active.row >= rowCount) onPastEnd?.(opened.active.row);
    // Only when the list becomes whole.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, rowCount]);
  // A new row height (density) keeps the same row at the top of the screen.
  const heightBefore = useRef(rowHeight);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || heightBefore.current === rowHeight) return;
    heightBefore.current = rowHeight;
    if (pending.current === undefined)
      element.scrollTop = scrollTopOfRow(element, rowCount, rowHeight, topRow.current);
    // Only when the rows' height changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollRef, rowHeight]);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const moved = () => {
      if (pending.current !== undefined) stopOpening();
    };
    for (const type of USER_MOVES) element.addEventListener(type, moved, { passive: true });
    return () => {
      for (const type of USER_MOVES) element.removeEventListener(type, moved);
    };
  }, [scrollRef]);
  useLayoutEffect(() => {
    if (focusOnStart) scrollRef.current?.focus({ preventScroll: true });
    return () => leave.current?.(placeNow());
    // Only when the table first appears and finally goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    keepPlace: (scrollTop) => {
      // While the place is being taken, the place is still the one opened at (a restart before it is
      // reached keeps it, not the top of the rows read so far).
      topRow.current = pending.current ?? place.rowAtTop(scrollTop) ?? scrollTop / rowHeight;
      move.current?.(placeNow());
    },
    openingAt,
  };
}
