/**
 * Tells its listeners a fresh value at most once per interval while it keeps changing: live figures
 * for the UI a few times a second, however many requests change them. A value that also changes
 * with time alone (a rate over the last seconds) is told once more `quietMs` after the last change,
 * when it has settled: a rate falls to 0 on screen when nothing more is sent.
 */
export class ThrottledFeed<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private timer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => T,
    private readonly intervalMs: number,
    private readonly quietMs?: number,
  ) {}

  /** Calls `listener` with fresh values from now on; returns the way to stop. */
  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The value changed: listeners hear of it within the interval. */
  changed(): void {
    if (this.listeners.size === 0) return;
    if (this.quietMs !== undefined) {
      clearTimeout(this.quietTimer);
      this.quietTimer = setTimeout(() => this.tell(), this.quietMs);
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.tell();
    }, this.intervalMs);
  }

  close(): void {
    clearTimeout(this.timer);
    clearTimeout(this.quietTimer);
    this.timer = undefined;
    this.quietTimer = undefined;
  }

  private tell(): void {
    const value = this.read();
    for (const listener of this.listeners) listener(value);
  }
}
