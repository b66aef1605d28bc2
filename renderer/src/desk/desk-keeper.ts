import type { Desk } from '@shared/desk';

/** How long the desk waits after a change before it is written: a scroll writes once, when it stops. */
const WRITE_DELAY_MS = 1_000;

/**
 * Writes a window's desk a moment after it changes, and at once when the page goes away (a reload,
 * the window closed). `current` says what the desk is now (undefined: nothing to keep, no
 * connection); a write that fails is tried again at the next change.
 */
export class DeskKeeper {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private written = '';

  constructor(
    private readonly current: () => Desk | undefined,
    private readonly write: (desk: Desk) => Promise<unknown>,
    private readonly delayMs = WRITE_DELAY_MS,
  ) {}

  /** Something on the desk changed: written after the delay, unless more changes come first. */
  changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Writes the desk now, if it differs from the one last written. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const desk = this.current();
    if (!desk) return;
    const text = JSON.stringify(desk);
    if (text === this.written) return;
    this.written = text;
    this.write(desk).catch(() => {
      this.written = '';
    });
  }

  /** Stops the pending write (the window is gone). */
  stop(): void {
    clearTimeout(this.timer);
  }
}
