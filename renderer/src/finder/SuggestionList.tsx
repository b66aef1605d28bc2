import { useTranslation } from 'react-i18next';
import type { CustomerSuggestion } from '@shared/held-list';
import type { Found } from './finder-state';
import { ListsBeingRead, MoreMatches, Suggestion } from './SuggestionParts';

/** The finder's list under its field: the customers offered, how many more match, the lists being read. */
export function SuggestionList({
  listId,
  optionId,
  favourite,
  shown,
  options,
  current,
  more,
  found,
  showingAll,
  waiting,
  onChoose,
  onShowAll,
  onManageFavourites,
}: {
  listId: string;
  optionId: (index: number) => string;
  /** Whether a customer is one of the person's favourites (marked ★ in the list). */
  favourite: (customerId: string) => boolean;
  shown: boolean;
  options: CustomerSuggestion[];
  /** The one Enter opens. */
  current: CustomerSuggestion | undefined;
  /** How many more match than are offered. */
  more: number;
  found: Found;
  showingAll: boolean;
  /** What Enter waits for, said at the list's top (the lists' progress is under it). */
  waiting: string | undefined;
  onChoose: (suggestion: CustomerSuggestion) => void;
  onShowAll: () => void;
  /** Given when the favourites and recents are offered: a way to order and remove them. */
  onManageFavourites?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="suggestions"
      hidden={!shown}
      // A press anywhere in the list (a line of progress, a count) leaves the field its focus: the
      // list stays open (its blur would close it) and what the pointer is on is still there.
      onMouseDown={(event) => event.preventDefault()}
    >
      {waiting && (
        <p className="field-waiting" role="status">
          {waiting}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label={t('openCustomer.suggestions')}>
        {options.map((suggestion, index) => (
          <li
            key={suggestion.customerId}
            id={optionId(index)}
            role="option"
            aria-selected={suggestion === current}
            // Chosen on mouse down, the field keeping the focus (its blur would close the list first).
            onMouseDown={() => onChoose(suggestion)}
          >
            <Suggestion suggestion={suggestion} favourite={favourite(suggestion.customerId)} />
          </li>
        ))}
      </ul>
      {more > 0 && (
        <MoreMatches
          shown={options.length}
          total={found.total}
          showingAll={showingAll}
          onShowAll={onShowAll}
        />
      )}
      <ListsBeingRead lists={found.lists} />
      {onManageFavourites && (
        <button type="button" className="manage-favourites" onClick={onManageFavourites}>
          <span aria-hidden="true">★ </span>
          {t('favourites.manage')}
        </button>
      )}
    </div>
  );
}
