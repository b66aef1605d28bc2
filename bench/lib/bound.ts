import type { ApiClient, PageRequest } from '../../electron/core/api/api-client.js';
import { percentiles } from './report.js';

/**
 * The round trip of one page of the traversal to come: the first page of `request`, asked 20
 * times (median). A traversal cannot go faster than one such page per round trip, since each
 * page's cursor comes with the previous page.
 */
export async function measureRoundTripMs(client: ApiClient, request: PageRequest): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const begin = performance.now();
    await client.listPage(request);
    samples.push(performance.now() - begin);
    // Spaced out so the limiter never makes a sample wait: the figure is the request's own time.
    await new Promise((resolve) => setTimeout(resolve, 60));
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
