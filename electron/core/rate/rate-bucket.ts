/**
 * Part of the server's burst kept in reserve, so jitter cannot push the server over: at the full
 * rate the server's own bucket holds only this reserve, and requests that arrive bunched (a slow
 * network, a busy machine) may eat into it by up to reserve ÷ rate of delay: 10 ÷ 20/s = 0.5 s.
 */
const BURST_RESERVE = 0.3;
import { AddressShare } from './address-share.js';

/** The window the server's burst is counted in (spec: "burst 35 requests per second"). */
const WINDOW_MS = 1_000;

/**
 * The token bucket of one API origin (docs/architecture.md, "Limiter"; spec: 20 requests/s, burst
 * 35): a little below the server's burst, slowed down by the server's 503s and recovering
 * as address-share.ts says, and shared with the user's other processes calling the origin (this process takes
 * `share` of it). A bucket alone lets its capacity and a second's refill go in the first second
 * (25 + 20 = 45); a server counting per second would answer 503, so the starts of the last second
 * are counted too, and never exceed the capacity in any rolling second.
 */
export class RateBucket {
  private configured: number;
  private burst: number;
  private capacity: number;
  private readonly address: AddressShare;
  private tokens: number;
  private refilledAt: number;
  /** When each request of the last WINDOW_MS started, oldest first. */
  private readonly recent: number[] = [];

  /** `share`: this process's share of the origin's budget, 1 or 1/n while n processes call it. */
  constructor(
    requestsPerSecond: number,
    burst: number,
    now: number,
    private readonly share: () => number = () => 1,
  ) {
    this.configured = requestsPerSecond;
    this.address = new AddressShare(requestsPerSecond);
    this.burst = burst;
    this.capacity = capacityOf(burst);
    this.tokens = this.capacity;
    this.refilledAt = now;
  }

  /** The rate the connection was given. */
  get configuredRate(): number {
    return this.configured;
  }

  /**
   * Takes a new rate and burst at once (the connection was edited): the bucket keeps what it holds
   * within the new capacity, and a rate slowed by 503s stays as slow, within the new rate. False
   * when they are the ones it has.
   */
  configure(requestsPerSecond: number, burst: number, now: number): boolean {
    if (requestsPerSecond === this.configured && burst === this.burst) return false;
    this.refill(now);
    this.configured = requestsPerSecond;
    this.address.configure(requestsPerSecond);
    this.burst = burst;
    this.capacity = capacityOf(burst);
    this.tokens = Math.min(this.tokens, this.capacity * this.share());
    return true;
  }

  /** The rate allowed at `now`: the configured one, or less after 503s. */
  allowedRate(now: number): number {
    return this.address.rate(now);
  }

  /** Requests this process sent a second over the last two seconds. */
  sentRate(now: number): number {
    return this.address.sentRate(now);
  }

  /** Takes one request's token if there is one (returns 0), else returns the ms until there will be. */
  take(now: number): number {
    this.refill(now);
    this.forget(now);
    // In any rolling second, at most this process's share of the capacity.
    const inWindow = Math.max(1, Math.floor(this.capacity * this.share()));
    if (this.recent.length >= inWindow) {
      const oldest = this.recent[this.recent.length - inWindow] ?? now;
      return Math.max(1, oldest + WINDOW_MS - now);
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.recent.push(now);
      this.address.sent(now);
      return 0;
    }
    return ((1 - this.tokens) / (this.address.rate(now) * this.share())) * 1000;
  }

  /** Gives back what exceeds this process's share of the burst (another process joined). */
  fitShare(now: number): void {
    this.refill(now);
    this.tokens = Math.min(this.tokens, this.capacity * this.share());
  }

  /** Starts from nothing: joining processes already calling, so as not to overrun their burst. */
  drain(now: number): void {
    this.refill(now);
    this.tokens = 0;
  }

  /** The server answered a request (anything but "slow down"). */
  answered(now: number): void {
    this.address.answered(now);
  }

  /**
   * The server said "slow down" (503) to a request sent at `sentAt`: unless that request left before
   * the last slow-down, the rate falls (address-share.ts) and the bucket is drained.
   */
  slowDown(now: number, sentAt: number): void {
    this.refill(now);
    if (this.address.overloaded(now, sentAt)) this.tokens = Math.min(this.tokens, 0);
  }

  private forget(now: number): void {
    while (this.recent.length && (this.recent[0] ?? 0) <= now - WINDOW_MS) this.recent.shift();
  }

  private refill(now: number): void {
    this.tokens = Math.min(
      this.capacity * this.share(),
      this.tokens + ((now - this.refilledAt) / 1000) * this.address.rate(now) * this.share(),
    );
    this.refilledAt = now;
  }
}

/** What the bucket holds at most for a server's `burst`: the burst less its reserve. */
function capacityOf(burst: number): number {
  return Math.max(1, burst - Math.max(1, Math.round(burst * BURST_RESERVE)));
}
