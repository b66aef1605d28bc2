import type { TablePlace } from '@shared/desk';

/** A cell of the grid, by row and visible column index. */
export interface GridPosition {
  row: number;
  column: number;
}

/** How near the top of the screen the row opened at must be to count as reached (in rows). */
const REACHED_WITHIN = 0.5;

/**
 * A table's place, apart from the DOM (useTablePlace.ts wires it to the scroll element): the row at
 * the top of the screen and the active cell, kept in rows so a change of the rows' height keeps the
 * same rows on screen. A table opened at a place (back navigation, a restart) is not yet tall
 * enough to scroll there before its rows are counted or read: the place is taken again as the rows
 * grow, until it is reached, the list is whole, the user moves, or a new sort starts from the top.
 * Until then the place is still the one opened at, so a restart meanwhile keeps it.
 */
export class PlaceKeeper {
  private opening: number | undefined;
  private topRow: number;
  private active: GridPosition;
  /** The place opened at, until the list is whole and it was checked against the list's end. */
  private toCheck: TablePlace | undefined;

  constructor(opened: TablePlace | undefined, active: GridPosition) {
    this.opening = opened?.topRow || undefined;
    this.topRow = opened?.topRow ?? 0;
    this.active = active;
    this.toCheck = opened;
  }

  /** The row the table is being opened at, while it is not reached. */
  get openingAt(): number | undefined {
    return this.opening;
  }

  /** The place as it is told (kept for a restart, or for coming back). */
  get place(): TablePlace {
    return { topRow: this.topRow, active: this.active };
  }

  /**
   * The rows changed while the table opens at its place: `scrollTo` scrolls to a row and says which
   * row is at the top then (as near as the rows allow). Opening ends once that is the row opened at,
   * or the list is whole (`complete`): there is nothing more to wait for.
   */
  take(scrollTo: (row: number) => number, complete: boolean): void {
    if (this.opening === undefined) return;
    const top = scrollTo(this.opening);
    if (complete || top >= this.opening - REACHED_WITHIN) this.opening = undefined;
  }

  /** The user moved (wheel, pointer, key, touch): the place opened at gives way. */
  userMoved(): void {
    this.opening = undefined;
  }

  /** A new sort shows the list from its top: the place opened at is given up. */
  sorted(): void {
    this.opening = undefined;
  }

  /** The table scrolled, with `rowAtTop` at the top of the screen (fractional). */
  scrolled(rowAtTop: number): TablePlace {
    this.topRow = this.opening ?? rowAtTop;
    return this.place;
  }

  /** The active cell moved: whether it is another one than before. */
  moved(active: GridPosition): boolean {
    const changed = active !== this.active;
    this.active = active;
    return changed;
  }

  /** The row to scroll to after the rows' height changed (none while the table still opens). */
  afterHeightChange(): number | undefined {
    return this.opening === undefined ? this.topRow : undefined;
  }

  /**
   * Once the list is whole: the row the user was on, when the place opened at is past the list's
   * end (it shrank since), told once.
   */
  pastEnd(complete: boolean, rowCount: number): number | undefined {
    const opened = this.toCheck;
    if (!opened || !complete) return undefined;
    this.toCheck = undefined;
    return opened.topRow >= rowCount || opened.active.row >= rowCount ? opened.active.row : undefined;
  }
}
