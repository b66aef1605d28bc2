import { TABLE_TEXT_SIZE_DEFAULT, TABLE_TEXT_SIZES, type Settings } from '@shared/settings';

/** A row's height in each density of the settings, at the default text size. */
const ROW_HEIGHTS = { standard: 32, compact: 28 } as const;
/** A line of the table's text at the default size (its cells are centred in the row around it). */
const LINE_HEIGHT = 20;

/** How a table's text and rows are sized: its text, a line of it, a row (the rows' CSS takes them as variables). */
export interface TableSizes {
  textSize: number;
  lineHeight: number;
  rowHeight: number;
}

/**
 * The table's sizes for the settings' density and text size: the row grows with the text, in
 * whole pixels (the virtual rows are placed at multiples of it), and keeps the density's room.
 */
export function tableSizes(
  density: Settings['density'],
  textSize: number = TABLE_TEXT_SIZE_DEFAULT,
): TableSizes {
  const scale = textSize / TABLE_TEXT_SIZE_DEFAULT;
  return {
    textSize,
    lineHeight: Math.round(LINE_HEIGHT * scale),
    rowHeight: Math.round(ROW_HEIGHTS[density ?? 'standard'] * scale),
  };
}

/** The size one step larger (1) or smaller (−1) than `current`, staying at the ends; 0: the default. */
export function steppedTextSize(current: number | undefined, step: -1 | 0 | 1): number {
  if (step === 0) return TABLE_TEXT_SIZE_DEFAULT;
  const sizes: readonly number[] = TABLE_TEXT_SIZES;
  const at = sizes.indexOf(current ?? TABLE_TEXT_SIZE_DEFAULT);
  return sizes[Math.min(sizes.length - 1, Math.max(0, at + step))] ?? TABLE_TEXT_SIZE_DEFAULT;
}
