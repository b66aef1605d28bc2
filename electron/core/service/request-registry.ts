/**
 * The cancellable requests of each caller (an Electron window, a browser tab of the host), by the
 * id the caller gave them. Ids are the caller's own (a counter per tab starts at 0 everywhere), so
 * they are kept per caller: one caller can never cancel another's request.
 */
export class RequestRegistry {
  private readonly byCaller = new Map<string, Map<string, AbortController>>();

  /** Runs `task` with a signal that `cancel(caller, requestId)` aborts (no id: not cancellable). */
  async run<T>(
    caller: string,
    requestId: string | undefined,
    task: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    if (requestId === undefined) return task(controller.signal);
    let running = this.byCaller.get(caller);
    if (!running) {
      running = new Map<string, AbortController>();
      this.byCaller.set(caller, running);
    }
    running.set(requestId, controller);
    try {
      return await task(controller.signal);
    } finally {
      if (running.get(requestId) === controller) running.delete(requestId);
      if (running.size === 0 && this.byCaller.get(caller) === running) this.byCaller.delete(caller);
    }
  }

  /** Cancels the caller's own request `requestId`; false when it has none running by that id. */
  cancel(caller: string, requestId: string): boolean {
    const controller = this.byCaller.get(caller)?.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Cancels everything (the app is quitting). */
  cancelAll(): void {
    for (const running of this.byCaller.values())
      for (const controller of running.values()) controller.abort();
    this.byCaller.clear();
  }
}

/** The caller of a handler called directly (tests, benches, the start), not through dispatch. */
export const DIRECT_CALLER = 'direct';
