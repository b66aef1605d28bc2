import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { SUGGESTIONS_MAX, type CustomerSuggestion } from '@shared/held-list';
import { useApi } from '../api/context';
import { useSession } from '../data/queries';
import { useInSight } from '../ui/useInSight';
import { failureLine } from '../ui/describe-failure';
import {
  enterAction,
  FIRST_SUGGESTIONS,
  looksLikeId,
  markedFirst,
  offeredSuggestion,
  waitOutcome,
} from './finder-state';
import { EMPTY_FIELD, fieldAfter, waitingOn } from './finder-field';
import { askCustomerRoute } from './customer-route';
import { useCustomerSuggestions } from './useCustomerSuggestions';
import type { OfferedCustomer } from '../data/useMarks';
import type { FoundThrough } from './found-through';

/** The arrows move through what the field offers. */
const ARROW_STEPS: Partial<Record<string, 1 | -1>> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * The finder's field as plain rules wired to React (the headless half of OpenCustomer): what it
 * offers, which one Enter opens, what it says; `id` names its list's options.
 */
export function useFinder(
  id: string,
  /** What the empty field offers: the favourites, then the customers opened lately. */
  offered: OfferedCustomer[],
  /** `found`: what matched, so the customer's page points to the contact or agreement it was found by. */
  onOpen: (customerId: string, name?: string, found?: FoundThrough) => void,
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const field = useRef<HTMLInputElement>(null);
  const [state, tell] = useReducer(fieldAfter, EMPTY_FIELD);
  const session = useSession().data;
  const wanted = state.text.trim();
  const waiting = waitingOn(state, wanted);
  const found = useCustomerSuggestions(
    session?.connection?.id,
    state.text,
    language,
    state.showAll ? SUGGESTIONS_MAX : FIRST_SUGGESTIONS,
    waiting
      ? {
          agreements: looksLikeId(wanted),
          // An answer for a text no longer in the field (the customer was opened, the field typed
          // over) opens nothing.
          onFound: (suggestion, asked) => {
            if (field.current?.value.trim() === asked) choose(suggestion);
          },
        }
      : undefined,
  );
  const client = useQueryClient();
  const api = useApi();
  const options: CustomerSuggestion[] = wanted
    ? markedFirst(offered, wanted, found.suggestions)
    : offered.map(offeredSuggestion);
  const shown =
    state.expanded && (options.length > 0 || found.lists.some((list) => list.state === 'reading'));
  // Typed text: Enter opens the first customer offered. Empty: only one chosen with the arrows.
  const current = wanted || state.moved ? options[Math.min(state.active, options.length - 1)] : undefined;
  const more = wanted ? found.total - options.length : 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const currentId = shown && current ? optionId(options.indexOf(current)) : undefined;
  useInSight(currentId);

  const choose = (suggestion: CustomerSuggestion) => {
    found.hold();
    tell({ kind: 'chose' });
    onOpen(suggestion.customerId, suggestion.name, suggestion.matched);
  };

  /**
   * An id the lists held do not know: the customer's own route says whether it is one; a route
   * that names no customer, and the lists are read to find whose contact or agreement it is. Any
   * other failure says nothing of the id: it is said, and no page is opened on a guess.
   */
  const askRoute = (asked: string) => {
    tell({ kind: 'asking' });
    void askCustomerRoute(client, api, session, asked).then((answer) => {
      if (field.current?.value.trim() !== asked) return;
      if (answer === 'customer')
        choose({ customerId: asked, matched: { of: 'customer', field: 'id', value: asked } });
      else if (answer === 'not a customer') tell({ kind: 'wait', text: asked });
      else tell({ kind: 'said', problem: failureLine(t, language, answer.failure) });
    });
  };

  // Enter waited for the lists (waitOutcome): once they are read whole, the one customer opens, or
  // the finder says none has it, or to choose; an id they do not know is asked of its route then,
  // when Enter waited rather than ask it.
  const outcome = waitOutcome(wanted, found, waiting, state.routeAfter);
  useEffect(() => {
    if (outcome?.kind === 'open') choose(outcome.suggestion);
    if (outcome?.kind === 'ask-route') askRoute(outcome.id);
  });
  const shownProblem =
    outcome?.kind === 'say' ? t(outcome.said.key, outcome.said.values ?? {}) : state.problem;

  /** Enter (enterAction); a pasted id often comes with spaces around it: trimmed. */
  const open = (event: FormEvent) => {
    event.preventDefault();
    const action = enterAction(wanted, found, state.moved ? current : undefined, found.idsHeld);
    if (action.kind === 'open') return choose(action.suggestion);
    tell({ kind: 'entered' });
    if (action.kind === 'say')
      return tell({ kind: 'said', problem: t(action.said.key, action.said.values ?? {}) });
    if (action.kind === 'wait') return tell({ kind: 'wait', text: wanted, thenRoute: action.thenRoute });
    askRoute(action.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = ARROW_STEPS[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const at = current ? options.indexOf(current) : undefined;
      tell({ kind: 'arrow', step, at, offered: options.length, more: more > 0 });
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      tell({ kind: 'closed' });
    }
  };

  return {
    field,
    state,
    tell,
    found,
    /** What the field's list offers, and which one is current. */
    list: { options, shown, current, more, optionId, currentId },
    waiting,
    wanted,
    shownProblem,
    choose,
    open,
    onKeyDown,
  };
}
