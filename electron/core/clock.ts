/**
 * Time as the engine reads it, so tests can set it: `monotonic` for waits and rates (it never jumps
 * back when the system clock is changed), `epoch` for times a server names (Retry-After's date).
 */
export interface Clock {
  /** Milliseconds on a clock that only goes forward. */
  monotonic(): number;
  /** Milliseconds since 1970 by this machine's clock. */
  epoch(): number;
}

/** The process's own clocks. */
export const systemClock: Clock = {
  monotonic: () => performance.now(),
  epoch: () => Date.now(),
};
