/** Milliseconds since the epoch; injected so tests can move time without waiting. */
export type Clock = () => number;

/**
 * Token buckets per key (the caller's IP): `ratePerSecond` sustained with bursts up to `burst`
 * (spec "Limits": 20 requests/s, burst 35, HTTP 503 beyond).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: Clock,
  ) {}

  /** Takes one token for `key`; false when its bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Whole seconds until `key` has a token again (at least 1, as Retry-After wants). */
  secondsUntilNext(key: string): number {
    const tokens = this.buckets.get(key)?.tokens ?? this.burst;
    return Math.max(1, Math.ceil((1 - tokens) / this.ratePerSecond));
  }
}

/** At most `limit` events per key in any window of `windowMs` (token requests, token grants). */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: Clock,
  ) {}

  /** Events of `key` still inside the window. */
  used(key: string): number {
    return this.recent(key).length;
  }

  /** True when `key` may have one more event now. */
  allows(key: string): boolean {
    return this.used(key) < this.limit;
  }

  record(key: string): void {
    this.events.set(key, [...this.recent(key), this.now()]);
  }

  /** When `key` may have its next event (epoch ms); now if it may already. */
  nextAllowedAt(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return this.now();
    return (recent[recent.length - this.limit] as number) + this.windowMs;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.events.get(key) ?? []).filter((at) => at > since);
    this.events.set(key, recent);
    return recent;
  }
}
