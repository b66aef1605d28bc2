/** How wide a text is in a data table's font: a cell's, and a header's (bold, with a sort arrow). */
export interface TextMeasure {
  cell(text: string): number;
  header(text: string): number;
}

/** Bounds of a fitted column (px). Values under 40 characters fit under the first bound. */
export const COLUMN_WIDTH = {
  min: 60,
  /** A column sized from a sample of the first page: a long value does not take the whole window. */
  sampleMax: 420,
  /** A column the user asked to fit (double-click, Enter on its edge): as wide as its longest value shown. */
  fitMax: 1_000,
  /** Cell padding (8 px each side) and a pixel of rounding. */
  padding: 18,
  /** The sort arrow and the resize handle beside a header's label. */
  headerExtra: 22,
  /** One keyboard step of the resize handle; with Shift, five. */
  step: 10,
};

/** How many rows of the first page the initial widths are measured on. */
export const WIDTH_SAMPLE_ROWS = 100;

/** The width that shows the header and every one of `texts` whole, within `min` and `max`. */
export function fittedWidth(
  header: string,
  texts: Iterable<string>,
  measure: TextMeasure,
  max = COLUMN_WIDTH.sampleMax,
): number {
  let widest = measure.header(header) + COLUMN_WIDTH.headerExtra;
  // Each text once: a column's values repeat (statuses, dates, countries), and measuring is the
  // first screen's costliest step after rendering.
  for (const text of new Set(texts)) if (text) widest = Math.max(widest, measure.cell(text));
  return Math.round(Math.min(max, Math.max(COLUMN_WIDTH.min, widest + COLUMN_WIDTH.padding)));
}

/**
 * Widths that use the room there is: when the columns take less than `available`, the space left
 * goes to the columns the user did not size (`auto`), in proportion to their widths, so the table
 * does not leave a third of the window empty. Columns the user sized keep their width.
 */
export function fillWidth(
  widths: Readonly<Record<string, number>>,
  auto: readonly string[],
  available: number,
): Record<string, number> {
  const total = Object.values(widths).reduce((sum, width) => sum + width, 0);
  const autoTotal = auto.reduce((sum, key) => sum + (widths[key] ?? 0), 0);
  if (total >= available || autoTotal <= 0) return { ...widths };
  const scale = 1 + (available - total) / autoTotal;
  const filled = { ...widths };
  // Whole pixels, rounded down so the total never passes `available` (no horizontal scrollbar for
  // a pixel); the pixels rounding left over go to the last column that grew.
  let grown: string | undefined;
  for (const key of auto) {
    if (filled[key] === undefined) continue;
    filled[key] = Math.floor(filled[key] * scale);
    grown = key;
  }
  const left = available - Object.values(filled).reduce((sum, width) => sum + width, 0);
  if (grown !== undefined && left > 0) filled[grown] = (filled[grown] ?? 0) + left;
  return filled;
}

/** Measures text with the fonts the table's cells and headers are drawn in (a canvas, no layout). */
export function canvasMeasure(element: Element): TextMeasure {
  const context = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(element);
  const font = `${style.fontSize} ${style.fontFamily}`;
  let weightSet: string | undefined;
  const width = (weight: string, text: string) => {
    if (!context) return text.length * 8;
    // Setting a canvas's font parses it each time: a column's cells are measured in a row, once
    // for all of them (this was a tenth of the first screen's script time).
    if (weightSet !== weight) {
      context.font = `${weight} ${font}`;
      weightSet = weight;
    }
    return context.measureText(text).width;
  };
  return { cell: (text) => width('400', text), header: (text) => width('600', text) };
}
