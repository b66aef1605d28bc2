import { useId, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSearch } from '@shared/search-words';
import { useShortcutHint } from '../keyboard/commands';
import { completionsOf, type NamedColumn } from './search-completion';
import { FILTER_VALUE_MAX } from '@shared/filter';

interface SearchBoxProps {
  input: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (text: string) => void;
  columns: readonly NamedColumn[];
  fieldOf: ((name: string) => string | undefined) | undefined;
  /** The table it searches: Down or Enter go to its grid. */
  scope: RefObject<HTMLElement | null>;
}

/**
 * A table's search box: words in any column, or in one named (`Ville:lyon`), excluded (`-word`),
 * a phrase, OR (search-words.ts). The word being typed is completed to a column's name from a list
 * under the box (Down, then Enter or Tab); what the words cannot say is said under it.
 */
export function SearchBox({ input, value, onChange, columns, fieldOf, scope }: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const hint = useShortcutHint('table.search', t('filter.search'));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const offered = open ? completionsOf(value, columns) : [];
  const notes = useMemo(() => parseSearch(value, fieldOf).notes, [value, fieldOf]);
  const take = (text: string) => {
    onChange(text);
    setActive(-1);
  };

  return (
    <div className="search-box">
      <input
        ref={input}
        type="search"
        className="search"
        {...hint}
        // Still a search box (its role): its list of names is announced by the active one.
        aria-controls={offered.length ? `${id}-names` : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && offered[active] ? `${id}-name-${active}` : undefined}
        aria-describedby={notes.length ? `${id}-notes` : undefined}
        aria-label={t('filter.search')}
        placeholder={t('filter.search')}
        // What the engine reads, and no more: the words' rules cost the square of a longer text's runs.
        maxLength={FILTER_VALUE_MAX}
        value={value}
        onChange={(event) => {
          setOpen(true);
          take(event.target.value);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
          if (offered.length && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            // Up from the first name goes back to the text.
            setActive(
              event.key === 'ArrowDown' ? Math.min(active + 1, offered.length - 1) : Math.max(active - 1, -1),
            );
            return;
          }
          const chosen = offered[active];
          if (chosen && (event.key === 'Enter' || event.key === 'Tab')) {
            event.preventDefault();
            take(chosen.text);
            return;
          }
          if (offered.length && event.key === 'Escape') {
            event.preventDefault();
            setOpen(false);
            return;
          }
          // Down or Enter goes to the results, as from a search box's list: the table's grid, on its
          // active row (ten Tabs reached it). Esc leaves the box for them too, its words kept.
          if (event.key !== 'ArrowDown' && event.key !== 'Enter' && event.key !== 'Escape') return;
          const grid = scope.current?.querySelector<HTMLElement>('[role="grid"]');
          if (!grid) return;
          event.preventDefault();
          grid.focus();
        }}
      />
      {offered.length > 0 && (
        <ul id={`${id}-names`} role="listbox" className="search-names" aria-label={t('filter.words.names')}>
          {offered.map((completion, index) => (
            <li
              key={completion.name}
              id={`${id}-name-${index}`}
              role="option"
              aria-selected={index === active}
              // Taken before the box loses the keyboard.
              onMouseDown={(event) => {
                event.preventDefault();
                take(completion.text);
              }}
            >
              {completion.name}:
            </li>
          ))}
        </ul>
      )}
      {notes.length > 0 && (
        <p id={`${id}-notes`} className="search-notes">
          {notes
            .map((note) =>
              note.kind === 'unknownField'
                ? t('filter.words.unknownField', { name: note.name })
                : t(`filter.words.${note.kind}`),
            )
            .join(' ')}
        </p>
      )}
    </div>
  );
}
