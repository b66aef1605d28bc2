import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand, useShortcutHint } from '../keyboard/commands';
import type { OfferedCustomer } from '../data/useMarks';
import type { FoundThrough } from './found-through';
import { SuggestionList } from './SuggestionList';
import { useFinder } from './useFinder';

interface OpenCustomerProps {
  offered: OfferedCustomer[];
  /** Opens the favourites' dialog (offered under the list when the field is empty). */
  onManageFavourites: () => void;
  /** `found`: what matched, so the customer's page points to the contact or agreement it was found by. */
  onOpen: (customerId: string, name?: string, found?: FoundThrough) => void;
}

/**
 * "Open customer": what a ticket gives — a customer id, a name, an email or a phone of the customer
 * or of one of its contacts — opens that customer. An id pasted and Enter opens it at once through
 * the per-customer routes, no list read. While typing, the customers the app finds in the lists it
 * holds for search are offered (a combobox: arrows, Enter, Escape), with what matched; the first
 * time, the customers and contacts are read for it, with progress and Cancel. The favourites, then
 * the customers opened lately, are offered by name when the field is empty. Its rules are plain code:
 * finder-state.ts (what Enter and a wait do), finder-field.ts (the field's state).
 */
export function OpenCustomer({ offered, onOpen, onManageFavourites }: OpenCustomerProps) {
  const { t } = useTranslation();
  const id = useId();
  const finder = useFinder(id, offered, onOpen);
  const { field, state, tell, found, list, waiting, wanted, shownProblem } = finder;
  // Enter waits for the lists: said in the list when it is open (never under it), else under the field.
  const waitingText =
    waiting && !found.settled && !shownProblem
      ? t('openCustomer.waiting', { text: wanted.slice(0, 60) })
      : undefined;
  // Ctrl+O (⌘O) puts the keyboard in the field, from anywhere in the app, its list open.
  useCommand('customer.find', () => {
    field.current?.focus();
    field.current?.select();
    tell({ kind: 'focused' });
  });
  const hint = useShortcutHint('customer.find', t('openCustomer.hint'));

  return (
    <form
      className="open-customer"
      onSubmit={finder.open}
      // The list closes when the keyboard leaves the field and what goes with it (Open, Cancel).
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) tell({ kind: 'closed' });
      }}
    >
      {/* Named like the search box: its placeholder says what it takes, the label stays for screen readers. */}
      <label htmlFor={id} className="visually-hidden">
        {t('openCustomer.label')}
      </label>
      <input
        ref={field}
        id={id}
        value={state.text}
        role="combobox"
        aria-expanded={list.shown}
        aria-controls={`${id}-options`}
        aria-autocomplete="list"
        aria-activedescendant={list.currentId}
        placeholder={t('openCustomer.placeholder')}
        {...hint}
        aria-invalid={shownProblem ? true : undefined}
        aria-describedby={shownProblem ? `${id}-problem` : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => tell({ kind: 'typed', text: event.target.value })}
        // The list opens when the person comes to the field (a click, Ctrl+O, Down, typing), not
        // when the keyboard is given back to it (a dialog closed): it reopened over the page.
        onMouseDown={() => tell({ kind: 'focused' })}
        onKeyDown={finder.onKeyDown}
      />
      <button type="submit">{t('openCustomer.open')}</button>
      <SuggestionList
        listId={`${id}-options`}
        optionId={list.optionId}
        favourite={(customerId) => offered.some((each) => each.favourite && each.customerId === customerId)}
        shown={list.shown}
        options={list.options}
        current={list.current}
        more={list.more}
        found={found}
        showingAll={state.showAll}
        waiting={waitingText}
        onChoose={finder.choose}
        onManageFavourites={wanted ? undefined : onManageFavourites}
        onShowAll={() => {
          tell({ kind: 'showAll' });
          field.current?.focus();
        }}
      />
      {shownProblem ? (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {shownProblem}
        </p>
      ) : (
        waitingText &&
        !list.shown && (
          <p className="field-waiting" role="status">
            {waitingText}
          </p>
        )
      )}
    </form>
  );
}
