import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { localeOf } from '../../../electron/shared/wire';
import { useApi } from '../api/context';
import { failureLine } from '../app/describe-failure';
import { countQuery, useSession } from '../data/queries';
import { heldRecord } from '../table/view-cache';
import { lookUpCustomer } from './customer-lookup';

/** A customer's name as a record gives it, or undefined when it has none. */
export function nameOf(record: Record<string, unknown> | undefined): string | undefined {
  return typeof record?.name === 'string' && record.name ? record.name : undefined;
}

type Lookup =
  | { state: 'idle' }
  | { state: 'running'; scanned: number; total?: number }
  | { state: 'notFound'; scanned: number }
  | { state: 'failed'; reason: string };

/**
 * A customer's heading: its name and id when the name is known (given by the list it was opened
 * from, or among the customers already read), else its id, with a way to look the name up: the
 * customers' pages read at background priority, with progress, until it is found or cancelled.
 */
export function CustomerHeading({ customerId, name }: { customerId: string; name: string | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const api = useApi();
  const client = useQueryClient();
  const session = useSession().data;
  const connectionId = session?.connection?.id;
  const [found, setFound] = useState(
    () => name ?? (connectionId ? nameOf(heldRecord(connectionId, 'customers', customerId)) : undefined),
  );
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  const numbers = new Intl.NumberFormat(localeOf(language));
  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setLookup({ state: 'running', scanned: 0 });
    // The count only fills in the progress: it may come after the pages, or never.
    let total: number | undefined;
    void client.fetchQuery(countQuery(api, session, { resource: 'customers' })).then(
      (count) => {
        total = count.total;
        setLookup((now) => (now.state === 'running' ? { ...now, total: count.total } : now));
      },
      () => undefined,
    );
    let scanned = 0;
    try {
      const record = await lookUpCustomer(api, customerId, language, {
        signal: controller.signal,
        onProgress: (progress) => {
          scanned = progress.scanned;
          setLookup({ state: 'running', scanned, ...(total !== undefined && { total }) });
        },
      });
      if (controller.signal.aborted) return;
      const named = nameOf(record);
      if (named) setFound(named);
      setLookup(record ? { state: 'idle' } : { state: 'notFound', scanned });
    } catch (failure) {
      if (!controller.signal.aborted)
        setLookup({ state: 'failed', reason: failureLine(t, language, failure) });
    }
  };
  const cancel = () => {
    running.current?.abort();
    setLookup({ state: 'idle' });
  };

  return (
    <>
      <h2>
        {found
          ? t('nav.customer', { name: found, id: customerId })
          : t('detail.customerId', { id: customerId })}
      </h2>
      {!found && lookup.state !== 'running' && (
        <button type="button" onClick={() => void start()}>
          {t('detail.lookUp')}
        </button>
      )}
      {lookup.state === 'running' && (
        // Not a live region: it changes with every page read.
        <span className="lookup">
          <progress
            aria-label={t('detail.lookUpProgress')}
            value={lookup.scanned}
            max={lookup.total ?? undefined}
          />
          {t(lookup.total === undefined ? 'detail.lookingUnknown' : 'detail.looking', {
            scanned: numbers.format(lookup.scanned),
            total: numbers.format(lookup.total ?? 0),
          })}
          <button type="button" onClick={cancel}>
            {t('detail.lookUpCancel')}
          </button>
        </span>
      )}
      {lookup.state === 'notFound' && (
        <span className="notice" role="status">
          {t('detail.notFound', { id: customerId, scanned: numbers.format(lookup.scanned) })}
        </span>
      )}
      {lookup.state === 'failed' && (
        <span className="error" role="alert">
          {t('detail.lookUpFailed', { reason: lookup.reason })}
        </span>
      )}
    </>
  );
}
