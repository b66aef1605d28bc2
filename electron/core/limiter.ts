import type { LimiterStats } from '../shared/contract.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { abortReason, ApiError } from './errors.js';
import { OriginPeers } from './origin-peers.js';

export type { LimiterStats };

/** Who is waiting (DESIGN.md, "Limiter"): the page on screen, then prefetch, then exports. */
export type Priority = 'interactive' | 'prefetch' | 'export';
const RANK: Record<Priority, number> = { interactive: 0, prefetch: 1, export: 2 };

export interface LimiterOptions {
  /** Sustained rate the API allows (spec: 20/s). */
  requestsPerSecond: number;
  /** Burst the API allows (spec: 35). */
  burst: number;
  /** Requests in flight at once. */
  maxConcurrent?: number;
  /** 503s one request may meet before it fails as "service unavailable". */
  maxRetries?: number;
  /** Backoff after the first 503; doubles per retry, capped at `maxBackoffMs`, then fully jittered. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
  /** The other processes of the user calling this origin: the limiter takes its share of rate and burst. */
  peers?: OriginPeers;
}

interface Job {
  priority: Priority;
  sequence: number;
  attempt: (signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal | undefined;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  retries: number;
  notBefore: number;
  detach: () => void;
}

const STATS_INTERVAL_MS = 250;
const RATE_WINDOW_MS = 2_000;
const SLOWDOWN_FACTOR = 0.5;
/** After a calm second, the allowed rate grows back by this share of the configured rate per second. */
const RECOVERY_PER_SECOND = 0.1;
/** A request whose answer was lost (reset, timeout) is sent again at most this many times. */
const LOST_ANSWER_RETRIES = 3;
/** After this long with nothing to do, the process stops counting as a caller of the origin. */
const IDLE_MS = 1_000;

/**
 * One rate limiter per API origin, shared by every table, prefetch and export (DESIGN.md): a token
 * bucket below the API's limit, priorities, a concurrency cap, cancellation of queued and running
 * requests, and on 503: full-jitter exponential backoff honouring Retry-After, a slower bucket that
 * recovers gradually, and a retry budget ending in a clear "service unavailable". A request whose
 * answer was lost on the network is sent again, a few times, at the same pace.
 */
export class RequestLimiter {
  private readonly queue: Job[] = [];
  private readonly configuredRate: number;
  /** Part of the server's burst kept in reserve, so network jitter cannot push the server over. */
  private readonly capacity: number;
  private allowedRate: number;
  private tokens: number;
  private refilledAt = performance.now();
  private pausedUntil = 0;
  private lastOverloadAt = -Infinity;
  private inFlight = 0;
  private sequence = 0;
  private retries = 0;
  private overloadAnswers = 0;
  private readonly starts: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private statsTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(stats: LimiterStats) => void>();
  private readonly options: Required<Omit<LimiterOptions, 'peers'>>;
  private readonly peers: OriginPeers | undefined;

  constructor(options: LimiterOptions) {
    this.options = {
      maxConcurrent: 8,
      maxRetries: 6,
      baseBackoffMs: 250,
      maxBackoffMs: 20_000,
      random: Math.random,
      ...options,
    };
    this.configuredRate = options.requestsPerSecond;
    this.allowedRate = options.requestsPerSecond;
    this.capacity = Math.max(1, options.burst - Math.max(1, Math.round(options.burst * 0.15)));
    this.tokens = this.capacity;
    this.peers = options.peers;
    this.peers?.onChange((count) => {
      // A process joined: give back at once what exceeds this one's new share of the burst.
      this.refill(performance.now());
      this.tokens = Math.min(this.tokens, this.capacity / count);
      this.changed();
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
        sequence: this.sequence++,
        attempt,
        signal,
        resolve: resolve as (value: unknown) => void,
        reject,
        retries: 0,
        notBefore: 0,
        detach: () => undefined,
      };
      if (signal) {
        const onAbort = () => {
          const index = this.queue.indexOf(job);
          if (index >= 0) {
            this.queue.splice(index, 1);
            reject(abortReason(signal));
            this.changed();
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.activate();
      this.queue.push(job);
      this.changed();
      this.pump();
    });
  }

  stats(): LimiterStats {
    const since = performance.now() - RATE_WINDOW_MS;
    while (this.starts.length && (this.starts[0] ?? 0) < since) this.starts.shift();
    return {
      requestsPerSecond: this.starts.length / (RATE_WINDOW_MS / 1000),
      allowedRate: this.allowedRate,
      configuredRate: this.configuredRate,
      queued: this.queue.length,
      inFlight: this.inFlight,
      retries: this.retries,
      overloadAnswers: this.overloadAnswers,
      sharedWith: (this.peers?.count ?? 1) - 1,
    };
  }

  /** Calls `listener` with fresh stats a few times a second while anything changes. */
  onStats(listener: (stats: LimiterStats) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Rejects everything queued with `reason` and stops the timers (the app is quitting). */
  close(reason: unknown = new DOMException('The limiter was closed', 'AbortError')): void {
    for (const job of this.queue.splice(0)) {
      job.detach();
      job.reject(reason);
    }
    clearTimeout(this.timer);
    clearTimeout(this.statsTimer);
    clearTimeout(this.idleTimer);
    this.peers?.setActive(false);
  }

  /** This process's share of the origin's budget: all of it, or 1/n while n processes call it. */
  private get share(): number {
    return 1 / (this.peers?.count ?? 1);
  }

  /** Counts this process among the origin's callers while it has work. */
  private activate(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.peers || this.peers.active) return;
    this.peers.setActive(true);
    if (this.peers.count > 1) {
      // Joining processes that are already calling: start with an empty bucket, so this one's
      // first burst cannot overrun theirs before they learn of it (within a heartbeat).
      this.refill(performance.now());
      this.tokens = 0;
    }
  }

  private refill(now: number): void {
    // Gradual recovery: the rate grows back only over time with no 503 for a full second.
    const calmSince = Math.max(this.refilledAt, this.lastOverloadAt + 1_000);
    if (now > calmSince && this.allowedRate < this.configuredRate) {
      const calmSeconds = (now - calmSince) / 1000;
      this.allowedRate = Math.min(
        this.configuredRate,
        this.allowedRate + calmSeconds * this.configuredRate * RECOVERY_PER_SECOND,
      );
    }
    this.tokens = Math.min(
      this.capacity * this.share,
      this.tokens + ((now - this.refilledAt) / 1000) * this.allowedRate * this.share,
    );
    this.refilledAt = now;
  }

  /** Starts what may start now, then sleeps until the next job could. */
  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = performance.now();
    this.refill(now);
    let wakeAt = Infinity;
    while (this.inFlight < this.options.maxConcurrent && now >= this.pausedUntil) {
      const job = this.nextReady(now);
      if (!job) break;
      if (this.tokens < 1) {
        wakeAt = now + ((1 - this.tokens) / (this.allowedRate * this.share)) * 1000;
        break;
      }
      this.tokens -= 1;
      this.queue.splice(this.queue.indexOf(job), 1);
      this.start(job, now);
    }
    if (now < this.pausedUntil && this.queue.length) wakeAt = this.pausedUntil;
    for (const job of this.queue) if (job.notBefore > now) wakeAt = Math.min(wakeAt, job.notBefore);
    if (wakeAt < Infinity && this.queue.length && this.inFlight < this.options.maxConcurrent) {
      this.timer = setTimeout(() => this.pump(), Math.max(1, wakeAt - now));
    }
  }

  private nextReady(now: number): Job | undefined {
    let best: Job | undefined;
    for (const job of this.queue) {
      if (job.notBefore > now) continue;
      if (
        !best ||
        RANK[job.priority] < RANK[best.priority] ||
        (RANK[job.priority] === RANK[best.priority] && job.sequence < best.sequence)
      ) {
        best = job;
      }
    }
    return best;
  }

  private start(job: Job, now: number): void {
    this.inFlight++;
    this.starts.push(now);
    this.changed();
    const signal = job.signal ?? new AbortController().signal;
    job.attempt(signal).then(
      (value) =>
        this.finish(() => {
          job.detach();
          job.resolve(value);
        }),
      (error: unknown) => this.finish(() => this.failed(job, error)),
    );
  }

  private finish(settle: () => void): void {
    this.inFlight--;
    settle();
    this.changed();
    this.pump();
    if (this.peers && !this.queue.length && !this.inFlight && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = undefined;
        if (!this.queue.length && !this.inFlight) this.peers?.setActive(false);
      }, IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private failed(job: Job, error: unknown): void {
    const lost = error instanceof ApiError && (error.code === 'network' || error.code === 'timeout');
    const overloaded = error instanceof ApiError && error.code === 'overloaded';
    if ((!lost && !overloaded) || job.signal?.aborted || (lost && job.retries >= LOST_ANSWER_RETRIES)) {
      job.detach();
      job.reject(error);
      return;
    }
    if (lost) {
      // An answer lost on the way (a reset, a timeout) is asked for again, same request, same cursor:
      // the list calls are GETs, safe to repeat, and an export of a million rows must not die of
      // one blip. Not the server's "slow down": the origin keeps its pace.
      this.retryLater(job, 0);
      return;
    }
    const now = performance.now();
    this.overloadAnswers++;
    // Slow the whole origin down: drain the bucket, halve the rate, and respect Retry-After for all.
    this.lastOverloadAt = now;
    this.allowedRate = Math.max(this.configuredRate * 0.05, this.allowedRate * SLOWDOWN_FACTOR);
    this.tokens = Math.min(this.tokens, 0);
    const serverWait = error.retryAt === undefined ? 0 : Math.max(0, error.retryAt - Date.now());
    this.pausedUntil = Math.max(this.pausedUntil, now + serverWait);
    if (job.retries >= this.options.maxRetries) {
      job.detach();
      job.reject(
        new ApiError(
          'unavailable',
          `service unavailable: the API answered 503 (rate limited or overloaded) ${job.retries + 1} times in a row; try again in a moment`,
          { status: error.status, serverMessage: error.serverMessage, retryable: true, cause: error },
        ),
      );
      return;
    }
    this.retryLater(job, serverWait);
  }

  /** Queues `job` again after a full-jitter backoff (a random wait up to the exponential bound), or `atLeastMs`. */
  private retryLater(job: Job, atLeastMs: number): void {
    const bound = Math.min(this.options.maxBackoffMs, this.options.baseBackoffMs * 2 ** job.retries);
    job.retries++;
    this.retries++;
    job.notBefore = performance.now() + Math.max(atLeastMs, this.options.random() * bound);
    this.queue.push(job);
  }

  private changed(): void {
    if (this.statsTimer || this.listeners.size === 0) return;
    this.statsTimer = setTimeout(() => {
      this.statsTimer = undefined;
      const stats = this.stats();
      for (const listener of this.listeners) listener(stats);
    }, STATS_INTERVAL_MS);
  }
}

/**
 * The limiters of a process, one per API origin, so every profile of one API shares its budget;
 * given a folder shared by the user's processes (the data folder's), each origin's budget is also
 * shared with the app and the `cdb` runs calling it at the same time.
 */
export class LimiterRegistry {
  private readonly limiters = new Map<string, RequestLimiter>();

  constructor(private readonly peersFolder?: string) {}

  /** The limiter of `baseUrl`'s origin; made with `options` the first time that origin is seen. */
  forOrigin(baseUrl: string, options: LimiterOptions): RequestLimiter {
    const origin = new URL(baseUrl).origin;
    let limiter = this.limiters.get(origin);
    if (!limiter) {
      const folder = createHash('sha256').update(origin).digest('hex').slice(0, 24);
      const peers = this.peersFolder ? new OriginPeers(join(this.peersFolder, folder)) : undefined;
      limiter = new RequestLimiter({ ...(peers && { peers }), ...options });
      this.limiters.set(origin, limiter);
    }
    return limiter;
  }

  closeAll(): void {
    for (const limiter of this.limiters.values()) limiter.close();
    this.limiters.clear();
  }
}
