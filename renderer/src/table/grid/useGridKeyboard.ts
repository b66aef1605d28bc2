import { useState, type KeyboardEvent } from 'react';
import type { ApiRecord } from '@shared/schema';
import { usePressed } from '../../keyboard/commands';
import type { GridPosition } from './place-keeper';
import type { CopyFormat } from '../../ui/copy-formats';

const PAGE_STEP = 20;

export interface GridKeyboardOptions {
  rowCount: number;
  /** Row `index`, or undefined while it is being read. */
  rowAt: (index: number) => ApiRecord | undefined;
  /** The visible columns' ids, in order. */
  columns: readonly string[];
  /** The text a cell shows (what copying puts on the clipboard). */
  textOf: (key: string, record: ApiRecord) => string;
  /** Brings row `index` into view. */
  scrollToRow: (index: number) => void;
  /** Brings the visible column at `position` into view (beside the pinned ones). */
  scrollToColumn: (position: number) => void;
  /** Puts `text` on the clipboard (one cell's). */
  copyText: (text: string) => void;
  /** Copies rows `from`…`to` in `format` (copy-formats.ts). */
  copyRows: (from: number, to: number, format: CopyFormat) => void;
  onOpenRow?: (record: ApiRecord) => void;
  /** A new value (the sort) starts again from the first row. */
  resetOn: unknown;
  /** Where the active cell starts (back from a customer: where the user left the list). */
  initialActive?: GridPosition;
}

/**
 * The grid's keyboard (WAI-ARIA grid pattern): arrows, Page Up/Down, Home/End (with Ctrl: first
 * and last row), Shift to select rows, Enter to open one, Ctrl+C (⌘C) to copy the active cell or
 * the selected rows as tab-separated text, Ctrl+Shift+C (⌘⇧C) the rows as a table with headers.
 */
export function useGridKeyboard({
  rowCount,
  rowAt,
  columns,
  textOf,
  scrollToRow,
  scrollToColumn,
  copyText,
  copyRows,
  onOpenRow,
  resetOn,
  initialActive,
}: GridKeyboardOptions) {
  const pressed = usePressed();
  const [active, setActive] = useState<GridPosition>(initialActive ?? { row: 0, column: 0 });
  const [anchor, setAnchor] = useState<number | undefined>();

  // A new sort starts again from the first row (state adjusted while rendering, not in an effect:
  // https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
  const [shownFor, setShownFor] = useState(resetOn);
  if (shownFor !== resetOn) {
    setShownFor(resetOn);
    setActive((current) => ({ ...current, row: 0 }));
    setAnchor(undefined);
  }

  const move = (row: number, column: number) => {
    const next = {
      row: Math.max(0, Math.min(rowCount - 1, row)),
      column: Math.max(0, Math.min(columns.length - 1, column)),
    };
    setActive(next);
    scrollToRow(next.row);
    scrollToColumn(next.column);
  };

  /**
   * Copies the selected rows in `format` (the active one without a selection); as shown without a
   * selection, the active cell alone.
   */
  const copy = (format: CopyFormat) => {
    if (anchor === undefined && format === 'tsv') {
      copyText(textOf(columns[active.column] ?? '', rowAt(active.row) ?? {}).replace(/[\t\r\n]+/g, ' '));
      return;
    }
    const from = Math.min(anchor ?? active.row, active.row);
    copyRows(from, Math.max(anchor ?? active.row, active.row), format);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // With Alt a key is a shortcut of the app's (Alt+Enter: the record), not a move in the grid.
    if (event.altKey) return;
    const { row, column } = active;
    // Shift with a vertical move selects the rows between where it started and here.
    const step = (to: number) => {
      setAnchor(event.shiftKey ? (anchor ?? row) : undefined);
      move(to, column);
    };
    const keys: Record<string, () => void> = {
      ArrowDown: () => step(row + 1),
      ArrowUp: () => step(row - 1),
      PageDown: () => step(row + PAGE_STEP),
      PageUp: () => step(row - PAGE_STEP),
      ArrowRight: () => move(row, column + 1),
      ArrowLeft: () => move(row, column - 1),
      Home: () => move(event.ctrlKey || event.metaKey ? 0 : row, 0),
      End: () => move(event.ctrlKey || event.metaKey ? rowCount - 1 : row, columns.length - 1),
      Enter: () => {
        const record = rowAt(row);
        if (record && onOpenRow) onOpenRow(record);
      },
    };
    // Ctrl+C, ⌘C on macOS (where ⌃C is the columns' key).
    if (pressed(event, 'grid.copy') || pressed(event, 'grid.copyTable')) {
      event.preventDefault();
      copy(pressed(event, 'grid.copy') ? 'tsv' : 'html');
      return;
    }
    // Alt with an arrow or Enter is the app's (Back, the record), not a move in the grid.
    const action = event.altKey ? undefined : keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  /** The rows in the Shift selection, first to last, if there is one. */
  const selection =
    anchor === undefined
      ? undefined
      : { from: Math.min(anchor, active.row), to: Math.max(anchor, active.row) };

  return { active, setActive, selection, onKeyDown, copy };
}
