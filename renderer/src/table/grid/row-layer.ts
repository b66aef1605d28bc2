import type { ApiRecord } from '@shared/schema';
import type { Highlighter } from './highlight';
import type { RowMark } from '../../rows';
import type { RecordPaint } from '@shared/colour-rules';
import { rowWords, pinnedClass, setOrRemove, sizeCell, writeText } from './cell-writing';
import type { DrawnColumn } from '../columns/column-shapes';

/** What the rows' layer shows: the rows drawn, and what each of their cells says. */
export interface RowFrame {
  /** The rows drawn, first to last (none when `to` < `from`). */
  from: number;
  to: number;
  /** The row the layer's origin stands for: row `i` is drawn (i − anchor) rows below it. */
  anchor: number;
  rowHeight: number;
  /** The visible columns, in order (the same array while they are unchanged). */
  columns: readonly DrawnColumn[];
  /** Row `index`'s record, undefined while it is being read (drawn as a placeholder). */
  rowAt: (index: number) => ApiRecord | undefined;
  /** The text a cell of column `key` shows for `record`. */
  textOf: (key: string, record: ApiRecord) => string;
  /** What the filter marks in the cells, if it looks for anything. */
  highlight: Highlighter | undefined;
  /** How a row says it changed since the person last looked (change-marks.ts), if it did. */
  marks: ((record: ApiRecord) => RowMark | undefined) | undefined;
  /** How the table's colour rules mark a row and its cells (colour-rules.ts), if it has any. */
  paint: ((record: ApiRecord) => RecordPaint | undefined) | undefined;
  /** The words a marked row says to a screen reader: the names of the rules that hold. */
  paintWords: (names: readonly string[]) => string;
  /** The active cell, and the rows selected with Shift (first to last), if any. */
  active: { row: number; column: number };
  selection: { from: number; to: number } | undefined;
  /** The active cell's id (the grid's aria-activedescendant names it). */
  cellId: (row: number, column: number) => string;
  /** The title of an opening id cell when rows open a customer; undefined when they do not. */
  openLabel: string | undefined;
  /** A placeholder row's name ("Loading…"). */
  loadingLabel: string;
}

/** A colour rule's style as a class of the row or cell it marks (`paint-red`: table.css). */
export const PAINT_CLASS = 'paint-';

/** The cell whose click opens the row's customer: its id, written as a link is. */
export const OPENS_CLASS = 'opens';

/** A row element and what it was last written with, so that only what changed is written again. */
interface Slot {
  row: HTMLDivElement;
  cells: HTMLDivElement[];
  /** The row it shows (−1: none yet), where it stands in the layer (px), and how wide it is. */
  index: number;
  top: number;
  width: number;
  /** Its record as last written (null: a placeholder), and with which formatters and marks. */
  record: ApiRecord | null;
  textOf: RowFrame['textOf'] | undefined;
  highlight: Highlighter | undefined;
  marks: RowFrame['marks'];
  paint: RowFrame['paint'];
  /** Its active column (−1: none), whether it is selected, and its title, as last written. */
  activeColumn: number;
  selected: boolean;
  label: string | undefined;
}

/**
 * The rows of a data table near the screen, drawn the way a hand-written recycled grid draws them
 * (the framework only tells it when to draw): row elements are kept and reused. A row that stays
 * on screen is not touched; one that enters takes the elements of one that left, and only its
 * text, place and attributes are written. The rows stay in the DOM in their order on screen (a
 * screen reader reads them so) with as few moves as that allows, since a row moved in the DOM is
 * laid out anew: when no row stays (a flick), each element keeps its place and shows the row of
 * that place; else the rows leaving at one end are moved to the other for the rows entering there.
 */
export class RowLayer {
  /** The rows in the DOM, in order: rows `from`…`from + shown.length − 1`. */
  private shown: Slot[] = [];
  private from = 0;
  /** Row elements out of the DOM, to be used again. */
  private spare: Slot[] = [];
  private columns: readonly DrawnColumn[] = [];

  constructor(private readonly layer: HTMLElement) {}

  draw(frame: RowFrame): void {
    if (!sameKeys(frame.columns, this.columns)) this.reset();
    else if (frame.columns !== this.columns) this.resize(frame.columns);
    this.columns = frame.columns;
    this.place(frame);
    const width = frame.columns.reduce((sum, column) => sum + column.width, 0);
    this.shown.forEach((slot, position) => this.write(slot, frame.from + position, frame, width));
  }

  /** Takes every row out and forgets them (other columns: rows are made anew). */
  private reset(): void {
    this.layer.replaceChildren();
    this.shown = [];
    this.spare = [];
  }

  /** New widths for the same columns: written in every row element kept (a row's own as it is drawn). */
  private resize(columns: readonly DrawnColumn[]): void {
    for (const slot of [...this.shown, ...this.spare])
      columns.forEach((column, position) => sizeCell(slot.cells[position]!, column));
  }

  /** Puts an element in the DOM for each row of the frame, in order, moving as few as it can. */
  private place(frame: RowFrame): void {
    const { from } = frame;
    const count = Math.max(0, frame.to - from + 1);
    const lastFrom = this.from;
    const keptFrom = Math.max(from, lastFrom);
    const keptTo = Math.min(from + count, lastFrom + this.shown.length) - 1;
    const fresh = () => this.spare.pop() ?? this.make(frame.columns);
    const take = (pool: Slot[], atEnd: boolean) => (atEnd ? pool.pop() : pool.shift()) ?? fresh();
    if (keptFrom > keptTo) {
      // No row stays: each element shows the row of its place; more are added, or the rest taken out.
      const next = this.shown.slice(0, count);
      for (const slot of this.shown.slice(count)) this.putAway(slot);
      while (next.length < count) {
        const slot = fresh();
        this.layer.append(slot.row);
        next.push(slot);
      }
      this.shown = next;
    } else {
      const above = this.shown.slice(0, keptFrom - lastFrom);
      const kept = this.shown.slice(keptFrom - lastFrom, keptTo - lastFrom + 1);
      const below = this.shown.slice(keptTo - lastFrom + 1);
      // Rows entering below take the elements leaving above (scrolled down), and the other way up.
      const entering = from + count - 1 - keptTo;
      const after: Slot[] = [];
      for (let n = 0; n < entering; n++) {
        const slot = take(above.length ? above : below, !above.length);
        this.layer.append(slot.row);
        after.push(slot);
      }
      const before: Slot[] = [];
      for (let n = 0; n < keptFrom - from; n++)
        before.unshift(take(below.length ? below : above, below.length > 0));
      for (const slot of before) this.layer.insertBefore(slot.row, kept[0]!.row);
      for (const slot of [...above, ...below]) this.putAway(slot);
      this.shown = [...before, ...kept, ...after];
    }
    this.from = from;
  }

  private putAway(slot: Slot): void {
    slot.row.remove();
    slot.index = -1;
    this.spare.push(slot);
  }

  private make(columns: readonly DrawnColumn[]): Slot {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    const cells = columns.map((column, position) => {
      const cell = document.createElement('div');
      // A row holds cells (WAI-ARIA grid), a placeholder's too (empty ones). A cell keeps its
      // column for its life (other columns make the rows anew): said once, not at each row written.
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('data-column', String(position));
      sizeCell(cell, column);
      row.append(cell);
      return cell;
    });
    return {
      row,
      cells,
      index: -1,
      top: NaN,
      width: NaN,
      record: null,
      textOf: undefined,
      highlight: undefined,
      marks: undefined,
      paint: undefined,
      activeColumn: -1,
      selected: false,
      label: undefined,
    };
  }

  /** Writes row `index` into its slot: only what differs from what the slot shows. */
  private write(slot: Slot, index: number, frame: RowFrame, width: number): void {
    const record = frame.rowAt(index) ?? null;
    const moved = slot.index !== index;
    const activeColumn = record && frame.active.row === index ? frame.active.column : -1;
    const selected =
      record !== null &&
      frame.selection !== undefined &&
      index >= frame.selection.from &&
      index <= frame.selection.to;
    const openable = frame.openLabel !== undefined;
    const label = record ? frame.openLabel : frame.loadingLabel;
    const texts =
      moved ||
      record !== slot.record ||
      frame.textOf !== slot.textOf ||
      frame.highlight !== slot.highlight ||
      frame.marks !== slot.marks ||
      frame.paint !== slot.paint;
    const mark = record && frame.marks?.(record);
    const paint = record ? frame.paint?.(record) : undefined;
    const { row, cells } = slot;
    // Its place changes with its row, and with the rows' height or the layer's origin.
    const top = (index - frame.anchor) * frame.rowHeight;
    if (top !== slot.top) row.style.transform = `translateY(${top}px)`;
    if (width !== slot.width) row.style.width = `${width}px`;
    if (moved) row.setAttribute('aria-rowindex', String(index + 2));
    if (texts || selected !== slot.selected || label !== slot.label) {
      const stripe = index % 2 === 1 ? ' odd' : '';
      row.className = record
        ? `table-row${stripe}${selected ? ' selected' : ''}${openable ? ' openable' : ''}${mark ? ` ${mark.kind}-row` : ''}${paint?.row ? ` ${PAINT_CLASS}${paint.row}` : ''}`
        : `table-row skeleton-row${stripe}`;
      // A marked row names its rules where the pointer rests (never colour alone).
      setOrRemove(row, 'title', paint?.names.join(' · '));
      setOrRemove(row, 'aria-selected', selected ? 'true' : undefined);
      setOrRemove(row, 'aria-label', record ? undefined : label);
      setOrRemove(row, 'data-testid', record ? 'row' : undefined);
      setOrRemove(row, 'data-index', record ? String(index) : undefined);
    }
    if (texts || activeColumn !== slot.activeColumn || label !== slot.label) {
      frame.columns.forEach((column, position) => {
        const cell = cells[position]!;
        if (!record) {
          if (texts) {
            cell.className = `cell skeleton${pinnedClass(column)}`;
            cell.replaceChildren();
            cell.removeAttribute('title');
            cell.removeAttribute('id');
          }
          return;
        }
        const opens = openable && column.id === 'id';
        const active = position === activeColumn;
        const was = mark?.was.get(column.id);
        const painted = paint?.cells.get(column.id);
        cell.className = `cell${pinnedClass(column)}${active ? ' active' : ''}${opens ? ` ${OPENS_CLASS}` : ''}${was !== undefined ? ' changed' : ''}${painted ? ` ${PAINT_CLASS}${painted}` : ''}`;
        // Only the active cell is named (the grid's aria-activedescendant): an id on every cell
        // was a third of the work per row scrolled, rewritten on each recycled row.
        setOrRemove(cell, 'id', active ? frame.cellId(index, position) : undefined);
        setOrRemove(cell, 'title', opens ? label : was);
        if (texts) {
          writeText(cell, frame.textOf(column.id, record), column.id, frame.highlight);
          // The row says in words that it changed (never colour alone), where a reader starts it.
          if (mark && position === 0) cell.append(rowWords(mark.words));
          if (paint && position === 0) cell.append(rowWords(frame.paintWords(paint.names)));
        }
      });
    }
    slot.index = index;
    slot.top = top;
    slot.width = width;
    slot.record = record;
    slot.textOf = frame.textOf;
    slot.highlight = frame.highlight;
    slot.marks = frame.marks;
    slot.paint = frame.paint;
    slot.activeColumn = activeColumn;
    slot.selected = selected;
    slot.label = label;
  }
}

/** Whether two column lists have the same keys in the same order, pinned alike (a width may differ). */
function sameKeys(a: readonly DrawnColumn[], b: readonly DrawnColumn[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (column, position) =>
        column.id === b[position]!.id && (column.left === undefined) === (b[position]!.left === undefined),
    )
  );
}
