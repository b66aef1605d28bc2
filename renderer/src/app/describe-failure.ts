import type { TFunction } from 'i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { localeOf } from '../../../electron/shared/wire';
import { AppFailure } from '../api/call';

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

/** A failure as the user should read it, in the current language, saying what to do when there is something to do. */
export function describeFailure(t: TFunction, language: Language, failure: unknown): FailureText {
  if (!(failure instanceof AppFailure))
    return { summary: failure instanceof Error ? failure.message : String(failure) };
  const { code, message, serverMessage, status, retryAt } = failure.payload;
  const time =
    retryAt === undefined
      ? ''
      : new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
          retryAt,
        );
  const server = serverMessage ? { from: 'server' as const, text: serverMessage } : undefined;
  const app = { from: 'app' as const, text: message };
  const worded = (summary: string, detail?: FailureText['detail']): FailureText =>
    detail ? { summary, detail } : { summary };
  switch (code) {
    case 'credentials-rejected':
      return worded(t('errors.credentialsRejected'), server);
    case 'not-permitted':
      return worded(t('errors.notPermitted'), server);
    case 'secret-required':
      return worded(t('errors.secretRequired'));
    case 'token-budget':
      return worded(t('errors.tokenBudget', { time }));
    case 'token-rate-limited':
      return worded(t('errors.tokenRateLimited', { time }), server);
    case 'network':
      return worded(t('errors.network'), app);
    case 'certificate-untrusted':
      return worded(t('errors.certificateUntrusted'), app);
    case 'certificate-expired':
      return worded(t('errors.certificateExpired'), app);
    case 'certificate-name':
      return worded(t('errors.certificateName'), app);
    case 'timeout':
      return worded(t('errors.timeout'));
    case 'missing-secret':
      return worded(t('errors.missingSecret'));
    case 'unavailable':
      return worded(t('errors.unavailable'), server);
    case 'overloaded':
      return worded(t('errors.overloaded'), server);
    case 'keychain':
      return worded(t('errors.keychain'));
    case 'no-connection':
      return worded(t('errors.noConnection'));
    case 'connection-changed':
      return worded(t('errors.connectionChanged'));
    case 'http':
      // The token endpoint failing: the app waits before asking again, and says until when.
      return retryAt === undefined
        ? worded(t('errors.http', { status }), server)
        : worded(t('errors.tokenEndpointFailing', { status, time }), server);
    case 'invalid-response':
      return worded(t('errors.invalidResponse'), server ?? app);
    case 'invalid-cursor':
      return worded(t('errors.invalidCursor'), server);
    case 'unauthorized':
      return worded(t('errors.unauthorized'), server);
    case 'not-found':
      return worded(t('errors.notFound'), app);
    case 'file':
      return worded(t('errors.file'), app);
    case 'cancelled':
      return worded(t('errors.cancelled'));
    case 'forbidden':
      return worded(t('errors.forbidden'));
    case 'internal':
      return worded(t('errors.internal'));
    case 'invalid-argument':
    case 'unknown-request':
      // The app's own validation: its message names the field and the rule (the forms check first,
      // in the user's language; this is what reaches the user when a form did not).
      return worded(t('errors.invalidArgument'), app);
    default: {
      // Every code has its case: a new one is a compile error here until it is worded.
      const unhandled: never = code;
      return { summary: String(unhandled) };
    }
  }
}

/** The failure as one line (a list item, a form message): the sentence, then its quoted detail. */
export function failureLine(t: TFunction, language: Language, failure: unknown): string {
  const { summary, detail } = describeFailure(t, language, failure);
  if (!detail) return summary;
  return `${summary} ${t(detail.from === 'server' ? 'errors.serverSaid' : 'errors.details', { text: detail.text })}`;
}
