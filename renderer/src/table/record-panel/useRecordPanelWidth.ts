import { useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { RECORD_PANEL_WIDTH } from '@shared/settings';
import { useSetting } from '../../data/useSetting';

/** The panel's width before the user gives it one, in CSS px. */
const FIRST_WIDTH = 340;
/**
 * How far an arrow key moves the panel's edge (Shift: five times as far, as on a column's edge). Wider
 * than a column's step (COLUMN_WIDTH.step): the panel spans hundreds of pixels, not tens.
 */
const KEY_STEP = 16;

const bounded = (width: number) =>
  Math.round(Math.min(RECORD_PANEL_WIDTH.max, Math.max(RECORD_PANEL_WIDTH.min, width)));

/**
 * The record panel's width, kept in the settings, and its edge (the WAI-ARIA window splitter
 * pattern): dragged, or moved with the Left and Right arrow keys, it widens or narrows the panel
 * (it stands right of the table: left is wider). The width is saved when the drag or the key ends,
 * not at every step, and `problem` says why it could not be.
 */
export function useRecordPanelWidth(panel: RefObject<HTMLElement | null>) {
  const { value: kept, choose, problem } = useSetting('recordPanelWidth');
  const [moving, setMoving] = useState<number>();
  const drag = useRef<{ x: number; width: number }>(undefined);
  const width = moving ?? kept ?? FIRST_WIDTH;
  // From the width drawn: the window's own bound (at most 60 % of the table's room) may draw it narrower.
  const drawn = () => panel.current?.offsetWidth ?? width;
  const save = () => {
    drag.current = undefined;
    if (moving === undefined) return;
    void choose(moving);
    setMoving(undefined);
  };
  return {
    width,
    problem,
    edge: {
      role: 'separator',
      'aria-orientation': 'vertical',
      'aria-valuenow': width,
      'aria-valuemin': RECORD_PANEL_WIDTH.min,
      'aria-valuemax': RECORD_PANEL_WIDTH.max,
      tabIndex: 0,
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width: drawn() };
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (drag.current) setMoving(bounded(drag.current.width + drag.current.x - event.clientX));
      },
      onPointerUp: save,
      onPointerCancel: save,
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
        const change = { ArrowLeft: step, ArrowRight: -step }[event.key];
        if (change === undefined) return;
        // The grid beside it moves its active cell with the same keys: they are this edge's here.
        event.preventDefault();
        event.stopPropagation();
        // From the width the last press left: a held key repeats faster than the panel redraws.
        setMoving((current) => bounded((current ?? drawn()) + change));
      },
      onKeyUp: save,
      onBlur: save,
    },
  } as const;
}
