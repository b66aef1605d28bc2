import type { LimiterStats } from '../../shared/contract/status.js';
import { systemClock, type Clock } from '../clock.js';
import { abortReason, ApiError, LONGEST_SERVER_WAIT_MS, serviceUnavailable } from '../engine-errors.js';
import { JobQueue, type Priority } from './job-queue.js';
import { RATE_WINDOW_MS } from './address-share.js';
import type { LimiterOptions } from './limiter-options.js';
import type { OriginPeers } from './origin-peers.js';
import { RateBucket } from './rate-bucket.js';
import { ThrottledFeed } from './throttled-feed.js';

export type { LimiterOptions, LimiterStats, Priority };

interface Job {
  priority: Priority;
  attempt: (signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal | undefined;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  retries: number;
  notBefore: number;
  /** When its last attempt was sent (monotonic ms). */
  sentAt: number;
  detach: () => void;
}

const STATS_INTERVAL_MS = 250;
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** A request whose answer was lost (reset, timeout) is sent again at most this many times. */
const LOST_ANSWER_RETRIES = 3;
/**
 * The share of the rate background work may take (a quarter: 5 of the spec's 20 requests a second),
 * and how long it keeps off after a 503, which says the address is busy (colleagues behind it).
 */
const BACKGROUND_SHARE = 0.25;
const BACKGROUND_OFF_AFTER_503_MS = 30_000;

/**
 * One rate limiter per API origin, shared by every table, prefetch and export (docs/architecture.md): a token
 * bucket below the API's limit, priorities, a concurrency cap, cancellation of queued and running
 * requests, and on 503: full-jitter exponential backoff honouring Retry-After, a slower bucket that
 * recovers gradually, and a retry budget ending in a clear "service unavailable". A request whose
 * answer was lost on the network is sent again, a few times, at the same pace.
 */
export class RequestLimiter {
  private readonly queue = new JobQueue<Job>();
  private readonly bucket: RateBucket;
  private pausedUntil = -Infinity;
  private inFlight = 0;
  /** Requests in flight for someone waiting (not background): background work waits for them. */
  private inFlightAsked = 0;
  /** When the next background request may start (its share of the rate, its pause after a 503). */
  private backgroundAt = -Infinity;
  private retries = 0;
  private overloadAnswers = 0;
  private timer: NodeJS.Timeout | undefined;
  // Told once more when the last request has left the rate's window: the rate shown falls to 0.
  private readonly feed = new ThrottledFeed(
    () => this.stats(),
    STATS_INTERVAL_MS,
    RATE_WINDOW_MS + STATS_INTERVAL_MS,
  );
  private readonly options: Required<Omit<LimiterOptions, 'peers'>>;
  private readonly peers: OriginPeers | undefined;
  private readonly clock: Clock;

  constructor(options: LimiterOptions) {
    this.options = {
      maxConcurrent: 8,
      maxRetries: 6,
      baseBackoffMs: 250,
      maxBackoffMs: 20_000,
      random: Math.random,
      clock: systemClock,
      ...options,
    };
    this.clock = this.options.clock;
    this.peers = options.peers;
    this.bucket = new RateBucket(
      options.requestsPerSecond,
      options.burst,
      this.clock.monotonic(),
      () => 1 / (this.peers?.count ?? 1),
    );
    this.peers?.onChange(() => {
      // A process joined: give back at once what exceeds this one's new share of the burst.
      this.bucket.fitShare(this.clock.monotonic());
      this.feed.changed();
      this.pump();
    });
  }

  /**
   * Runs `attempt` when the limiter allows, retrying it after 503s ("overloaded" ApiErrors). The
   * signal cancels it queued or running; the attempt receives a signal to pass to its request.
   */
  schedule<T>(
    priority: Priority,
    attempt: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    signal?.throwIfAborted();
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        priority,
        attempt,
        signal,
        resolve: resolve as (value: unknown) => void,
        reject,
        retries: 0,
        notBefore: 0,
        sentAt: 0,
        detach: () => undefined,
      };
      if (signal) {
        const onAbort = () => {
          if (this.queue.remove(job)) {
            reject(abortReason(signal));
            this.feed.changed();
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.detach = () => signal.removeEventListener('abort', onAbort);
      }
      // Count this process among the origin's callers while it has work. Joining processes that
      // are already calling, start with an empty bucket, so this one's first burst cannot overrun
      // theirs before they learn of it (within a heartbeat).
      if (this.peers?.join()) this.bucket.drain(this.clock.monotonic());
      this.queue.add(job);
      this.feed.changed();
      this.pump();
    });
  }

  /** Takes a connection's new rate and burst at once (it was edited, or another profile of the origin was chosen). */
  configure({ requestsPerSecond, burst }: Pick<LimiterOptions, 'requestsPerSecond' | 'burst'>): void {
    if (!this.bucket.configure(requestsPerSecond, burst, this.clock.monotonic())) return;
    this.feed.changed();
    this.pump();
  }

  stats(): LimiterStats {
    const now = this.clock.monotonic();
    return {
      requestsPerSecond: this.bucket.sentRate(now),
      allowedRate: this.bucket.allowedRate(now),
      configuredRate: this.bucket.configuredRate,
      queued: this.queue.length,
      inFlight: this.inFlight,
      retries: this.retries,
      overloadAnswers: this.overloadAnswers,
      sharedWith: (this.peers?.count ?? 1) - 1,
    };
  }

  /** Calls `listener` with fresh stats a few times a second while anything changes. */
  onStats(listener: (stats: LimiterStats) => void): () => void {
    return this.feed.subscribe(listener);
  }

  /** Rejects everything queued with `reason` and stops the timers (the app is quitting). */
  close(reason: unknown = new DOMException('The limiter was closed', 'AbortError')): void {
    for (const job of this.queue.drain()) {
      job.detach();
      job.reject(reason);
    }
    clearTimeout(this.timer);
    this.feed.close();
    this.peers?.setActive(false);
  }

  /** Starts what may start now, then sleeps until the next job could. */
  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = this.clock.monotonic();
    let wakeAt = Infinity;
    while (this.inFlight < this.options.maxConcurrent && now >= this.pausedUntil) {
      // Background work starts only while nothing is in flight (nothing asked, and one background
      // request at a time, so an asked one never waits behind several), at its share of the rate.
      const job = this.queue.next(now, this.inFlight === 0 && now >= this.backgroundAt);
      if (!job) break;
      const wait = this.bucket.take(now);
      if (wait > 0) {
        wakeAt = now + wait;
        break;
      }
      this.queue.remove(job);
      if (job.priority === 'background')
        this.backgroundAt = now + 1000 / (BACKGROUND_SHARE * Math.max(1, this.bucket.allowedRate(now)));
      this.start(job, now);
    }
    if (this.queue.hasBackground && this.inFlightAsked === 0) wakeAt = Math.min(wakeAt, this.backgroundAt);
    if (now < this.pausedUntil && this.queue.length) wakeAt = this.pausedUntil;
    wakeAt = Math.min(wakeAt, this.queue.nextRelease(now));
    if (wakeAt < Infinity && this.queue.length && this.inFlight < this.options.maxConcurrent) {
      // setTimeout takes at most 2^31 − 1 ms: beyond, Node fires after 1 ms (a spin, not a wait).
      this.timer = setTimeout(() => this.pump(), Math.min(LONGEST_TIMER_MS, Math.max(1, wakeAt - now)));
    }
  }

  private start(job: Job, now: number): void {
    this.inFlight++;
    if (job.priority !== 'background') this.inFlightAsked++;
    job.sentAt = now;
    this.feed.changed();
    const signal = job.signal ?? new AbortController().signal;
    const asked = job.priority !== 'background';
    job.attempt(signal).then(
      (value) =>
        this.finish(asked, () => {
          this.bucket.answered(this.clock.monotonic());
          job.detach();
          job.resolve(value);
        }),
      (error: unknown) => this.finish(asked, () => this.failed(job, error)),
    );
  }

  private finish(asked: boolean, settle: () => void): void {
    this.inFlight--;
    if (asked) this.inFlightAsked--;
    settle();
    this.feed.changed();
    this.pump();
    const idle = () => !this.queue.length && !this.inFlight;
    if (idle()) this.peers?.leaveWhenIdle(idle);
  }

  private failed(job: Job, error: unknown): void {
    if (!(error instanceof ApiError && error.code === 'overloaded'))
      this.bucket.answered(this.clock.monotonic());
    const lost = error instanceof ApiError && (error.code === 'network' || error.code === 'timeout');
    const overloaded = error instanceof ApiError && error.code === 'overloaded';
    const giveUp = (reason: unknown) => (job.detach(), job.reject(reason));
    if ((!lost && !overloaded) || job.signal?.aborted || (lost && job.retries >= LOST_ANSWER_RETRIES)) {
      return giveUp(error);
    }
    if (lost) {
      // An answer lost on the way (a reset, a timeout) is asked for again, same request, same cursor:
      // the list calls are GETs, safe to repeat, and an export of a million rows must not die of
      // one blip. Not the server's "slow down": the origin keeps its pace.
      this.retryLater(job, 0);
      return;
    }
    const now = this.clock.monotonic();
    this.overloadAnswers++;
    // The address is busy (colleagues behind it, maybe): background work keeps off a while.
    this.backgroundAt = Math.max(this.backgroundAt, now + BACKGROUND_OFF_AFTER_503_MS);
    // Slow the whole origin down (rate-bucket.ts), and respect Retry-After for all.
    this.bucket.slowDown(now, job.sentAt);
    const serverWait =
      error.retryAt === undefined
        ? 0
        : Math.min(LONGEST_SERVER_WAIT_MS.api, Math.max(0, error.retryAt - this.clock.epoch()));
    this.pausedUntil = Math.max(this.pausedUntil, now + serverWait);
    if (job.retries >= this.options.maxRetries) return giveUp(serviceUnavailable(job.retries + 1, error));
    this.retryLater(job, serverWait);
  }

  /** Queues `job` again after a full-jitter backoff (a random wait up to the exponential bound), or `atLeastMs`. */
  private retryLater(job: Job, atLeastMs: number): void {
    const bound = Math.min(this.options.maxBackoffMs, this.options.baseBackoffMs * 2 ** job.retries);
    job.retries++;
    this.retries++;
    job.notBefore = this.clock.monotonic() + Math.max(atLeastMs, this.options.random() * bound);
    this.queue.add(job);
  }
}
