import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { RequestLimiter, type LimiterOptions } from './limiter.js';
import { OriginPeers } from './origin-peers.js';

/**
 * The limiters of a process, one per API origin, so every profile of one API shares its budget;
 * given a folder shared by the user's processes (the data folder's), each origin's budget is also
 * shared with the app and the `cdb` runs calling it at the same time.
 */
export class LimiterRegistry {
  private readonly limiters = new Map<string, RequestLimiter>();

  constructor(private readonly peersFolder?: string) {}

  /**
   * The limiter of `baseUrl`'s origin, made with `options` the first time that origin is seen, and
   * given their rate and burst at once after (a connection edited, or another one of the origin
   * chosen) unless `{ configure: false }`: a connection on trial uses the origin's limiter as it is.
   */
  forOrigin(baseUrl: string, options: LimiterOptions, { configure = true } = {}): RequestLimiter {
    const origin = new URL(baseUrl).origin;
    let limiter = this.limiters.get(origin);
    if (limiter && configure) limiter.configure(options);
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
