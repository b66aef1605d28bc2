import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { TablePlace } from '@shared/desk';
import { PlaceKeeper, type GridPosition } from './place-keeper';
import { rowsOnScreen, scrollTopOfRow, type RowPlace } from './row-viewport';

export type { TablePlace };

/** What the user does to move in a table: a place still being taken gives way to it. */
const USER_MOVES = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

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
    place: rowPlace,
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
  // One keeper for the table's life (its place is kept as the user scrolls: no render).
  const [place] = useState(() => new PlaceKeeper(initialPlace, active));
  // Rendered again when the row the table opens at is reached or given up (the rows drawn first).
  const [openingAt, setOpeningAt] = useState(place.openingAt);
  const follow = () => setOpeningAt(place.openingAt);

  const firstSort = useRef(true);
  useEffect(() => {
    if (firstSort.current) firstSort.current = false;
    else if (scrollRef.current) {
      place.sorted();
      follow();
      scrollRef.current.scrollTop = 0;
    }
    // Only when the sort changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollRef, sort]);

  const leave = useRef(onLeave);
  const move = useRef(onMove);
  useEffect(() => {
    leave.current = onLeave;
    move.current = onMove;
    if (place.moved(active)) onMove?.(place.place);
  });

  // Before the first paint: the table appears where it was left, and its rows are that place's.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    place.take((row) => {
      element.scrollTop = scrollTopOfRow(element, rowCount, rowHeight, row);
      return rowsOnScreen(element, rowCount, rowHeight).start;
    }, complete);
    follow();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollRef, rowCount, rowHeight, complete]);
  // Once the list is whole: a place opened at that is past its end (it shrank since) is said.
  useEffect(() => {
    const row = place.pastEnd(complete, rowCount);
    if (row !== undefined) onPastEnd?.(row);
    // Only when the list becomes whole.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, rowCount]);
  // A new row height (density) keeps the same row at the top of the screen.
  const heightBefore = useRef(rowHeight);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || heightBefore.current === rowHeight) return;
    heightBefore.current = rowHeight;
    const row = place.afterHeightChange();
    if (row !== undefined) element.scrollTop = scrollTopOfRow(element, rowCount, rowHeight, row);
    // Only when the rows' height changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollRef, rowHeight]);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const moved = () => {
      if (place.openingAt === undefined) return;
      place.userMoved();
      follow();
    };
    for (const type of USER_MOVES) element.addEventListener(type, moved, { passive: true });
    return () => {
      for (const type of USER_MOVES) element.removeEventListener(type, moved);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollRef]);
  useLayoutEffect(() => {
    if (focusOnStart) scrollRef.current?.focus({ preventScroll: true });
    return () => leave.current?.(place.place);
    // Only when the table first appears and finally goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    keepPlace: (scrollTop) => {
      const now = place.scrolled(rowPlace.rowAtTop(scrollTop) ?? scrollTop / rowHeight);
      move.current?.(now);
    },
    openingAt,
  };
}
