import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandRegistry, useKeysOf, useOfferedCommands } from './commands';
import { commandsFor, type Choice } from './command-search';
import { Keys } from './Keys';
import { ModalDialog } from '../ui/ModalDialog';
import { useInSight } from '../ui/useInSight';

/**
 * The command box (Ctrl+K or Ctrl+Shift+P, ⌘K on macOS): every action the screen offers by its name
 * in the window's language, filtered as the person types with the folding of search (case, accents,
 * words in any order). Before anything is typed it shows the actions chosen recently, then all the
 * others; each shows its keys, so the box teaches them. Arrows and Enter run one (a combobox with its
 * list of options), Esc closes it; the action then runs where the keyboard was.
 */
export function CommandBox({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const registry = useCommandRegistry();
  const keysOf = useKeysOf();
  const offered = useOfferedCommands();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const chosen = useRef<string | undefined>(undefined);
  const dialog = useRef<HTMLDialogElement>(null);
  const choices: Choice[] = offered
    .filter((command) => command.key !== 'app.commands')
    .map((command) => ({
      key: command.key,
      label: command.label ?? t(`shortcuts.names.${command.shortcut ?? command.key}`),
      keys: command.shortcut ? keysOf(command.shortcut).chords : [],
      ...(command.aliases && { aliases: command.aliases }),
      ...(command.typedOnly && { typedOnly: true }),
    }));
  useEffect(() => {
    registry.setBoxOpen(true);
    return () => registry.setBoxOpen(false);
  }, [registry]);
  const shown = commandsFor(choices, text, registry.recent);
  const current = shown[Math.min(active, shown.length - 1)];
  const optionId = (index: number) => `${id}-option-${index}`;
  const currentId = current && optionId(shown.indexOf(current));
  useInSight(currentId);

  const choose = (key: string) => {
    chosen.current = key;
    dialog.current?.close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (shown.length ? (index + step + shown.length) % shown.length : 0));
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      choose(current.key);
    }
  };

  return (
    <ModalDialog
      dialog={dialog}
      className="command-box"
      title={t('commands.title')}
      onClose={() => {
        const key = chosen.current;
        onClose();
        if (key) registry.runChosen(key);
      }}
    >
      <label htmlFor={`${id}-field`} className="visually-hidden">
        {t('commands.label')}
      </label>
      <input
        id={`${id}-field`}
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-options`}
        aria-autocomplete="list"
        aria-activedescendant={currentId}
        placeholder={t('commands.placeholder')}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={`${id}-options`} role="listbox" aria-label={t('commands.options')}>
        {shown.map((choice, index) => (
          <li
            key={choice.key}
            id={optionId(index)}
            role="option"
            aria-selected={choice === current}
            // Chosen on mouse down: the field keeps the focus.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(choice.key);
            }}
          >
            <span className="command-name">{choice.label}</span>
            {choice.keys.length > 0 && <Keys chords={choice.keys} />}
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="hint" role="status">
          {t('commands.none', { text: text.trim() })}
        </p>
      )}
    </ModalDialog>
  );
}
