import type { Clock } from '../clock.js';
import type { OriginPeers } from './origin-peers.js';

/** What a RequestLimiter (limiter.ts) is made with: the API's rate and burst, and how it retries. */
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
  /** Where the limiter reads the time (tests set it). */
  clock?: Clock;
}
