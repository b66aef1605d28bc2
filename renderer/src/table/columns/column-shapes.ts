import type { FieldKind } from '@shared/filter';

// What the rest of the table knows of a column, in the lowest of its rooms so that the filter's
// editor, the colour rules and the grid's layer all read it from below.

/** A column as the filter bar offers it: its label, how its values compare, its values when it has a fixed set. */
export interface FilterColumn {
  key: string;
  label: string;
  kind: FieldKind;
  values?: { value: string; label: string }[];
}

/** A visible column as a drawn row needs it: its key and width, and where it stays when pinned. */
export interface DrawnColumn {
  id: string;
  width: number;
  /** A pinned column's distance from the grid's left edge while it scrolls sideways (column-pins.ts). */
  left?: number;
}
