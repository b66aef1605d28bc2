import { isRequestName, requestSchemas, type Result } from '../../shared/contract/contract.js';
import { describeIssues } from '../../shared/profile.js';
import type { AppCore } from './app-core.js';
import { redact } from '../redact.js';
import { toErrorPayload } from './error-payload.js';

/**
 * Serves one request of the contract from outside the trust boundary (the renderer through IPC, or
 * the browser host's HTTP): the name must be in the contract and the argument must pass its
 * schema, or nothing is done. Failures come back as data, never as a thrown error. `caller` names
 * the window or tab it came from: its cancellable requests are its own.
 */
export async function dispatch(
  core: AppCore,
  name: string,
  argument: unknown,
  caller?: string,
): Promise<Result<unknown>> {
  if (!isRequestName(name)) {
    return { ok: false, error: { code: 'unknown-request', message: `there is no request called "${name}"` } };
  }
  const parsed = requestSchemas[name].safeParse(argument);
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'invalid-argument', message: `${name}: ${describeIssues(parsed.error)}` },
    };
  }
  try {
    return { ok: true, value: await core.serve(name, parsed.data, caller) };
  } catch (error) {
    const payload = toErrorPayload(error);
    // The log is a message that leaves core too: no secret in it (redact.ts).
    if (payload.code === 'internal')
      console.error(`${name} failed:`, redact(String((error as Error | undefined)?.stack ?? error)));
    return { ok: false, error: payload };
  }
}
