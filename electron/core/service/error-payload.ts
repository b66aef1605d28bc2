import type { AppErrorPayload } from '../../shared/errors.js';
import { FilterError } from '../../shared/filter.js';
import { ApiError, AppError } from '../engine-errors.js';
import { ColumnError } from '../export/export-columns.js';
import { ProfileError } from '../store/profiles.js';
import { redact } from '../redact.js';
import { KeychainUnavailableError } from '../auth/vault.js';

/**
 * Any failure as it may cross to the renderer: the message of the errors the app knows, nothing
 * else, and never a secret or token this process has handled (redact.ts).
 */
export function toErrorPayload(error: unknown): AppErrorPayload {
  const payload = payloadOf(error);
  return {
    ...payload,
    message: redact(payload.message),
    ...(payload.serverMessage !== undefined && { serverMessage: redact(payload.serverMessage) }),
  };
}

function payloadOf(error: unknown): AppErrorPayload {
  if (error instanceof ApiError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
      status: error.status,
      retryable: error.retryable,
      ...(error.retryAt !== undefined && { retryAt: error.retryAt }),
    };
  }
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof ProfileError || error instanceof FilterError || error instanceof ColumnError) {
    return { code: 'invalid-argument', message: error.message };
  }
  if (error instanceof KeychainUnavailableError) return { code: 'keychain', message: error.message };
  if (error instanceof Error && error.name === 'AbortError')
    return { code: 'cancelled', message: 'cancelled' };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    // A file system error (an export folder that cannot be written): its message names the path.
    return { code: 'file', message: (error as Error).message };
  }
  // Anything else is a bug: say so without passing on a message that was never meant for users.
  return { code: 'internal', message: 'unexpected error in the app; details are in its log' };
}
