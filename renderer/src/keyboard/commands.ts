import { useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { listFormat } from '../i18n/intl';
import type { Command, CommandRegistry } from './registry';
import { useKeyboard } from './keyboard-context';
import {
  chordAria,
  chordsOf,
  chordText,
  shortcutsOf,
  SHORTCUTS,
  type KeyNames,
  type KeyPress,
  type ShortcutId,
} from './shortcuts';

export type { Command, CommandRegistry } from './registry';

/**
 * Offers `key` on the screen while the component is there (and `enabled`): its shortcut (a key of
 * the table) carries out `run`, and so does the command box. `run` may change at each render.
 */
export function useCommand(
  key: string,
  run: () => void,
  {
    scope,
    enabled = true,
    label,
  }: { scope?: RefObject<HTMLElement | null>; enabled?: boolean; label?: string } = {},
) {
  const { registry } = useKeyboard();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!enabled) return;
    const shortcut = key in SHORTCUTS ? (key as ShortcutId) : undefined;
    return registry.add({
      key,
      ...(label !== undefined && { label }),
      ...(shortcut && { shortcut }),
      ...(scope && { scope }),
      run: () => latest.current(),
    });
  }, [registry, key, scope, enabled, label]);
}

/** A command of a list that changes: its key, its name, and what the command box finds it by besides. */
type ListedCommand = Pick<Command, 'key' | 'label' | 'aliases' | 'typedOnly' | 'run'> & { label: string };

/**
 * Offers a list of commands that changes (the saved views, the connections, the customers opened,
 * a table's columns) while the component is there: offered again when their keys or names change;
 * `scope`: the part of the page they act on (of two tables, the one holding the focus).
 */
export function useCommandList(
  commands: readonly ListedCommand[],
  { scope }: { scope?: RefObject<HTMLElement | null> } = {},
) {
  const { registry } = useKeyboard();
  const latest = useRef(commands);
  useEffect(() => {
    latest.current = commands;
  });
  const names = commands
    .map((command) => [command.key, command.label, ...(command.aliases ?? [])].join('\u0000'))
    .join('\u0001');
  useEffect(() => {
    const removals = latest.current.map(({ key, label, aliases, typedOnly }) =>
      registry.add({
        key,
        label,
        ...(aliases && { aliases }),
        ...(typedOnly && { typedOnly }),
        ...(scope && { scope }),
        run: () => latest.current.find((command) => command.key === key)?.run(),
      }),
    );
    return () => removals.forEach((remove) => remove());
    // Offered again when the names change (`names`); what they run is read from `latest`.
  }, [registry, names, scope]);
}

/** Whether the command box is open (what it may find is made ready then). */
export function useCommandBoxOpen(): boolean {
  const { registry } = useKeyboard();
  return useSyncExternalStore(registry.subscribe, () => registry.boxOpen);
}

/** Whether a key event is shortcut `id` on this computer (for keys handled where they act: the grid's). */
export function usePressed(): (event: KeyPress, id: ShortcutId) => boolean {
  const { platform } = useKeyboard();
  return (event, id) => shortcutsOf(event, platform, [id]).length > 0;
}

/** Offers `key` as the keyboard's way into `field`, its text selected to be typed over. */
export function useFieldCommand(
  key: ShortcutId,
  field: RefObject<HTMLInputElement | null>,
  scope?: RefObject<HTMLElement | null>,
) {
  useCommand(
    key,
    () => {
      field.current?.focus();
      field.current?.select();
    },
    { ...(scope && { scope }) },
  );
}

/** The commands the screen offers now (re-rendered when they change). */
export function useOfferedCommands(): Command[] {
  const { registry } = useKeyboard();
  const version = useSyncExternalStore(registry.subscribe, registry.snapshot);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version says when the registry changed
  return useMemo(() => registry.offered(), [registry, version]);
}

/** The registry, for the command box: what it offers, what was chosen recently, and to run one. */
export function useCommandRegistry(): CommandRegistry {
  return useKeyboard().registry;
}

/** How this computer and language write a shortcut's keys: each chord's text, and its `aria-keyshortcuts`. */
export function useKeysOf(): (id: ShortcutId) => { chords: string[]; text: string; aria: string } {
  const { platform } = useKeyboard();
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  // Made once per language: twenty controls of the first screen each ask for their keys.
  return useMemo(() => {
    const names = t('keys', { returnObjects: true }) as KeyNames;
    const list = listFormat(language, { type: 'disjunction' });
    return (id: ShortcutId) => {
      const chords = chordsOf(id, platform);
      const texts = chords.map((chord) => chordText(chord, platform, names));
      return {
        chords: texts,
        text: list.format(texts),
        aria: chords.map((chord) => chordAria(chord, platform)).join(' '),
      };
    };
  }, [t, language, platform]);
}

/**
 * What a control's tooltip and `aria-keyshortcuts` say of shortcut `id` (the hint alone without one):
 * spread on the control.
 */
export function useShortcutHint(
  id: ShortcutId | undefined,
  hint: string,
): { title: string; 'aria-keyshortcuts'?: string } {
  const { t } = useTranslation();
  const keysOf = useKeysOf();
  if (!id) return { title: hint };
  const { text, aria } = keysOf(id);
  return { title: t('keys.hint', { hint, keys: text }), 'aria-keyshortcuts': aria };
}
