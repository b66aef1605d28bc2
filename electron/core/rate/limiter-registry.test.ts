import { describe, expect, it } from 'vitest';
import { LimiterRegistry } from './limiter-registry.js';

// One limiter per API origin (limiter-registry.ts), whatever profile or trial asks for it.

describe('limiter registry', () => {
  it('gives a trial the origin’s limiter as it is; a connection’s own rate applies at once', () => {
    const registry = new LimiterRegistry();
    const limiter = registry.forOrigin('https://api.example/v1', { requestsPerSecond: 20, burst: 35 });
    expect(
      registry.forOrigin('https://api.example', { requestsPerSecond: 2, burst: 5 }, { configure: false }),
    ).toBe(limiter);
    expect(limiter.stats().configuredRate).toBe(20);
    registry.forOrigin('https://api.example', { requestsPerSecond: 10, burst: 20 });
    expect(limiter.stats().configuredRate).toBe(10);
    registry.closeAll();
  });

  it('gives every profile of one API origin the same limiter, and other origins their own', () => {
    const registry = new LimiterRegistry();
    const options = { requestsPerSecond: 20, burst: 35 };
    const a = registry.forOrigin('https://api.example.com/v1', options);
    expect(registry.forOrigin('https://api.example.com', { requestsPerSecond: 5, burst: 5 })).toBe(a);
    expect(registry.forOrigin('https://other.example.com', options)).not.toBe(a);
    registry.closeAll();
  });
});
