/** On a 503 the rate falls to this share of what this process was really sending. */
const DECREASE = 0.5;
/** Where the rate comes back to after a fall: this share of what the server answered this process lately. */
const PLATEAU = 0.8;
/**
 * How fast the rate grows back, in shares of the connection's rate per second cubed: back to its
 * plateau in cbrt((plateau − fallen rate) ÷ GROWTH) seconds, then beyond it as slowly at first.
 */
const GROWTH = 0.002;
/** The rate never falls below this share of the connection's rate. */
const SLOWEST_SHARE = 0.05;
/** How far back "lately" goes: what was sent and answered. */
/** The rates are counted over this window: a request stops counting this long after it was sent. */
export const RATE_WINDOW_MS = 2_000;

/**
 * How fast this process may call an API whose limit it may share with machines it cannot see: the
 * API counts requests per source address (spec "Limits"), and a desk behind one office address is
 * one address. The only signal is the server's 503, and it comes late (the server's burst hides an
 * excess until its bucket is empty), so the rate follows TCP CUBIC (RFC 9438) rather than a
 * steady climb that would meet the limit again every second: on a 503 it falls to half of what this
 * process was really sending (an export bound by round trips sends less than it is allowed), once
 * per round of requests; then it comes back to a little below what the server answered it lately
 * (its share of the address while the address was full), stays near it, and probes beyond it
 * slowly at first, faster the longer no 503 comes (another machine may have stopped), up to the
 * connection's rate.
 */
export class AddressShare {
  /** The last fall: when, to what rate, and the plateau it comes back to. */
  private fall: { at: number; rate: number; plateau: number } | undefined;
  private readonly sentAt: number[] = [];
  private readonly answeredAt: number[] = [];

  constructor(private configured: number) {}

  /** The rate allowed at `now` (ms, monotonic). */
  rate(now: number): number {
    if (!this.fall) return this.configured;
    const growth = GROWTH * this.configured;
    const { at, rate, plateau } = this.fall;
    const backAt = Math.cbrt(Math.max(0, plateau - rate) / growth);
    const allowed = plateau + growth * ((now - at) / 1000 - backAt) ** 3;
    return Math.min(this.configured, Math.max(this.configured * SLOWEST_SHARE, allowed));
  }

  /** A request left at `now`. */
  sent(now: number): void {
    this.sentAt.push(now);
    forget(this.sentAt, now);
  }

  /** Requests sent a second, lately. */
  sentRate(now: number): number {
    forget(this.sentAt, now);
    return perSecond(this.sentAt);
  }

  /** A request was answered (anything but "slow down"). */
  answered(now: number): void {
    this.answeredAt.push(now);
    forget(this.answeredAt, now);
  }

  /**
   * A 503 came at `now` for a request sent at `sentAt`: the rate falls, unless the request left
   * before the last fall (its answer says nothing of the rate since). True when it fell.
   */
  overloaded(now: number, sentAt: number): boolean {
    if (this.fall && sentAt < this.fall.at) return false;
    forget(this.answeredAt, now);
    const slowest = this.configured * SLOWEST_SHARE;
    const sending = Math.max(slowest, Math.min(this.rate(now), this.sentRate(now)));
    const rate = Math.max(slowest, sending * DECREASE);
    this.fall = {
      at: now,
      rate,
      plateau: Math.max(rate, Math.min(sending, perSecond(this.answeredAt)) * PLATEAU),
    };
    return true;
  }

  /** Takes the connection's new rate; a rate slowed by 503s stays as slow in proportion. */
  configure(requestsPerSecond: number): void {
    const ratio = requestsPerSecond / this.configured;
    if (this.fall)
      this.fall = { ...this.fall, rate: this.fall.rate * ratio, plateau: this.fall.plateau * ratio };
    this.configured = requestsPerSecond;
  }
}

/** Events a second over the window. */
function perSecond(times: number[]): number {
  return times.length / (RATE_WINDOW_MS / 1000);
}

/** Drops the times older than the window. */
function forget(times: number[], now: number): void {
  while (times.length && (times[0] ?? 0) <= now - RATE_WINDOW_MS) times.shift();
}
