/** Part of the server's burst kept in reserve, so network jitter cannot push the server over. */
const BURST_RESERVE = 0.15;
/** On a 503 the allowed rate is halved, down to this share of the configured rate at least. */
const SLOWDOWN_FACTOR = 0.5;
const SLOWEST_SHARE = 0.05;
/** After a calm second, the allowed rate grows back by this share of the configured rate per second. */
const RECOVERY_PER_SECOND = 0.1;

/**
 * The token bucket of one API origin (DESIGN.md, "Limiter"; spec: 20 requests/s, burst 35): a little
 * below the server's burst, slowed down by the server's 503s and recovering gradually, and shared
 * with the user's other processes calling the origin (this process takes `share` of it).
 */
export class RateBucket {
  readonly configuredRate: number;
  private readonly capacity: number;
  private allowed: number;
  private tokens: number;
  private refilledAt: number;
  private lastOverloadAt = -Infinity;

  /** `share`: this process's share of the origin's budget, 1 or 1/n while n processes call it. */
  constructor(
    requestsPerSecond: number,
    burst: number,
    now: number,
    private readonly share: () => number = () => 1,
  ) {
    this.configuredRate = requestsPerSecond;
    this.allowed = requestsPerSecond;
    this.capacity = Math.max(1, burst - Math.max(1, Math.round(burst * BURST_RESERVE)));
    this.tokens = this.capacity;
    this.refilledAt = now;
  }

  /** The rate allowed now: the configured one, or less after 503s. */
  get allowedRate(): number {
    return this.allowed;
  }

  /** Takes one request's token if there is one (returns 0), else returns the ms until there will be. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return ((1 - this.tokens) / (this.allowed * this.share())) * 1000;
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

  /** The server said "slow down" (503): drain the bucket and halve the rate. */
  slowDown(now: number): void {
    this.refill(now);
    this.lastOverloadAt = now;
    this.allowed = Math.max(this.configuredRate * SLOWEST_SHARE, this.allowed * SLOWDOWN_FACTOR);
    this.tokens = Math.min(this.tokens, 0);
  }

  private refill(now: number): void {
    // Gradual recovery: the rate grows back only over time with no 503 for a full second.
    const calmSince = Math.max(this.refilledAt, this.lastOverloadAt + 1_000);
    if (now > calmSince && this.allowed < this.configuredRate) {
      const calmSeconds = (now - calmSince) / 1000;
      this.allowed = Math.min(
        this.configuredRate,
        this.allowed + calmSeconds * this.configuredRate * RECOVERY_PER_SECOND,
      );
    }
    this.tokens = Math.min(
      this.capacity * this.share(),
      this.tokens + ((now - this.refilledAt) / 1000) * this.allowed * this.share(),
    );
    this.refilledAt = now;
  }
}
