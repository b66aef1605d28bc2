/**
 * The Demo API for tests and benches: the same server, plus hooks to make it misbehave the way a
 * real API may (failures, slow answers, revoked tokens). Never imported by what ships (index.ts is
 * the app's entry), so the app's bundle carries none of them.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TokenAuthority } from '../auth.js';
import type { Reply } from '../demo-http.js';
import { startDemoServer, type DemoApi as ShippedDemoApi, type DemoApiOptions } from '../demo-server.js';

export { DEFAULT_DATASET_SIZE, type DemoApiOptions, type DemoCounters } from '../demo-server.js';

/** A canned answer for the next API calls: the faults the client must survive. */
export interface FaultAnswer {
  /** HTTP status (default 503). */
  status?: number;
  retryAfterSeconds?: number;
  /** Raw body text (default: the API's JSON error). */
  body?: string;
}

/**
 * Hooks tests use to make the Demo API misbehave. `afterCalls` places a fault that many API calls
 * from now, so a test meets it mid-traversal whatever the pace (not when a throttled progress
 * report happens to arrive).
 */
export interface DemoFaults {
  /** The next `count` API calls (after `afterCalls` answered normally) get `answer` instead of their real one. */
  failNext(count: number, answer?: FaultAnswer, afterCalls?: number): void;
  /** The next `count` API calls wait `ms` more before answering. */
  delayNext(count: number, ms: number): void;
  /** Every API call whose address `match` accepts waits `ms` more, until called with undefined. */
  delayWhere(match: ((url: URL) => boolean) | undefined, ms?: number): void;
  /** Every API call whose address `match` accepts gets `answer`, until called with undefined. */
  failWhere(match: ((url: URL) => boolean) | undefined, answer?: FaultAnswer): void;
  /** Every token issued so far is refused (401), as after a key rotation: now, or after `afterCalls` API calls. */
  revokeTokens(afterCalls?: number): void;
  /** Runs `change` before each API call is answered, with its address: a test changes the data between pages. */
  beforeEachCall(change: ((url: URL) => void) | undefined): void;
}

/** A running Demo API with its fault hooks and the addresses of the API calls it answered past its rate limit. */
export type DemoApi = ShippedDemoApi & {
  faults: DemoFaults;
  /** Each API call's path and query, in order (what benches count: a page read twice). */
  requests: string[];
};

/** Starts the Demo API with fault hooks. */
export async function startDemoApi(options: DemoApiOptions = {}): Promise<DemoApi> {
  const failures: (FaultAnswer | undefined)[] = [];
  const delays: number[] = [];
  let authority: TokenAuthority | undefined;
  let revokeIn: number | undefined;
  let beforeCall: ((url: URL) => void) | undefined;
  let slow: { match: (url: URL) => boolean; ms: number } | undefined;
  let failing: { match: (url: URL) => boolean; answer: FaultAnswer } | undefined;
  const requests: string[] = [];
  const api = await startDemoServer(options, {
    intercept: async (url) => {
      requests.push(url.pathname + url.search);
      beforeCall?.(url);
      // This call passed the token check already: the revocation shows from the next one.
      if (revokeIn !== undefined && --revokeIn <= 0) {
        authority?.revokeAll();
        revokeIn = undefined;
      }
      const delay = (delays.shift() ?? 0) + (slow?.match(url) ? slow.ms : 0);
      if (delay) await sleep(delay);
      const failure = failures.shift() ?? (failing?.match(url) ? failing.answer : undefined);
      return failure && faultReply(failure);
    },
    onAuthority: (created) => (authority = created),
  });
  return Object.assign(api, {
    requests,
    faults: {
      failNext: (count, answer = {}, afterCalls = 0) =>
        failures.push(
          ...Array<undefined>(afterCalls).fill(undefined),
          ...Array<FaultAnswer>(count).fill(answer),
        ),
      delayNext: (count, ms) => delays.push(...Array<number>(count).fill(ms)),
      delayWhere: (match, ms = 0) => void (slow = match && { match, ms }),
      failWhere: (match, answer = {}) => void (failing = match && { match, answer }),
      revokeTokens: (afterCalls = 0) => {
        if (afterCalls > 0) revokeIn = afterCalls;
        else authority?.revokeAll();
      },
      beforeEachCall: (change) => void (beforeCall = change),
    } satisfies DemoFaults,
  });
}

function faultReply({ status = 503, retryAfterSeconds, body }: FaultAnswer): Reply {
  const headers: Record<string, string> = {};
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  if (body !== undefined) return { status, raw: body, headers };
  return { status, body: { status: 'error', message: `injected fault: HTTP ${status}` }, headers };
}
