import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { AppFailure } from '../api/call';
import { failureLine } from '../ui/describe-failure';
import { useCount, useSession } from '../data/queries';

/**
 * Says so, naming the id, when the API knows no such customer (it answers 404 on its routes, or
 * refuses the id), or when the customer has neither contacts nor agreements (an API may answer
 * empty lists for an id it does not know): the user pasted an id and should know it led nowhere.
 */
export function UnknownCustomer({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const session = useSession().data;
  const counts = [
    useCount(session, { resource: 'contacts', customerId }),
    useCount(session, { resource: 'agreements', customerId }),
  ];
  const refused = counts.find((count) => count.error)?.error;
  const id = customerId;
  const message = refused
    ? refused instanceof AppFailure && refused.payload.status === 404
      ? t('detail.unknownId', { id })
      : t('detail.refusedId', { id, reason: failureLine(t, i18n.language as Language, refused) })
    : counts.every((count) => count.data?.total === 0)
      ? t('detail.nothingFor', { id })
      : undefined;
  return message ? (
    <p className="notice" role="alert" data-testid="unknown-customer">
      {message}
    </p>
  ) : null;
}
