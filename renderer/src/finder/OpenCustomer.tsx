import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../electron/shared/api-rules';
import { SUGGESTIONS_MAX, type CustomerSuggestion } from '../../../electron/shared/held-list';
import { useApi } from '../api/context';
import { AppFailure } from '../api/call';
import { countQuery, useSession } from '../data/queries';
import { useFieldCommand, useShortcutHint } from '../keyboard/commands';
import { useInSight } from '../ui/useInSight';
import { failureLine } from '../ui/describe-failure';
import { arrowMove, enterAction, FIRST_SUGGESTIONS, looksLikeId, waitOutcome } from './finder-state';
import { useCustomerSuggestions } from './useCustomerSuggestions';
import type { RecentCustomer } from './recent-customers';
import type { FoundThrough } from './found-through';
import { ListsBeingRead, MoreMatches, Suggestion } from './SuggestionParts';

/** The API answered that the route names nothing (404): no customer has that id. */
function namesNothing(failure: unknown): boolean {
  return failure instanceof AppFailure && (failure.code === 'not-found' || failure.payload.status === 404);
}

/**
 * "Open customer": what a ticket gives — a customer id, a name, an email or a phone of the customer
 * or of one of its contacts — opens that customer. An id pasted and Enter opens it at once through
 * the per-customer routes, no list read. While typing, the customers the app finds in the lists it
 * holds for search are offered (a combobox: arrows, Enter, Escape), with what matched; the first
 * time, the customers and contacts are read for it, with progress and Cancel. The ids opened this
 * session are offered when the field is empty (kept in memory only).
 */
export function OpenCustomer({
  recent,
  onOpen,
}: {
  recent: RecentCustomer[];
  /** `found`: what matched, so the customer's page points to the contact or agreement it was found by. */
  onOpen: (customerId: string, name?: string, found?: FoundThrough) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(0);
  /** The user moved in the list with the arrows (an empty field's Enter then opens the one chosen). */
  const [moved, setMoved] = useState(false);
  /** Every customer that matches is offered, not the first ones (asked for, or the arrows went past the last). */
  const [showAll, setShowAll] = useState(false);
  /** Enter was pressed on this text, which no list held answered: it opens once the lists read say whose it is. */
  const [pending, waitFor] = useState<string | undefined>();
  const session = useSession().data;
  const connectionId = session?.connection?.id;
  const wanted = text.trim();
  const found = useCustomerSuggestions(
    connectionId,
    text,
    language,
    showAll ? SUGGESTIONS_MAX : FIRST_SUGGESTIONS,
    pending !== undefined && pending === wanted
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
    ? found.suggestions
    : recent.map(({ customerId, name }) => ({
        customerId,
        ...(name !== undefined && { name }),
        matched: { of: 'customer', field: 'id', value: customerId },
      }));
  const shown = expanded && (options.length > 0 || found.lists.some((list) => list.state === 'reading'));
  // Typed text: Enter opens the first customer offered. Empty: only one chosen with the arrows.
  const current = wanted || moved ? options[Math.min(active, options.length - 1)] : undefined;
  const more = wanted ? found.total - options.length : 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const currentId = shown && current ? optionId(options.indexOf(current)) : undefined;
  useInSight(currentId);

  // Ctrl+O (⌘O) puts the keyboard in the field, from anywhere in the app.
  useFieldCommand('customer.find', field);
  const hint = useShortcutHint('customer.find', t('openCustomer.hint'));

  const choose = (suggestion: CustomerSuggestion) => {
    found.hold();
    setProblem(undefined);
    waitFor(undefined);
    setText('');
    setExpanded(false);
    onOpen(suggestion.customerId, suggestion.name, suggestion.matched);
  };

  // Enter waited for the lists (finder-state.ts, waitOutcome): once they are read whole, the one
  // customer opens, or the finder says none has it, or to choose.
  const waiting = pending !== undefined && pending === wanted;
  const outcome = waitOutcome(wanted, found, waiting);
  useEffect(() => {
    if (outcome?.kind === 'open') choose(outcome.suggestion);
  });
  const shownProblem = outcome?.kind === 'say' ? t(outcome.said.key, outcome.said.values ?? {}) : problem;

  /** Enter (finder-state.ts, enterAction); a pasted id often comes with spaces around it: trimmed. */
  const open = (event: FormEvent) => {
    event.preventDefault();
    const action = enterAction(wanted, found, moved ? current : undefined);
    if (action.kind === 'open') return choose(action.suggestion);
    if (wanted) setExpanded(true);
    if (action.kind === 'say') return setProblem(t(action.said.key, action.said.values ?? {}));
    if (action.kind === 'wait') return waitFor(wanted);
    // An id the lists held do not know: the customer's own route says whether it is one (its count,
    // which its page asks first, is kept for it); a route that names no customer, and the lists are
    // read to find whose contact or agreement it is. Any other failure says nothing of the id: it is
    // said, and no page is opened on a guess.
    setProblem(undefined);
    waitFor(undefined);
    const asked = action.id;
    void client
      .fetchQuery(countQuery(api, session, { resource: 'agreements', customerId: asked }))
      .then(
        () => 'customer' as const,
        (failure: unknown) => (namesNothing(failure) ? ('not a customer' as const) : failure),
      )
      .then((answer) => {
        if (field.current?.value.trim() !== asked) return;
        if (answer === 'customer')
          choose({ customerId: asked, matched: { of: 'customer', field: 'id', value: asked } });
        else if (answer === 'not a customer') waitFor(asked);
        else setProblem(failureLine(t, language, answer));
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setExpanded(true);
      const at = current ? options.indexOf(current) : undefined;
      const move = arrowMove(event.key === 'ArrowDown' ? 1 : -1, at, options.length, more > 0 && !showAll);
      if (move.showAll) setShowAll(true);
      setActive(move.active);
      setMoved(true);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setExpanded(false);
    }
  };

  return (
    <form
      className="open-customer"
      onSubmit={open}
      // The list closes when the keyboard leaves the field and what goes with it (Open, Cancel).
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setExpanded(false);
      }}
    >
      {/* Named like the search box: its placeholder says what it takes, the label stays for screen readers. */}
      <label htmlFor={id} className="visually-hidden">
        {t('openCustomer.label')}
      </label>
      <input
        ref={field}
        id={id}
        value={text}
        role="combobox"
        aria-expanded={shown}
        aria-controls={`${id}-options`}
        aria-autocomplete="list"
        aria-activedescendant={currentId}
        placeholder={t('openCustomer.placeholder')}
        {...hint}
        aria-invalid={shownProblem ? true : undefined}
        aria-describedby={shownProblem ? `${id}-problem` : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setMoved(false);
          setExpanded(true);
          setShowAll(false);
          setProblem(undefined);
        }}
        onFocus={() => setExpanded(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit">{t('openCustomer.open')}</button>
      <div className="suggestions" hidden={!shown}>
        <ul id={`${id}-options`} role="listbox" aria-label={t('openCustomer.suggestions')}>
          {options.map((suggestion, index) => (
            <li
              key={suggestion.customerId}
              id={optionId(index)}
              role="option"
              aria-selected={suggestion === current}
              // Chosen on mouse down: the field keeps the focus (its blur would close the list first).
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <Suggestion suggestion={suggestion} />
            </li>
          ))}
        </ul>
        {more > 0 && (
          <MoreMatches
            shown={options.length}
            total={found.total}
            showingAll={showAll}
            onShowAll={() => {
              setShowAll(true);
              field.current?.focus();
            }}
          />
        )}
        <ListsBeingRead lists={found.lists} />
      </div>
      {shownProblem ? (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {shownProblem}
        </p>
      ) : (
        waiting &&
        !found.settled && (
          <p className="field-waiting" role="status">
            {t('openCustomer.waiting', { text: wanted.slice(0, 60) })}
          </p>
        )
      )}
    </form>
  );
}
