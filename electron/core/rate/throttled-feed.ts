/**
 * Tells its listeners a fresh value at most once per interval while it keeps changing: live figures
 * for the UI a few times a second, however many requests change them.
 */
export class ThrottledFeed<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => T,
    private readonly intervalMs: number,
  ) {}

  /** Calls `listener` with fresh values from now on; returns the way to stop. */
  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The value changed: listeners hear of it within the interval. */
  changed(): void {
    if (this.timer || this.listeners.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const value = this.read();
      for (const listener of this.listeners) listener(value);
    }, this.intervalMs);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
