import type { TFunction } from 'i18next';
import { API_LIMITS, type Language } from '@shared/api-rules';
import type { AppErrorCode } from '@shared/errors';
import { dateTimeFormat } from '../i18n/intl';
import { AppFailure, asAppFailure } from '../api/call';

/** A failure as the user reads it: the app's sentence, then the specifics it came with. */
export interface FailureText {
  /** What happened and what to do, in the language shown. */
  summary: string;
  /**
   * The server's own words, quoted as they came (they are in whatever language the server speaks),
   * or the app's specifics (an address, a file path, what was wrong with an answer).
   */
  detail?: { from: 'server' | 'app'; text: string };
}

/**
 * The sentence each failure is worded with (its key in locales/), and what it quotes after it: the
 * server's own words, the app's specifics (an address, a path, what was wrong), or nothing.
 */
const WORDING: Record<
  Exclude<AppErrorCode, 'http' | 'invalid-response'>,
  readonly [key: string, quotes?: 'server' | 'app']
> = {
  'credentials-rejected': ['errors.credentialsRejected', 'server'],
  'not-permitted': ['errors.notPermitted', 'server'],
  'secret-required': ['errors.secretRequired'],
  'token-budget': ['errors.tokenBudget'],
  'token-rate-limited': ['errors.tokenRateLimited', 'server'],
  network: ['errors.network', 'app'],
  'certificate-untrusted': ['errors.certificateUntrusted', 'app'],
  'certificate-expired': ['errors.certificateExpired', 'app'],
  'certificate-name': ['errors.certificateName', 'app'],
  timeout: ['errors.timeout'],
  'missing-secret': ['errors.missingSecret'],
  unavailable: ['errors.unavailable', 'server'],
  overloaded: ['errors.overloaded', 'server'],
  keychain: ['errors.keychain'],
  'no-connection': ['errors.noConnection'],
  'connection-changed': ['errors.connectionChanged'],
  'invalid-cursor': ['errors.invalidCursor', 'server'],
  unauthorized: ['errors.unauthorized', 'server'],
  'not-found': ['errors.notFound', 'app'],
  file: ['errors.file', 'app'],
  cancelled: ['errors.cancelled'],
  forbidden: ['errors.forbidden'],
  internal: ['errors.internal'],
  // The app's own validation: its message names the field and the rule (the forms check first, in
  // the user's language; this is what reaches the user when a form did not).
  'invalid-argument': ['errors.invalidArgument', 'app'],
  'unknown-request': ['errors.invalidArgument', 'app'],
};

/** A failure as the user should read it, in the current language, saying what to do when there is something to do. */
export function describeFailure(t: TFunction, language: Language, failure: unknown): FailureText {
  // A failure of the page itself (the clipboard refusing) says what it says; one the app reported
  // as it came over IPC (a held list's error) is worded as one thrown.
  if (failure instanceof Error && !(failure instanceof AppFailure)) return { summary: failure.message };
  const { code, message, serverMessage, status, retryAt } = asAppFailure(failure).payload;
  const time =
    retryAt === undefined
      ? ''
      : dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(retryAt);
  const server = serverMessage ? { from: 'server' as const, text: serverMessage } : undefined;
  const app = { from: 'app' as const, text: message };
  const worded = (summary: string, detail?: FailureText['detail']): FailureText =>
    detail ? { summary, detail } : { summary };
  // The token endpoint failing: the app waits before asking again, and says until when.
  if (code === 'http')
    return retryAt === undefined
      ? worded(t('errors.http', { status }), server)
      : worded(t('errors.tokenEndpointFailing', { status, time }), server);
  if (code === 'invalid-response') return worded(t('errors.invalidResponse'), server ?? app);
  // Every code has its wording (a new one is a compile error in WORDING until it is worded); a
  // code this version does not know is shown as it came.
  const wording = (WORDING as Partial<typeof WORDING>)[code];
  if (!wording) return { summary: String(code) };
  const [key, quotes] = wording;
  return worded(
    t(key, { time, limit: API_LIMITS.tokensPerDay }),
    quotes === 'server' ? server : quotes === 'app' ? app : undefined,
  );
}

/**
 * The failure as one line (a list item, a form message): the sentence, then the server's words. The
 * app's own specifics are technical and in English: a line leaves them out (FailureMessage offers
 * them behind "Technical details"), so a French line is French.
 */
export function failureLine(t: TFunction, language: Language, failure: unknown): string {
  const { summary, detail } = describeFailure(t, language, failure);
  if (detail?.from !== 'server') return summary;
  return `${summary} ${t('errors.serverSaid', { text: detail.text })}`;
}
