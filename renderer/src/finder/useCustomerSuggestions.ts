import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '@shared/api-rules';
import type { CustomerSuggestion } from '@shared/held-list';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { useHeldList } from '../data/useHeldLists';
import { needsLists } from './needs-lists';
import { askAfterMs, foundFor, inPlace, type FinderAnswer } from './finder-state';
import { newRequestId } from '../api/request-ids';

const NONE: FinderAnswer = { suggestions: [], total: 0, lists: [] };

/**
 * The customers the top bar offers for what is typed (docs/architecture.md, "Search"): the app
 * answers from the customers and contacts it holds for search, reading them the first time they
 * are needed (needsLists); while
 * it reads them, the suggestions are asked for again as the lists grow. A question typed over is
 * cancelled; `hold` stops asking (the field was submitted or emptied).
 */
export function useCustomerSuggestions(
  connectionId: string | undefined,
  text: string,
  lang: Language,
  /** Suggestions asked for at most. */
  limit: number,
  /**
   * Enter was pressed on what no list held answers: the lists are read whatever was typed, and
   * with `agreements` the text is looked for as an agreement's id too; `onFound` hears of the
   * record whose id it is as soon as an answer names it, with the text it was asked for.
   */
  lookHarder?: { agreements: boolean; onFound: (suggestion: CustomerSuggestion, text: string) => void },
) {
  const api = useApi();
  /** The last answer, and the question it answers: the text and how hard it was looked for. */
  const [answer, setAnswer] = useState<FinderAnswer>(NONE);
  const [asked, setAsked] = useState<string | undefined>();
  const customers = useHeldList(connectionId, { resource: 'customers' }, lang);
  const contacts = useHeldList(connectionId, { resource: 'contacts' }, lang);
  const agreements = useHeldList(connectionId, { resource: 'agreements' }, lang);
  const running = useRef<string | undefined>(undefined);
  /** The lists grew while a question was answered: asked again once its answer is in (`grew`). */
  const grewMeanwhile = useRef(false);
  const [grew, setGrew] = useState(0);
  const harder = lookHarder ? (lookHarder.agreements ? 'agreements' : 'read') : '';
  const onFound = useRef(lookHarder?.onFound);
  useEffect(() => {
    onFound.current = lookHarder?.onFound;
  });

  const cancel = useCallback(() => {
    if (running.current) void api.invoke('data.cancel', { requestId: running.current });
    running.current = undefined;
  }, [api]);

  const ask = useCallback(
    (wanted: string, again = false) => {
      // The lists grew: the answer under way is let come (a list read page after page would
      // cancel every one before it answers), and the question is asked again after it.
      if (again && running.current) {
        grewMeanwhile.current = true;
        return;
      }
      cancel();
      grewMeanwhile.current = false;
      const requestId = newRequestId('suggest');
      running.current = requestId;
      call(api, 'search.customers', {
        text: wanted,
        lang,
        limit,
        read: harder !== '' || needsLists(wanted),
        ...(harder === 'agreements' && { agreements: true }),
        requestId,
      }).then(
        (answer) => {
          if (running.current !== requestId) return;
          running.current = undefined;
          const lists = [answer.customers, answer.contacts, answer.agreements ?? null].flatMap((list) =>
            list ? [list] : [],
          );
          setAnswer((before) => ({
            suggestions:
              before.text === wanted ? inPlace(before.suggestions, answer.suggestions) : answer.suggestions,
            total: answer.total,
            lists,
            text: wanted,
            harder,
          }));
          if (grewMeanwhile.current) setGrew((times) => times + 1);
          const named = harder ? answer.suggestions.find((suggestion) => suggestion.matched.byId) : undefined;
          if (named) onFound.current?.(named, wanted);
        },
        () => {
          if (running.current === requestId) running.current = undefined;
        },
      );
    },
    [api, cancel, lang, limit, harder],
  );

  // What is typed, once typing pauses; at once when Enter waits for it (`harder`).
  const wanted = text.trim();
  useEffect(() => {
    if (!connectionId || wanted.length < 2) return cancel();
    const timer = setTimeout(
      () => {
        setAsked(wanted);
        ask(wanted);
      },
      askAfterMs(harder !== ''),
    );
    return () => clearTimeout(timer);
  }, [connectionId, wanted, ask, cancel, harder]);

  // The lists grew (or were read again): the same question again.
  const lists = [customers, contacts, ...(harder === 'agreements' ? [agreements] : [])].flatMap((list) =>
    list ? [list] : [],
  );
  const progress = lists
    .map((list) => `${list.read}:${list.asOf ?? 0}:${list.state}:${list.rereading}`)
    .join(' ');
  useEffect(() => {
    if (asked !== undefined && asked === wanted) ask(asked, true);
    // Asked again only when the lists changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [progress, grew]);

  useEffect(() => cancel, [cancel]);

  // Suggestions are for what is typed now (finder-state.ts, foundFor).
  return {
    ...foundFor(wanted, asked, answer, harder, lists),
    /** Every list an id is looked for in is held whole: the answer to one needs no read. */
    idsHeld: [customers, contacts, agreements].every((list) => list?.state === 'held'),
    /** Stops asking: the field was submitted. */
    hold: () => {
      cancel();
      setAsked(undefined);
    },
  };
}
