import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../clock.js';
import { ApiError } from '../engine-errors.js';
import { RequestLimiter, type LimiterOptions, type LimiterStats, type Priority } from './limiter.js';

// The limiter's rules on a clock of the test's own: timers and Date are faked, and the limiter is
// handed a clock reading them (performance.now() stays real, so a limiter reading it directly
// would fail these tests). limiter.integration.test.ts holds it to the Demo API on the real clock.
const clock: Clock = { monotonic: () => Date.now(), epoch: () => Date.now() };
let current: RequestLimiter | undefined;
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => {
  current?.close();
  current = undefined;
  vi.useRealTimers();
});

const limiterWith = (options: LimiterOptions) => (current = new RequestLimiter({ clock, ...options }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const overloaded = (retryAfterMs?: number) =>
  new ApiError('overloaded', 'the API is rate limiting or overloaded (HTTP 503)', {
    status: 503,
    retryable: true,
    retryAt: retryAfterMs === undefined ? undefined : Date.now() + retryAfterMs,
  });

/** Schedules `count` requests that do nothing: when each started (ms from now), and all of them. */
function scheduleMany(limiter: RequestLimiter, count: number) {
  const startedAt: number[] = [];
  const t0 = Date.now();
  const all = Promise.all(
    Array.from({ length: count }, () =>
      limiter.schedule('export', () => Promise.resolve(void startedAt.push(Date.now() - t0))),
    ),
  );
  return { startedAt, all };
}

/** Whether `promise` has settled, read without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the limiter on its own', () => {
  it('starts interactive work before prefetch before export, first come first served within each', async () => {
    const limiter = limiterWith({ requestsPerSecond: 50, burst: 2, maxConcurrent: 1 });
    const order: string[] = [];
    const job = (priority: Priority, name: string) =>
      limiter.schedule(priority, async () => {
        order.push(name);
        await sleep(5);
      });
    const jobs = Promise.all([
      job('export', 'e1'),
      job('export', 'e2'),
      job('prefetch', 'p1'),
      job('interactive', 'i1'),
      job('export', 'e3'),
      job('interactive', 'i2'),
    ]);
    await vi.runAllTimersAsync();
    await jobs;
    // e1 started at once (the queue was empty); then the rest by priority.
    expect(order).toEqual(['e1', 'i1', 'i2', 'p1', 'e2', 'e3']);
  });

  it('caps the requests in flight', async () => {
    const limiter = limiterWith({ requestsPerSecond: 1_000, burst: 1_000, maxConcurrent: 3 });
    let running = 0;
    let most = 0;
    const all = Promise.all(
      Array.from({ length: 12 }, () =>
        limiter.schedule('export', async () => {
          most = Math.max(most, ++running);
          await sleep(10);
          running--;
        }),
      ),
    );
    await vi.runAllTimersAsync();
    await all;
    expect(most).toBe(3);
  });

  it('keeps to its burst in any rolling second: what the bucket holds at once, then nothing until that second is over', async () => {
    // Burst 14 less its reserve (4) = 10 at once; the refill would allow one more each 100 ms, but
    // a server counting per second would then see 11 in a second.
    const limiter = limiterWith({ requestsPerSecond: 10, burst: 14 });
    const { startedAt, all } = scheduleMany(limiter, 15);
    await vi.runAllTimersAsync();
    await all;
    expect(startedAt.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(startedAt.slice(10)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
  });

  it('with the spec’s 20/s and burst 35: never more than 35 in any rolling second, 20 a second sustained', async () => {
    const limiter = limiterWith({ requestsPerSecond: 20, burst: 35 });
    const { startedAt, all } = scheduleMany(limiter, 200);
    await vi.runAllTimersAsync();
    await all;
    const most = Math.max(
      ...startedAt.map((start) => startedAt.filter((t) => t >= start && t < start + 1_000).length),
    );
    expect(most).toBeLessThanOrEqual(35);
    // 25 at once (35 less its reserve), then 20 a second: the 200th at (200 − 25) / 20 ≈ 8.75 s.
    expect(startedAt.at(-1)).toBeGreaterThanOrEqual(8_000);
    expect(startedAt.at(-1)).toBeLessThanOrEqual(9_500);
  });

  it('takes a connection’s new rate at once, for the requests already waiting', async () => {
    const limiter = limiterWith({ requestsPerSecond: 1, burst: 1 });
    const { startedAt, all } = scheduleMany(limiter, 21);
    await vi.advanceTimersByTimeAsync(10);
    expect(startedAt).toEqual([0]);
    limiter.configure({ requestsPerSecond: 20, burst: 35 });
    expect(limiter.stats().configuredRate).toBe(20);
    await vi.runAllTimersAsync();
    await all;
    // At 1/s the 21st would start after 20 s; at 20/s it starts within about a second.
    expect(startedAt.at(-1)).toBeLessThan(1_100);
  });

  it('drops a queued request when its signal aborts, and never runs it', async () => {
    const limiter = limiterWith({ requestsPerSecond: 1, burst: 2 });
    const ran: number[] = [];
    const controller = new AbortController();
    const first = limiter.schedule('interactive', () => Promise.resolve(ran.push(1)));
    const queued = limiter.schedule('interactive', () => Promise.resolve(ran.push(2)), controller.signal);
    expect(limiter.stats().queued).toBe(1);
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    await first;
    await vi.advanceTimersByTimeAsync(1_100);
    expect(ran).toEqual([1]);
    expect(limiter.stats().queued).toBe(0);
  });

  it('passes the signal to a running request so it can stop it', async () => {
    const limiter = limiterWith({ requestsPerSecond: 10, burst: 5 });
    const controller = new AbortController();
    const running = limiter.schedule(
      'interactive',
      (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
      controller.signal,
    );
    setTimeout(() => controller.abort(), 20);
    const outcome = expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(20);
    await outcome;
  });

  it('retries a 503 with full-jitter backoff, slows down, then recovers gradually', async () => {
    const limiter = limiterWith({ requestsPerSecond: 20, burst: 35, baseBackoffMs: 300, random: () => 1 });
    let calls = 0;
    const result = limiter.schedule('interactive', () =>
      ++calls <= 3 ? Promise.reject(overloaded()) : Promise.resolve('ok'),
    );
    // Backoffs of 300, 600 and 1,200 ms (random() = 1 takes the whole bound each time); the bucket,
    // slowed to its floor of 1 request/s (this process sent almost nothing), adds its own wait of a
    // second before each retry.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settled(result)).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await result).toBe('ok');
    const afterStorm = limiter.stats();
    expect(afterStorm).toMatchObject({ retries: 3, overloadAnswers: 3 });
    expect(afterStorm.allowedRate).toBeLessThan(20);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(limiter.stats().allowedRate).toBeGreaterThan(afterStorm.allowedRate);
  });

  it('honours Retry-After on a 503 for the whole origin', async () => {
    const limiter = limiterWith({ requestsPerSecond: 100, burst: 50, random: () => 0 });
    let calls = 0;
    const started = Date.now();
    const first = limiter.schedule('interactive', () =>
      ++calls === 1 ? Promise.reject(overloaded(600)) : Promise.resolve(),
    );
    await vi.advanceTimersByTimeAsync(50);
    let otherStartedAt = 0;
    const other = limiter.schedule('interactive', () => {
      otherStartedAt = Date.now() - started;
      return Promise.resolve();
    });
    await vi.runAllTimersAsync();
    await Promise.all([first, other]);
    expect(otherStartedAt).toBeGreaterThanOrEqual(600);
  });

  it('bounds a Retry-After of ten years to a minute, and waits it without spinning', async () => {
    const limiter = limiterWith({ requestsPerSecond: 100, burst: 50, random: () => 0 });
    let calls = 0;
    const started = Date.now();
    let retriedAt = 0;
    const job = limiter.schedule('interactive', () => {
      if (++calls === 1) return Promise.reject(overloaded(10 * 365 * 24 * 3_600_000));
      retriedAt = Date.now() - started;
      return Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls).toBe(1);
    // One timer for the whole wait: not a 1 ms timer firing again and again (a 32-bit overflow).
    expect(vi.getTimerCount()).toBeLessThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(1_100);
    await job;
    expect(retriedAt).toBeGreaterThanOrEqual(60_000);
    expect(retriedAt).toBeLessThan(61_100);
  });

  it('gives up after its retry budget with a clear "service unavailable"', async () => {
    const limiter = limiterWith({ requestsPerSecond: 100, burst: 50, maxRetries: 3, baseBackoffMs: 5 });
    const error = limiter
      .schedule('export', () => Promise.reject(overloaded()))
      .catch((reason: unknown) => reason);
    await vi.runAllTimersAsync();
    expect(await error).toBeInstanceOf(ApiError);
    expect(await error).toMatchObject({ code: 'unavailable', status: 503, retryable: true });
    expect(((await error) as Error).message).toMatch(
      /^service unavailable: the API answered 503 .* 4 times in a row/,
    );
  });

  it('reports live figures as an event, the rate falling to 0 when nothing is sent', async () => {
    const limiter = limiterWith({ requestsPerSecond: 100, burst: 10 });
    const seen: LimiterStats[] = [];
    limiter.onStats((stats) => seen.push(stats));
    const all = Promise.all(
      Array.from({ length: 20 }, () => limiter.schedule('prefetch', () => Promise.resolve())),
    );
    await vi.runAllTimersAsync();
    await all;
    await vi.advanceTimersByTimeAsync(300);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((stats) => stats.requestsPerSecond > 0)).toBe(true);
    // Nothing more sent: once the rate's window has passed, it is told at 0 (not left at its last figure).
    await vi.advanceTimersByTimeAsync(3_000);
    expect(seen.at(-1)).toMatchObject({ queued: 0, inFlight: 0, requestsPerSecond: 0 });
  });
});

describe('background work (search prepared at idle)', () => {
  it('takes a quarter of the rate at most, one at a time, and none while something asked is in flight', async () => {
    const limiter = limiterWith({ requestsPerSecond: 20, burst: 35 });
    const t0 = Date.now();
    const startedAt: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const background = Promise.all(
      Array.from({ length: 10 }, () =>
        limiter.schedule('background', async () => {
          startedAt.push(Date.now() - t0);
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          await sleep(400);
          inFlight--;
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    // An asked request in flight for a second: no background request starts meanwhile.
    let release: () => void = () => undefined;
    const asked = limiter.schedule('interactive', () => new Promise<void>((resolve) => (release = resolve)));
    const before = startedAt.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(startedAt.length).toBe(before);
    release();
    await asked;
    await vi.advanceTimersByTimeAsync(6_000);
    await background;
    // 5 a second at most: 10 requests take at least 1.8 s of starts, whatever the burst allowed.
    for (let index = 1; index < startedAt.length; index++)
      expect(startedAt[index]! - startedAt[index - 1]!).toBeGreaterThanOrEqual(199);
    // One at a time: an asked request never waits behind several of them.
    expect(mostInFlight).toBe(1);
  });

  it('keeps off 30 s after a 503 (the address is busy), while asked work goes on', async () => {
    const limiter = limiterWith({ requestsPerSecond: 20, burst: 35, random: () => 0 });
    let calls = 0;
    const t0 = Date.now();
    const first = limiter.schedule('interactive', () =>
      ++calls === 1 ? Promise.reject(overloaded(0)) : Promise.resolve(),
    );
    await vi.advanceTimersByTimeAsync(2_000);
    await first;
    let startedAt: number | undefined;
    const background = limiter.schedule('background', () =>
      Promise.resolve(void (startedAt = Date.now() - t0)),
    );
    const asked = limiter.schedule('interactive', () => Promise.resolve());
    await vi.advanceTimersByTimeAsync(10_000);
    await asked;
    expect(startedAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(25_000);
    await background;
    expect(startedAt).toBeGreaterThanOrEqual(29_000);
  });
});
