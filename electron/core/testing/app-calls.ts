import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { RequestName, Result } from '../../shared/contract/contract.js';
import type { AppCore } from '../service/app-core.js';
import { dispatch } from '../service/dispatch.js';
import type { OtherApi } from './other-api.js';

/**
 * The app's engine as the renderer drives it: every request through `dispatch`, as IPC and the
 * browser host do. `call` gives the Result; `ok` its value, failing the test on an error.
 */
export function appCalls(core: AppCore) {
  const call = (name: RequestName, argument: unknown): Promise<Result<any>> => dispatch(core, name, argument);
  const ok = async (name: RequestName, argument: unknown): Promise<any> => {
    const result = await call(name, argument);
    if (!result.ok) throw new Error(`${name}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  /** Starts an export (export.start's input) and settles with its last progress: completed, failed or cancelled. */
  const exported = async (input: unknown): Promise<{ state: string; path: string }> => {
    const ended = new Promise<{ state: string; path: string }>((resolve) =>
      core.onEvent((name, payload) => {
        const progress = payload as { state: string; path: string };
        if (name === 'export.progress' && progress.state !== 'running') resolve(progress);
      }),
    );
    await ok('export.start', input);
    return ended;
  };
  return { call, ok, exported };
}

/**
 * Asks (a `search.rows` call) until its answer says the list is held whole: the table's search reads
 * the list in the background, and a test of what a held list answers waits for it as the table does.
 */
export async function whenHeld<T extends { list: { state: string } }>(ask: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    const answer = await ask();
    if (answer.list.state === 'held') return answer;
    if (tries > 600) throw new Error(`the list was never held: ${JSON.stringify(answer.list)}`);
    await sleep(50);
  }
}

/** The form of a connection to `api` as a user types it: one origin for the API and its token endpoint. */
export const profileOf = (api: OtherApi, name = 'Production', overrides: Record<string, string> = {}) => ({
  name,
  baseUrl: api.url,
  authUrl: api.url,
  clientId: api.clientId,
  ...overrides,
});

/** A Test's route in the tests' own network: direct, and the API's time measured. */
export const ROUTED_DIRECT = expect.objectContaining({ apiMs: expect.any(Number) }) as unknown;

/**
 * What Test answers for a connection to the other API as it starts (1,000 customers it may read),
 * reached directly (no proxy in the tests' own network), whether or not it asked a token.
 */
export const CUSTOMERS_COUNTED = {
  resource: 'customers',
  count: 1_000,
  notPermitted: [],
  route: ROUTED_DIRECT,
} as const;
