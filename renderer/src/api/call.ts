import type { AppApi, RequestInput, RequestName, RequestOutputs } from '@shared/contract/contract';
import type { AppErrorCode, AppErrorPayload } from '@shared/errors';

/** A failed request, as the app reported it: a code to act on and a message to show. */
export class AppFailure extends Error {
  override readonly name = 'AppFailure';
  constructor(readonly payload: AppErrorPayload) {
    super(payload.message);
  }

  get code(): AppErrorCode {
    return this.payload.code;
  }
}

/**
 * Any failure as an AppFailure: one thrown as it is, one the app reported in a message (a held
 * list's error) wrapped, anything else an internal failure with its text. Never "[object Object]".
 */
export function asAppFailure(failure: unknown): AppFailure {
  if (failure instanceof AppFailure) return failure;
  if (typeof failure === 'object' && failure !== null) {
    const { code, message } = failure as Partial<AppErrorPayload>;
    if (typeof code === 'string' && typeof message === 'string')
      return new AppFailure(failure as AppErrorPayload);
  }
  const message =
    failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : 'unknown failure';
  return new AppFailure({ code: 'internal', message });
}

/** Calls a request and returns its value, or throws an AppFailure (what TanStack Query expects). */
export async function call<N extends RequestName>(
  api: AppApi,
  name: N,
  input: RequestInput<N>,
): Promise<RequestOutputs[N]> {
  const result = await api.invoke(name, input);
  if (!result.ok) throw new AppFailure(result.error);
  return result.value;
}
