import { useCallback, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { usePressed } from '../keyboard/commands';
import type { GridPosition } from './grid/place-keeper';
import type { GridMenuTarget } from './GridMenu';

/**
 * When the grid's context menu opens, and where: a right click on a cell (which becomes the active
 * one, unless it is in the selection) or a header; the menu key or Shift+F10 on the active cell,
 * or on the header holding the focus. Closed, the keyboard is back in the grid.
 */
export function useGridMenu(
  scrollRef: RefObject<HTMLElement | null>,
  {
    active,
    selection,
    setActive,
  }: {
    active: GridPosition;
    selection: { from: number; to: number } | undefined;
    setActive: (position: GridPosition) => void;
  },
  cellId: (row: number, column: number) => string,
) {
  const pressed = usePressed();
  const [menu, setMenu] = useState<GridMenuTarget | undefined>();
  const close = useCallback(() => {
    setMenu(undefined);
    scrollRef.current?.focus({ preventScroll: true });
  }, [scrollRef]);

  const onContextMenu = (event: MouseEvent) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column]');
    if (!cell) return;
    event.preventDefault();
    const column = Number(cell.dataset.column);
    const header = cell.getAttribute('role') === 'columnheader';
    const index = cell.closest<HTMLElement>('[data-index]')?.dataset.index;
    const row = header || index === undefined ? undefined : Number(index);
    if (row !== undefined) {
      const selected = selection !== undefined && row >= selection.from && row <= selection.to;
      if (!selected) setActive({ row, column });
    }
    setMenu({
      where: header ? 'header' : 'cell',
      column,
      ...(row !== undefined && { row }),
      at: { x: event.clientX, y: event.clientY },
    });
  };

  /** Opens the menu for the menu key or Shift+F10; true when it did. */
  const onMenuKey = (event: KeyboardEvent): boolean => {
    if (!pressed(event, 'grid.menu')) return false;
    event.preventDefault();
    const header = (event.target as HTMLElement).closest<HTMLElement>('[role="columnheader"]');
    const cell = header ?? document.getElementById(cellId(active.row, active.column));
    const box = cell?.getBoundingClientRect();
    setMenu({
      where: header ? 'header' : 'cell',
      column: header ? Number(header.dataset.column) : active.column,
      ...(!header && { row: active.row }),
      at: box ? { x: box.left + 8, y: box.bottom } : { x: 0, y: 0 },
    });
    return true;
  };
  /** Gives the keyboard to the edge of column `key` in the header (the arrows resize it, Esc gives it back). */
  const focusResizer = (key: string) =>
    scrollRef.current?.querySelector<HTMLElement>(`[data-resizes="${CSS.escape(key)}"]`)?.focus();
  return { menu, close, onContextMenu, onMenuKey, focusResizer };
}
