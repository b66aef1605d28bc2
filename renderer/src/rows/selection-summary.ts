/**
 * What the status bar says of the rows selected in a table (their count, and the sum, average,
 * minimum and maximum of the active column's numbers): said by the table whose selection it is, one
 * at a time, until that table's selection ends. One per window (RowsStore).
 */
export class SelectionSummary {
  private said: { by: object; text: string } | undefined;
  private readonly listeners = new Set<() => void>();

  /** `by` (a table) says `text` of its selection, or that it has none (undefined). */
  say(by: object, text: string | undefined): void {
    if (text !== undefined) {
      if (this.said?.by === by && this.said.text === text) return;
      this.said = { by, text };
    } else if (this.said?.by === by) this.said = undefined;
    else return;
    for (const listener of this.listeners) listener();
  }

  /** What the status bar says now (for useSyncExternalStore). */
  readonly text = (): string | undefined => this.said?.text;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}
