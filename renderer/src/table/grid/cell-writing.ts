import type { DrawnColumn } from '../columns/column-shapes';
import type { Highlighter } from './highlight';

// What the rows' layer (row-layer.ts) writes into one cell: its size and pinned place, its text with
// what the filter looks for marked, and a changed row's words. Plain DOM, no framework.

/**
 * A cell's width, and where it stays while the grid scrolls sideways if its column is pinned: a
 * variable only the sticky rule reads (table.css). Written as `left`, it moved the cell that far
 * right whenever it was not sticky (the grid back at its left edge), over the next column; and a
 * recycled cell kept it in a column not pinned.
 */
export function sizeCell(cell: HTMLElement, column: DrawnColumn): void {
  cell.style.width = `${column.width}px`;
  if (column.left === undefined) cell.style.removeProperty(PIN_LEFT);
  else cell.style.setProperty(PIN_LEFT, `${column.left}px`);
}

/** The variable holding a pinned cell's distance from the grid's left edge (table.css). */
export const PIN_LEFT = '--pin-left';

/** The class that keeps a pinned column's cells in view (table.css). */
export function pinnedClass(column: DrawnColumn): string {
  return column.left === undefined ? '' : ' pinned';
}

export function setOrRemove(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * A row's words after its first cell's text, for a screen reader: what changed in it, the colour
 * rules that hold for it. The eye has the marks (table.css), and the id keeps its room.
 */
export function rowWords(text: string): HTMLElement {
  const words = document.createElement('span');
  words.className = 'change-words visually-hidden';
  words.textContent = ` ${text}`;
  return words;
}

/** A cell's text, with what the filter looks for marked (<mark>). */
export function writeText(
  cell: HTMLElement,
  text: string,
  columnKey: string,
  highlight: Highlighter | undefined,
): void {
  const ranges = highlight?.(columnKey, text);
  if (!ranges?.length) {
    const only = cell.firstChild;
    if (only && only === cell.lastChild && only.nodeType === Node.TEXT_NODE) {
      if (only.nodeValue !== text) only.nodeValue = text;
    } else cell.textContent = text;
    return;
  }
  const parts: (string | Node)[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(start, end);
    parts.push(mark);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  cell.replaceChildren(...parts);
}
