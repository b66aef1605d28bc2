import { AppFailure, asAppFailure } from '../api/call';

/**
 * What a table's row loaders share (block-loader.ts, scan-loader.ts): React's subscription to
 * them (useSyncExternalStore), the failure the table shows with Retry, and stopping and starting.
 */
export abstract class RowLoader {
  /** Why the last read failed; cleared by retry(). */
  error: AppFailure | undefined;
  protected closed = false;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** For useSyncExternalStore: called on every change. */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** For useSyncExternalStore: a number that changes with the rows. */
  readonly snapshot = () => this.version;

  /** Tries again after a failure. */
  retry(): void {
    this.error = undefined;
    this.changed();
  }

  /** Starts (again: React may stop and start an effect once more in development). */
  open(): void {
    this.closed = false;
    this.changed();
  }

  /** Stops: cancels the reads under way (another sort, filter or view replaces this one). */
  abstract close(): void;

  /** Keeps a read's failure to show; a cancelled read is no failure. */
  protected failed(failure: unknown): void {
    if (failure instanceof AppFailure && failure.code === 'cancelled') return;
    this.error = asAppFailure(failure);
    this.changed();
  }

  protected changed(): void {
    if (this.closed) return;
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
