import type { ApiClient } from '../../electron/core/api-client.js';
import { percentiles } from './report.js';

/**
 * The round trip of a call that carries almost nothing (one customer): the latency floor of one
 * request, median of 20.
 */
export async function measureRoundTripMs(client: ApiClient): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const begin = performance.now();
    await client.listPage({ resource: 'customers', size: 1, lang: 'en' });
    samples.push(performance.now() - begin);
  }
  return percentiles(samples).median;
}

/**
 * The most records a second one traversal can reach: no faster than the limiter's rate of pages,
 * and no faster than one page per round trip (each page's cursor comes with the previous page).
 */
export function traversalBound(requestsPerSecond: number, size: number, roundTripMs: number): number {
  return Math.min(requestsPerSecond * size, size / (roundTripMs / 1000));
}
