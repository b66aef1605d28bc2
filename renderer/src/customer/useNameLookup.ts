import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { useApi } from '../api/context';
import { failureLine } from '../ui/describe-failure';
import { countQuery, useSession } from '../data/queries';
import { useHeldList } from '../data/useHeldLists';
import { AppFailure, call } from '../api/call';
import { useHeldCustomer } from './useHeldCustomer';
import { lookUpCustomer } from './customer-lookup';
import { nameOf } from './name-of';

export type Lookup =
  | { state: 'idle' }
  /** Among the customers read for search: their progress is the held list's. */
  | { state: 'held' }
  /** Too many customers to keep for search: their pages scanned until it is found. */
  | { state: 'running'; scanned: number; total?: number }
  | { state: 'notFound'; scanned: number }
  | { state: 'failed'; reason: string };

const CUSTOMERS = { resource: 'customers' } as const;

/**
 * A customer's name, and its look-up when it is not known (CustomerHeading shows them): among the
 * customers held for search (read for it if they are not), or, when they are too many to keep,
 * their pages scanned until it is found. `onNamed` is told the name once known.
 */
export function useNameLookup(
  customerId: string,
  name: string | undefined,
  /** Told the customer's name, and its city when its record is held (the recents tell namesakes apart by it). */
  onNamed?: (name: string, city?: string) => void,
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const api = useApi();
  const client = useQueryClient();
  const session = useSession().data;
  const connectionId = session?.connection?.id;
  const [found, setFound] = useState(name);
  // Held already (a list seen, the customers held for search): named without asking the API.
  const held = useHeldCustomer(customerId, language);
  // A name given late (the favourites and recents read after the page opened) when none is held.
  const shownName = found ?? nameOf(held) ?? name;
  // Told again when the parent renders anew: the recents keep their list when the name is known.
  const city = typeof held?.city === 'string' && held.city ? held.city : undefined;
  useEffect(() => {
    if (shownName) onNamed?.(shownName, city);
  }, [shownName, city, onNamed]);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const scanning = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => scanning.current?.abort(), []);
  const customers = useHeldList(connectionId, CUSTOMERS, language);
  const failed = (failure: unknown) =>
    setLookup({ state: 'failed', reason: failureLine(t, language, failure) });

  /** The customer among those held for search; `read` starts reading them if they are not. */
  const fromHeld = (read: boolean) =>
    call(api, 'lists.record', { list: CUSTOMERS, lang: language, id: customerId, read }).then((answer) => {
      const named = nameOf(answer.record ?? undefined);
      if (named) setFound(named);
      return answer;
    });

  const start = () => {
    setLookup({ state: 'held' });
    // A read stopped or failed before goes on from where it was.
    if (customers?.state === 'stopped' || customers?.state === 'failed')
      void api.invoke('lists.read', { list: CUSTOMERS, lang: language });
    void fromHeld(true).then(judge, failed);
  };

  /** Too many customers to keep for search: their pages are read until it is found. */
  const scan = async () => {
    const controller = new AbortController();
    scanning.current = controller;
    setLookup({ state: 'running', scanned: 0 });
    // The count only fills in the progress: it may come after the pages, or never.
    let total: number | undefined;
    void client.fetchQuery(countQuery(api, session, CUSTOMERS)).then(
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
      if (!controller.signal.aborted) failed(failure);
    }
  };
  /** What the customers held for search say now: found, not among them, still coming, or too many. */
  const judge = ({ record, list }: Awaited<ReturnType<typeof fromHeld>>) => {
    if (record) return setLookup({ state: 'idle' });
    if (list?.state === 'too-long') return void scan();
    if (list?.state === 'held') return setLookup({ state: 'notFound', scanned: list.read });
    if (list?.state === 'failed' && list.error) return failed(new AppFailure(list.error));
    if (list?.state === 'stopped') setLookup({ state: 'idle' });
  };

  const cancel = () => {
    if (lookup.state === 'held') void api.invoke('lists.stop', { list: CUSTOMERS, lang: language });
    scanning.current?.abort();
    setLookup({ state: 'idle' });
  };
  // While the customers are read for search, each time they grew: is it among them now?
  const waiting = lookup.state === 'held';
  useEffect(() => {
    if (waiting) void fromHeld(false).then(judge, failed);
    // Asked again as the list grows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, customers]);

  // The progress shown: the held list's read, or the scan's.
  const progress =
    lookup.state === 'running'
      ? lookup
      : lookup.state === 'held'
        ? { scanned: customers?.read ?? 0, total: customers?.total }
        : undefined;

  return { shownName, lookup, progress, start, cancel };
}
