import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenBuckets } from '../../electron/demo-api/limits.js';
import { API_LIMITS } from '../../electron/shared/api-rules.js';

/** What the address answered: per bundle (the token's subject), and per half second since the last reset. */
export interface AddressCounts {
  byBundle: Map<string, { answered: number; refused: number }>;
  trace: { ok: number; no: number }[];
  /** Every API request's path and query, with whether it was refused, in order. */
  requests: { url: string; refused: boolean }[];
}

/** The bundle a request's bearer token was granted to (the Demo's tokens name it as their subject). */
function bundleOf(request: IncomingMessage): string {
  const payload = request.headers.authorization?.split('.')[1];
  if (!payload) return 'none';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string }).sub ?? 'none';
}

/**
 * The one address of a desk, in front of a Demo API whose own limit is lifted: API calls beyond the
 * spec's 20 a second (burst 35) get 503 at once (spec "Limits", per source IP), the rest go on.
 */
export async function startAddressFront(target: string) {
  const newLimit = () => new TokenBuckets(API_LIMITS.requestsPerSecond, API_LIMITS.burst, Date.now);
  let limit = newLimit();
  let start = performance.now();
  const counts: AddressCounts = { byBundle: new Map(), trace: [], requests: [] };
  const front = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/v1/')) {
      const bundle = bundleOf(request);
      const tally = counts.byBundle.get(bundle) ?? { answered: 0, refused: 0 };
      counts.byBundle.set(bundle, tally);
      const line = (counts.trace[Math.floor((performance.now() - start) / 500)] ??= { ok: 0, no: 0 });
      const refused = !limit.take('desk');
      counts.requests.push({ url: request.url, refused });
      if (refused) {
        line.no++;
        tally.refused++;
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'error', message: 'rate limit exceeded' }));
        return;
      }
      tally.answered++;
      line.ok++;
    }
    const onward = httpRequest(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  };
  const server = createServer(front);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    /**
     * Starts counting again, with the address's whole allowance: a desk measured after another
     * must not meet the 503s the last one left (its one agent refused at once, then kept off).
     */
    reset(): void {
      limit = newLimit();
      start = performance.now();
      counts.byBundle.clear();
      counts.trace = [];
      counts.requests = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
