import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { ApiRecord } from '@shared/schema';
import {
  canvasMeasure,
  COLUMN_WIDTH,
  fillWidth,
  fittedWidth,
  WIDTH_SAMPLE_ROWS,
  type TextMeasure,
} from './column-widths';

export interface WidthColumn {
  key: string;
  label: string;
}

/**
 * What the tables measured, by text size, for the next one to start from (every grid has the same
 * font, and usually the same width): a table coming back is drawn at its widths in its first
 * render, not redrawn once they are measured.
 */
const measures = new Map<number, TextMeasure>();
let lastAvailable = 0;
/** Fitted widths by sample (a traversal's first rows, kept with it) and columns: measured once. */
const fittedBySample = new WeakMap<readonly ApiRecord[], Map<string, Record<string, number>>>();

/**
 * The widths a table draws its visible columns at: the user's where they sized one, else fitted
 * to the header and a sample of the first page's values, the room left in the table's width
 * shared among the fitted ones; and `fit`, the width that shows a column's values whole.
 */
export function useColumnWidths({
  scrollRef,
  textSize,
  columns,
  sample,
  textOf,
  userSizes,
  resizing,
}: {
  scrollRef: RefObject<HTMLElement | null>;
  /** The grid's text size (px), which its font is measured in. */
  textSize: number;
  /** The visible columns, in order. */
  columns: readonly WidthColumn[];
  /** The first page's rows (a stable array: widths are measured once per traversal). */
  sample: readonly ApiRecord[] | undefined;
  textOf: (key: string, record: ApiRecord) => string;
  userSizes: Readonly<Record<string, number>>;
  /** The column whose edge the user is dragging, and its width when the drag began. */
  resizing?: { key: string; startSize: number };
}) {
  const [available, setAvailable] = useState(lastAvailable);
  const [measured, setMeasured] = useState(() => {
    const known = measures.get(textSize);
    return known && { textSize, measure: known };
  });
  // Before the first paint: a table drawn once without its widths would be drawn again at once.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const known = measures.get(textSize) ?? canvasMeasure(element);
    measures.set(textSize, known);
    setMeasured({ textSize, measure: known });
  }, [scrollRef, textSize]);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const readWidth = () => setAvailable((lastAvailable = element.clientWidth));
    readWidth();
    const observer = new ResizeObserver(readWidth);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef]);

  // Measured in another size, it is not this one's (the next render, before the paint, has it).
  const measure = measured?.textSize === textSize ? measured.measure : undefined;
  const fitted = useMemo(() => {
    if (!measure) return {};
    const signature = [textSize, ...columns.map(({ key, label }) => `${key}\t${label}`)].join('\n');
    const known = sample && fittedBySample.get(sample)?.get(signature);
    if (known) return known;
    const rows = (sample ?? []).slice(0, WIDTH_SAMPLE_ROWS);
    const widths = Object.fromEntries(
      columns.map(({ key, label }) => [
        key,
        fittedWidth(
          label,
          rows.map((record) => textOf(key, record)),
          measure,
        ),
      ]),
    );
    if (sample) {
      const bySignature = fittedBySample.get(sample) ?? new Map<string, Record<string, number>>();
      bySignature.set(signature, widths);
      fittedBySample.set(sample, bySignature);
    }
    return widths;
  }, [measure, textSize, sample, columns, textOf]);

  const widths = useMemo(() => {
    // While an edge is dragged, the room is shared as when the drag began: the other columns hold
    // still under the pointer (the dragged one counted at its starting width, as it was drawn).
    const sized = resizing ? { ...userSizes, [resizing.key]: resizing.startSize } : userSizes;
    const drawn: Record<string, number> = {};
    for (const { key } of columns) {
      const width = sized[key] ?? fitted[key];
      if (width !== undefined) drawn[key] = width;
    }
    const auto = columns.map(({ key }) => key).filter((key) => sized[key] === undefined);
    const filled = fillWidth(drawn, auto, available);
    const dragged = resizing && userSizes[resizing.key];
    return dragged && resizing ? { ...filled, [resizing.key]: dragged } : filled;
  }, [columns, userSizes, fitted, available, resizing]);

  /** The width that shows column `key`'s header and its values in `records` whole. */
  const fit = (key: string, records: readonly ApiRecord[]) => {
    const label = columns.find((column) => column.key === key)?.label ?? key;
    if (!measure) return undefined;
    return fittedWidth(
      label,
      records.map((record) => textOf(key, record)),
      measure,
      COLUMN_WIDTH.fitMax,
    );
  };
  /** `available`: the grid's width inside its borders, as last measured. */
  return { widths, fit, available };
}
