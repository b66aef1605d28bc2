import type { TFunction } from 'i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { AppFailure } from '../api/call';
import { localeOf } from '../../../electron/shared/wire';

/** A failure as the user should read it, in the current language, saying what to do when there is something to do. */
export function describeFailure(t: TFunction, language: Language, failure: unknown): string {
  if (!(failure instanceof AppFailure)) return failure instanceof Error ? failure.message : String(failure);
  const { code, message, retryAt } = failure.payload;
  const time =
    retryAt === undefined
      ? ''
      : new Intl.DateTimeFormat(localeOf(language), {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(retryAt);
  switch (code) {
    case 'credentials-rejected':
      return t('errors.credentialsRejected');
    case 'not-permitted':
      return t('errors.notPermitted');
    case 'secret-required':
      return t('errors.secretRequired');
    case 'token-budget':
      return t('errors.tokenBudget', { time });
    case 'token-rate-limited':
      return t('errors.tokenRateLimited', { time });
    case 'network':
      return t('errors.network', { message });
    case 'timeout':
      return t('errors.timeout');
    case 'missing-secret':
      return t('errors.missingSecret');
    case 'unavailable':
      return t('errors.unavailable');
    case 'keychain':
      return t('errors.keychain');
    case 'no-connection':
      return t('errors.noConnection');
    case 'http':
      // The token endpoint failing: the app waits before asking again, and says until when.
      return retryAt === undefined ? message : t('errors.tokenEndpointFailing', { message, time });
    case 'invalid-argument':
    case 'unknown-request':
    case 'not-found':
    case 'invalid-response':
    case 'overloaded':
    case 'invalid-cursor':
    case 'unauthorized':
    case 'cancelled':
    case 'file':
    case 'forbidden':
    case 'internal':
      // Validation messages from the app name the field; the API's own words are quoted as they are.
      return message;
    default: {
      // Every code has its case: a new one is a compile error here until it is worded.
      const unhandled: never = code;
      return String(unhandled);
    }
  }
}
